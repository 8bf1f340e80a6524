"""A sparring partner for the tournament, written apart from the bots (it imports none of them)
from the rules file alone: the classic rules of thumb of a club player, with card counting.

Unlike the site's bots it keeps a memory: the tournament shows it the table after every action
(`observe`), as a player at a real table sees every card fall, so it counts the cards played,
who showed out of what, and who played a queen of clubs. Rules of thumb:
- reservations: a wedding with both queens of clubs; a queens or jacks solo with five of the
  eight and two fehl aces; else healthy. Calls: Re/Kontra with both Dullen or both old queens
  and seven trumps.
- leading: the soloist pulls trumps while the others may hold any; everyone else cashes a fehl
  ace in a suit not led before; Re leads a high trump, Kontra a short fehl suit.
- following: a sure winner (no higher card unseen) takes a trick worth points; second hand
  low; the last hand wins as cheaply as it can; points go on a partner's sure trick; a fox is
  never thrown to a player who may be an opponent.
"""

from __future__ import annotations

from collections import Counter

from ..cards import pack, points
from ..trumps import card_class, is_trump, strengths, winning_index


class Sparring:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.round = None
        self.played: Counter = Counter()
        self.void: list[set[str]] = [set() for _ in range(4)]
        self.old_queens: set[int] = set()
        self.led_suits: set[str] = set()
        self.seen_tricks = 0
        self.trick_len = 0

    # --- memory ---------------------------------------------------------------------------------

    def observe(self, view: dict) -> None:
        if view["round"] != self.round:
            self.__init__(self.seat)
            self.round = view["round"]
        kind = view["solo"] or "diamonds"
        if view["tricks_played"] > self.seen_tricks and view["last_trick"]:
            self._note(view["last_trick"]["cards"], kind, self.trick_len)
            self.seen_tricks, self.trick_len = view["tricks_played"], 0
        current = view["trick"]
        if len(current) > self.trick_len:
            self._note(current, kind, self.trick_len)
            self.trick_len = len(current)

    def _note(self, cards: list[dict], kind: str, already: int) -> None:
        led = card_class(cards[0]["card"], kind)
        if already == 0:
            self.led_suits.add(led)
        for played in cards[already:]:
            self.played[played["card"]] += 1
            if card_class(played["card"], kind) != led:
                self.void[played["seat"]].add(led)
            if played["card"] == "QC":
                self.old_queens.add(played["seat"])

    # --- decisions ------------------------------------------------------------------------------

    def choose(self, view: dict) -> dict:
        """Its turn: a call first if it makes one, then its reservation or card."""
        call = self.optional(view)
        if call:
            return call
        seat, legal = view["seat"], view["legal"]
        if legal["reservations"]:
            return {"seat": seat, "action": "reserve", "reservation": self._reserve(view)}
        return {"seat": seat, "action": "play", "card": self._card(view)}

    def optional(self, view: dict) -> dict | None:
        self.observe(view)
        calls, party, hand = view["legal"]["calls"], view["party"], view["hand"]
        if party not in calls or view["levels"][party]:
            return None
        kind = view["solo"] or "diamonds"
        trumps = [c for c in hand if is_trump(c, kind)]
        top = max(hand.count("10H"), hand.count("QC"))
        if len(trumps) >= 7 and top == 2:
            return {"seat": self.seat, "action": "announce", "call": party}
        return None

    def _reserve(self, view: dict) -> str:
        hand, choices = view["hand"], view["legal"]["reservations"]
        if "wedding" in choices:
            return "wedding"
        aces = sum(c[:-1] == "A" for c in hand)
        for solo, rank in (("queens", "Q"), ("jacks", "J")):
            if solo in choices and sum(c[:-1] == rank for c in hand) >= 5 and aces >= 2:
                return solo
        if "healthy" in choices:
            return "healthy"
        return max(("queens", "jacks", "diamonds"), key=lambda s: sum(
            is_trump(c, s) for c in hand))  # fmt: skip

    def _partner(self, view: dict, other: int) -> bool | None:
        """Whether `other` is in this seat's party (None: unknown)."""
        mine = view["party"]
        if mine is None:
            return None
        for call in view["calls"]:
            if call["seat"] == other:
                return call["party"] == mine
        contract = view["contract"]
        if contract in ("solo", "silent_wedding", "wedding_solo"):
            return mine == "kontra" and other != view["declarer"]
        if contract == "wedding":
            if view["wedding_partner"] is None:
                return None if other != view["declarer"] else mine == "re"
            return (other in (view["declarer"], view["wedding_partner"])) == (mine == "re")
        if other in self.old_queens:
            return mine == "re"
        return None

    def _unseen(self, view: dict) -> Counter:
        return Counter(pack(view["options"]["nines"])) - self.played - Counter(view["hand"])

    def _sure(self, card: str, view: dict, kind: str) -> bool:
        """No unseen card of its class is higher (counting); a fehl card also needs nobody
        known to be void in its suit (he could trump it)."""
        table = strengths(kind)
        cls = card_class(card, kind)
        higher = [
            c for c in self._unseen(view) if card_class(c, kind) == cls and table[c] > table[card]
        ]
        if cls == "T":
            return not higher
        return not higher and not any(cls in self.void[s] for s in range(4) if s != self.seat)

    def _card(self, view: dict) -> str:
        kind = view["solo"] or "diamonds"
        table = strengths(kind)
        legal = sorted(set(view["legal"]["cards"]), key=lambda c: (points(c), table[c]))
        if len(legal) == 1:
            return legal[0]
        trick = view["trick"]
        unseen = self._unseen(view)
        soloist = view["party"] == "re" and view["contract"] in (
            "solo", "silent_wedding", "wedding_solo")  # fmt: skip
        if not trick:
            trumps = [c for c in legal if is_trump(c, kind)]
            out = sum(n for c, n in unseen.items() if is_trump(c, kind))
            if soloist and trumps and out:
                return max(trumps, key=table.__getitem__)
            for c in legal:
                fresh = card_class(c, kind) not in self.led_suits
                if c[:-1] == "A" and not is_trump(c, kind) and fresh:
                    return c
            if view["party"] == "re" and trumps and not soloist:
                return max(trumps, key=table.__getitem__) if len(trumps) >= 5 else trumps[0]
            fehl = [c for c in legal if not is_trump(c, kind)]
            if fehl:
                counts = Counter(c[-1] for c in view["hand"] if not is_trump(c, kind))
                return min(fehl, key=lambda c: (counts[c[-1]], points(c)))
            return legal[0]
        cards = [t["card"] for t in trick]
        best = winning_index(cards, kind)
        winner = trick[best]["seat"]
        top = table[cards[best]]
        led = card_class(cards[0], kind)
        worth = sum(points(c) for c in cards)
        last = len(cards) == 3
        wins = [c for c in legal if card_class(c, kind) in ("T", led) and table[c] > top]
        friend = self._partner(view, winner)
        if friend and (last or self._sure(cards[best], view, kind)):
            giving = [c for c in legal if not (is_trump(c, kind) and table[c] > table["JD"])]
            return max(giving or legal, key=lambda c: (points(c), -table[c]))
        if wins and not friend:
            if last:
                return wins[0] if worth >= 4 or friend is False else legal[0]
            sure = [c for c in wins if self._sure(c, view, kind)]
            if sure and worth >= 10:
                return min(sure, key=table.__getitem__)
        safe = [c for c in legal if c != "AD" or friend]
        return (safe or legal)[0]


__all__ = ["Sparring"]
