"""A fast Mau Mau for the Shark's playouts: the rules of MAUMAU.md on small integers, no event
log, no checks (the moves it is given are legal), everyone playing by rules of thumb.

Cards are integers: suit * 13 + rank, suits C, D, H, S = 0..3 and ranks 2..A = 0..12 (MM1).
A game is a `Sim`: the hands, the stock (next card drawn last), the discard pile (top last), the
suit to follow, pending 7s, the direction and the player to move. `copy()` is cheap; `play`,
`draw` and `playout` change it in place. Reshuffles (MM8) use the caller's random source.
"""

from __future__ import annotations

import random

from ..cards import POINTS, RANKS, SUITS

SEVEN, EIGHT, NINE, JACK = (RANKS.index(r) for r in ("7", "8", "9", "J"))
SPECIAL = (SEVEN, EIGHT, NINE, JACK)  # MM1
SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]
PENALTY = [POINTS[RANKS[c % 13]] for c in range(52)]  # MM12
ALL = (1 << 52) - 1
NINE_WORTH = 4.0  # the rules of thumb's 9 at a next player close to going out
UNSEEN_WORTH = 0.25  # and per card unseen of the suit laid


def card_int(name: str) -> int:
    return SUITS.index(name[-1]) * 13 + RANKS.index(name[:-1])


def card_name(c: int) -> str:
    return RANKS[c % 13] + SUITS[c // 13]


def fitting_mask(top: int, follow: int, pending: int) -> int:
    """MM5: the cards (as a bit mask) that may be laid on `top` with `follow` the suit to
    follow and `pending` cards of 7s pending."""
    mask = 0
    for c in range(52):
        if fits(c, top, follow, pending):
            mask |= 1 << c
    return mask


def fits(c: int, top: int, follow: int, pending: int) -> bool:
    r = RANK[c]
    if pending:
        return r == SEVEN  # MM6: only a 7 answers a 7
    if RANK[top] == JACK:
        return r != JACK and SUIT[c] == follow  # MM5: no jack on a jack
    return r == JACK or SUIT[c] == follow or r == RANK[top]


class Sim:
    __slots__ = ("n", "hands", "stock", "pile", "follow", "pending", "direction", "to_move",
                 "places", "for_places", "interject", "over", "seen", "per_suit")  # fmt: skip

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.n = self.n
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.pile = self.pile[:]
        s.follow = self.follow
        s.pending = self.pending
        s.direction = self.direction
        s.to_move = self.to_move
        s.places = self.places[:]
        s.for_places = self.for_places
        s.interject = self.interject
        s.over = self.over
        s.seen = self.seen[:]
        s.per_suit = self.per_suit
        return s

    def next_seat(self, seat: int) -> int:
        """MM4: the next seat in the direction of play still holding cards."""
        n, hands, d = self.n, self.hands, self.direction
        s = seat
        for _ in range(n):
            s = (s + d) % n
            if hands[s]:
                return s
        return seat

    def fitting(self, seat: int) -> list[int]:
        top = self.pile[-1]
        hand = self.hands[seat]
        if self.pending:
            return [c for c in hand if RANK[c] == SEVEN]
        follow = self.follow
        if RANK[top] == JACK:
            return [c for c in hand if SUIT[c] == follow and RANK[c] != JACK]
        tr = RANK[top]
        return [c for c in hand if SUIT[c] == follow or RANK[c] == tr or RANK[c] == JACK]

    def play(self, seat: int, c: int, wish: int | None) -> None:
        """Lay `c` (MM5, MM6; the Mau call always made, MM9); a twin is thrown in at once by the
        next player holding it (MM10)."""
        hand = self.hands[seat]
        hand.remove(c)
        self.pile.append(c)
        self.seen[SUIT[c]] += 1
        if not hand and self._out(seat):
            return
        r = RANK[c]
        self.follow = (SUIT[c] if wish is None else wish) if r == JACK else SUIT[c]
        if r == SEVEN:
            self.pending += 2
        elif r == NINE and sum(1 for h in self.hands if h) + (not hand) >= 3:
            self.direction = -self.direction
        nxt = self.next_seat(seat)
        if r == EIGHT:
            nxt = self.next_seat(nxt)
        self.to_move = nxt
        if self.interject and r not in SPECIAL:
            s = nxt
            for _ in range(self.n):
                h = self.hands[s]
                if h and c in h:
                    h.remove(c)
                    self.pile.append(c)
                    self.seen[SUIT[c]] += 1
                    if not h and self._out(s):
                        return
                    self.to_move = self.next_seat(s)
                    return
                s = (s + self.direction) % self.n

    def _out(self, seat: int) -> bool:
        """MM11: `seat` has gone out; True when the game is over."""
        self.places.append(seat)
        if not self.for_places or sum(1 for h in self.hands if h) <= 1:
            if self.for_places:
                self.places += [s for s in range(self.n) if self.hands[s]]
            self.over = True
            return True
        return False

    def draw(self, seat: int, rng: random.Random) -> None:
        """MM7/MM8: the pending 7s or one card, reshuffling the pile below its top when the
        stock runs out."""
        count = self.pending or 1
        self.pending = 0
        hand, stock = self.hands[seat], self.stock
        for _ in range(count):
            if not stock:
                if len(self.pile) < 2:
                    break
                stock = self.pile[:-1]
                rng.shuffle(stock)
                self.stock = stock
                self.pile = self.pile[-1:]
                self.seen = [0, 0, 0, 0]
                self.seen[SUIT[self.pile[0]]] = 1
            hand.append(stock.pop())
        self.to_move = self.next_seat(seat)

    def step(self, rng: random.Random) -> None:
        """The player to move plays by the rules of thumb (`choose`)."""
        seat = self.to_move
        fit = self.fitting(seat)
        if not fit:
            self.draw(seat, rng)
            return
        c, wish = choose(self, seat, fit)
        self.play(seat, c, wish)

    def result(self, me: int, points: bool) -> float:
        """The game's worth to `me`: 1 for going out first (MM11), with play for places the share
        of the others placed below, with points scoring less the penalty points (MM12); a game
        cut off scores by the hands' sizes."""
        n = self.n
        if not self.over:
            mine = len(self.hands[me])
            return 0.5 * sum(len(h) > mine for h in self.hands) / (n - 1)
        if self.for_places:
            value = (n - 1 - self.places.index(me)) / (n - 1)
        else:
            value = 1.0 if self.places[0] == me else 0.0
        if points:
            value -= sum(PENALTY[c] for c in self.hands[me]) / 50
        return value


def choose(sim: Sim, seat: int, fit: list[int]) -> tuple[int, int | None]:
    """The rules of thumb (those of the Regular and of any club player): a card rather than a
    draw; jacks kept for last; one 7 kept to answer a 7 (MM6); 7s and 8s at a next player close
    to going out, an 8 a move more with two players; else the card that leaves the most of the
    hand able to follow it (same suit or rank); a jack wishes the suit held most of."""
    hand = sim.hands[seat]
    if len(fit) == 1 and RANK[fit[0]] != JACK:
        return fit[0], None
    danger = len(sim.hands[sim.next_seat(seat)]) <= 2
    two = sum(1 for h in sim.hands if h) == 2
    suits, worth = values(hand, fit, danger, two, sim.seen, sim.per_suit)
    best = fit[worth.index(max(worth))]
    return best, (wish_for(suits, SUIT[best]) if RANK[best] == JACK else None)


def values(
    hand: list[int],
    fit: list[int],
    danger: bool,
    two: bool,
    seen: list[int] | None = None,
    per_suit: int = 0,
):
    """The rules of thumb's worth of laying each card of `fit` from `hand` (choose), and the
    hand's count of non-jacks per suit. With `seen` (the pile's cards per suit) and `per_suit`
    (the pack's), a suit the others hold little of is the better (few cards unseen)."""
    suits = [0, 0, 0, 0]
    all_suits = [0, 0, 0, 0]
    ranks = [0] * 13
    sevens = 0
    for c in hand:
        r = RANK[c]
        all_suits[SUIT[c]] += 1
        if r != JACK:
            suits[SUIT[c]] += 1
            ranks[r] += 1
        if r == SEVEN:
            sevens += 1
    worth = []
    for c in fit:
        r = RANK[c]
        if r == JACK:
            value = -10.0 + 4.0 * (len(hand) <= 2)
        else:
            value = 2.0 * (suits[SUIT[c]] + ranks[r] - 2)
            if r == SEVEN:
                value += 5.0 if danger else -1.5 * (sevens == 1)
            elif r == EIGHT:
                value += 5.0 * danger + 2.0 * two
            elif r == NINE and not two:
                value += NINE_WORTH * danger  # MM6: turned away from a player close to out
            if seen is not None:
                s = SUIT[c]
                value -= UNSEEN_WORTH * (per_suit - all_suits[s] - seen[s])
        worth.append(value)
    return suits, worth


def wish_for(suits: list[int], own: int) -> int:
    """MM6: the suit held most of (ties C, D, H, S); the jack's own with no other cards."""
    return max(range(4), key=lambda s: suits[s] - 0.01 * s) if any(suits) else own


def playout(sim: Sim, me: int, rng: random.Random, points: bool, limit: int = 400) -> float:
    """The game played to its end by everyone's rules of thumb; its worth to `me`."""
    for _ in range(limit):
        if sim.over:
            break
        sim.step(rng)
    return sim.result(me, points)
