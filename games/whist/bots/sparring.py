"""The sparring partner: a good club player written from the rules file (WHIST.md) alone, apart
from the levels (it shares no code with club, hoyle and their search; it only reads the engine's
card notation, WH2). It is not offered on the site: it is the tournament's yardstick for Hoyle
(GAMES.md 2, issue 36).

It sees only its own `view()` (WH12) and counts cards from it: every completed trick of the deal
is in the view, so it knows each card played, who showed out of which suit (WH5: a player who
does not follow holds none), which cards are the highest still out (its masters), and where the
turned-up trump lies (WH4). Its rules of thumb, those of the classic whist books:
- leading: the opening lead from the longest suit, top of a sequence, else fourth best (low
  from a short suit with an honour, top of a short weak suit); return the partner's suit; draw
  trumps when strong in them (five, or four with two of the top three) while the opponents may
  hold some; cash masters that no opponent can ruff; give the partner a ruff in a suit he has
  shown out of; never lead into an opponent's void while he may hold trumps;
- second hand low, but cover an honour with an honour;
- third hand high (the lowest of equal cards), unless the partner's card is already the master;
- fourth hand wins as cheaply as it can, or plays low;
- without the suit led: never trump the partner's sure winner; ruff what the opponents would win
  (over-ruff a trump if it can, else keep its trumps); with four or more trumps it does not ruff
  a doubtful trick in second hand; discards the lowest card of its weakest side suit (no masters,
  not the partner's suit, not the guard of an honour; short suits first, to ruff them later).
"""

from __future__ import annotations

import random

from ..cards import DECK, SUITS, rank, suit

HONOUR = rank("JC")  # jack and above are honours for "cover an honour with an honour"


# --- what the seat knows (from the view only) -------------------------------------------------


class Table:
    """The deal as this seat has seen it (WH12): played cards, voids, masters."""

    def __init__(self, view: dict) -> None:
        self.seat = view["seat"]
        self.partner = (self.seat + 2) % 4
        self.trump: str | None = view["trump"]
        self.hand: list[str] = list(view["hand"])
        self.trick: list[dict] = list(view["trick"])
        self.played: set[str] = set()
        self.void: list[set[str]] = [set() for _ in range(4)]
        self.leads: list[tuple[int, str]] = []  # (leader, suit led), trick by trick
        for done in view["played"]:
            self._note(done["cards"])
        if self.trick:
            self._note(self.trick)
        # WH4: the turned-up card lies in the dealer's hand, everyone saw it
        self.known_elsewhere: dict[str, int] = {}
        up = view.get("turned_up")
        if up and view["dealer"] != self.seat:
            self.known_elsewhere[up] = view["dealer"]
        self.out = {c for c in DECK if c not in self.played and c not in self.hand}

    def _note(self, cards: list[dict]) -> None:
        led = suit(cards[0]["card"])
        self.leads.append((cards[0]["seat"], led))
        for p in cards:
            self.played.add(p["card"])
            if suit(p["card"]) != led:
                self.void[p["seat"]].add(led)  # WH5: could not follow

    # counting

    def out_of(self, s: str) -> list[str]:
        """Cards of suit s the other three may still hold."""
        return [c for c in self.out if suit(c) == s]

    def mine(self, s: str) -> list[str]:
        """This seat's cards of suit s, high to low."""
        return sorted((c for c in self.hand if suit(c) == s), key=rank, reverse=True)

    def is_master(self, card: str) -> bool:
        """No card of its suit still out is higher (the rest are played or in this hand)."""
        return all(rank(c) < rank(card) for c in self.out_of(suit(card)))

    def may_hold(self, seat: int, s: str) -> bool:
        """Seat may still hold a card of suit s (not shown out, and some are out)."""
        if seat == self.seat:
            return any(suit(c) == s for c in self.hand)
        if s in self.void[seat]:
            return False
        if any(suit(c) == s and where == seat for c, where in self.known_elsewhere.items()):
            return True  # WH4: the turned-up card is still in the dealer's hand
        return any(suit(c) == s and c not in self.known_elsewhere for c in self.out)

    def is_void(self, seat: int, s: str) -> bool:
        """Seat surely holds no card of suit s: it showed out, or none are out."""
        return not self.may_hold(seat, s)

    def may_ruff(self, seat: int, s: str) -> bool:
        """Seat holds no card of s and may still hold a trump."""
        return (
            self.trump is not None
            and s != self.trump
            and self.is_void(seat, s)
            and self.may_hold(seat, self.trump)
        )

    def opponents(self) -> tuple[int, int]:
        return (self.seat + 1) % 4, (self.seat + 3) % 4

    def partner_suits(self) -> list[str]:
        """The suits the partner led this deal, first led first."""
        seen = []
        for leader, s in self.leads:
            if leader == self.partner and s not in seen:
                seen.append(s)
        return seen

    def equals_below(self, card: str) -> str:
        """The lowest card of this hand equal in play to `card`: every card between them is
        played or also held (third hand high, the lowest of equals)."""
        s = suit(card)
        lowest = card
        for c in self.mine(s):
            if rank(c) >= rank(lowest):
                continue
            gap = [x for x in self.out_of(s) if rank(c) < rank(x) < rank(lowest)]
            if gap:
                break
            lowest = c
        return lowest


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """WH5: `card` beats `best` (the trick's winning card so far, of the led suit or a trump)."""
    if suit(card) == suit(best):
        return rank(card) > rank(best)
    return trump is not None and suit(card) == trump


def winning(trick: list[dict], trump: str | None) -> dict:
    """The entry of the trick that wins so far (WH5)."""
    led = suit(trick[0]["card"])
    best = trick[0]
    for p in trick[1:]:
        if beats(p["card"], best["card"], led, trump):
            best = p
    return best


def low(cards: list[str]) -> str:
    return min(cards, key=rank)


def high(cards: list[str]) -> str:
    return max(cards, key=rank)


# --- choosing ---------------------------------------------------------------------------------


def choose(view: dict, rng: random.Random | None = None) -> str:
    """The card this seat plays (deterministic; `rng` is accepted for the harness and unused)."""
    legal = list(view["legal"])
    if len(legal) == 1:
        return legal[0]
    t = Table(view)
    card = lead(t) if not t.trick else follow(t, legal)
    assert card in legal
    return card


def strong_in_trumps(t: Table) -> bool:
    if t.trump is None:
        return False
    trumps = t.mine(t.trump)
    tops = sum(1 for c in trumps if rank(c) >= rank("Q" + t.trump))
    return len(trumps) >= 5 or (len(trumps) >= 4 and tops >= 2)


def lead_from(t: Table, s: str) -> str:
    """The card to lead from suit s: a master, the top of a sequence, fourth best from four or
    more, low from a short suit with an honour, else the top."""
    cards = t.mine(s)
    if t.is_master(cards[0]):
        return cards[0]
    if len(cards) >= 2:
        second_gap = [x for x in t.out_of(s) if rank(cards[1]) < rank(x) < rank(cards[0])]
        if not second_gap and rank(cards[0]) >= HONOUR:
            return cards[0]  # top of a sequence (KQ, QJ, ...)
    if len(cards) >= 4:
        return cards[3]  # fourth best
    if rank(cards[0]) >= HONOUR:
        return cards[-1]  # low from a short suit headed by an honour
    return cards[0]  # top of a weak short suit


def lead(t: Table) -> str:
    side = [s for s in SUITS if s != t.trump and t.mine(s)]
    trumps = t.mine(t.trump) if t.trump else []
    left, right = t.opponents()
    ruffable = {s for s in side if t.may_ruff(left, s) or t.may_ruff(right, s)}
    opponents_trumps = t.trump is not None and (
        t.may_hold(left, t.trump) or t.may_hold(right, t.trump)
    )

    # draw trumps when strong, while an opponent may still hold one
    if trumps and opponents_trumps and strong_in_trumps(t):
        return lead_from(t, t.trump)

    # return the partner's suit (trumps too: he asks for them)
    for s in t.partner_suits():
        if t.mine(s) and s not in ruffable:
            cards = t.mine(s)
            if t.is_master(cards[0]) or len(cards) <= 2:
                return cards[0]
            return cards[-1]

    # cash a master nobody can ruff
    masters = [c for c in t.hand if suit(c) in side and suit(c) not in ruffable and t.is_master(c)]
    if masters:
        return max(masters, key=lambda c: (len(t.mine(suit(c))), rank(c)))

    # a ruff for the partner (unless we hold the trumps and should keep them)
    if t.trump and not strong_in_trumps(t):
        for s in side:
            if t.may_ruff(t.partner, s) and s not in ruffable:
                return low(t.mine(s))

    # the longest safe side suit (the opening lead too); trumps only if nothing else
    safe = [s for s in side if s not in ruffable] or side
    if safe:
        s = max(safe, key=lambda s: (len(t.mine(s)), sum(rank(c) for c in t.mine(s))))
        return lead_from(t, s)
    return lead_from(t, t.trump) if trumps else low(t.hand)


def follow(t: Table, legal: list[str]) -> str:
    led = suit(t.trick[0]["card"])
    best = winning(t.trick, t.trump)
    position = len(t.trick) + 1  # 2nd, 3rd or 4th hand
    partner_wins = best["seat"] == t.partner
    can_follow = suit(legal[0]) == led

    if can_follow:
        beating = [c for c in legal if beats(c, best["card"], led, t.trump)]
        if partner_wins and partner_safe(t, best["card"], led):
            return low(legal)
        if position == 2:
            top = best["card"]
            if rank(top) >= HONOUR and beating:
                cover = low(beating)
                if rank(cover) >= HONOUR:
                    return cover  # cover an honour with an honour
            # the master, if the fourth hand can only ruff it anyway, is no use kept
            return low(legal)
        if position == 3:
            if not beating or t.may_ruff((t.seat + 1) % 4, led):
                return low(legal)  # nothing to win with, or the fourth hand would ruff it
            card = t.equals_below(high(beating))  # third hand high, the lowest of equals
            if partner_wins:
                # over the partner's card only if the fourth hand may hold a card between
                # them, which would beat his card but not ours
                between = [c for c in t.out_of(led) if rank(best["card"]) < rank(c) < rank(card)]
                if not between:
                    return low(legal)
            return card
        # fourth hand
        return low(beating) if beating and not partner_wins else low(legal)

    # cannot follow suit
    trumps = [c for c in legal if t.trump is not None and suit(c) == t.trump]
    if not trumps:
        return discard(t, legal)
    if partner_wins and partner_safe(t, best["card"], led):
        return discard(t, legal)
    over = [c for c in trumps if beats(c, best["card"], led, t.trump)]
    if not over:
        return discard(t, legal)  # cannot over-ruff: keep the trumps
    if position == 2 and len(t.mine(t.trump)) >= 4 and not t.is_master(best["card"]):
        partner_can = t.may_hold(t.partner, led) or t.may_ruff(t.partner, led)
        if partner_can and rank(best["card"]) < HONOUR:
            return discard(t, legal)  # strong trumps do not ruff a doubtful trick
    return low(over)  # ruff (or over-ruff) as cheaply as wins


def partner_safe(t: Table, card: str, led: str) -> bool:
    """The partner's card wins the trick whatever the seats after this one hold."""
    after = [(t.seat + i) % 4 for i in range(1, 4 - len(t.trick))]
    for seat in after:
        if suit(card) == led:
            higher = [c for c in t.out_of(led) if rank(c) > rank(card)]
            if t.may_hold(seat, led) and higher:
                return False
            if t.may_ruff(seat, led):
                return False
        else:  # partner ruffed: only a higher trump beats it, from a seat void in the led suit
            higher = [c for c in t.out_of(suit(card)) if rank(c) > rank(card)]
            if higher and t.is_void(seat, led) and t.may_hold(seat, suit(card)):
                return False
    return True


def discard(t: Table, legal: list[str]) -> str:
    """The lowest card of the weakest side suit: no masters, not the partner's suit, not the
    guard of an honour, short suits first; trumps only when nothing else is left."""
    partner = set(t.partner_suits())
    options = [s for s in SUITS if s != t.trump and any(suit(c) == s for c in legal)]
    if not options:
        return low(legal)

    def cost(s: str) -> tuple:
        cards = t.mine(s)
        bottom = cards[-1]
        masters = sum(1 for c in cards if t.is_master(c))
        guard = len(cards) == 2 and rank(cards[0]) >= HONOUR and not t.is_master(cards[0])
        all_winners = masters == len(cards)
        return (all_winners, s in partner, guard, masters, len(cards), rank(bottom))

    return t.mine(min(options, key=cost))[-1]
