"""The whole state of a Doppelkopf match, secrets included, and its JSON form.

Only `views.view()` decides what of it a seat may see. States are never changed in place:
`engine.apply()` works on `Match.copy()`, so any state a caller holds stays valid.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

# Deal phases (the scenario format's names): the reservations of DK5, a forced solo being named
# (DK6), the tricks (DK9), the deal scored (DK14).
RESERVATIONS, FORCED_SOLO, PLAY, FINISHED = "reservations", "forced_solo", "play", "finished"
PARTIES = ("re", "kontra")


def other(party: str) -> str:
    return "kontra" if party == "re" else "re"


@dataclass
class Deal:
    round: int  # 1-based count of deals dealt in this match (Status.round)
    dealer: int
    dealt: list[list[str]]  # per seat, the hand as dealt
    hands: list[list[str]]  # per seat, the cards still held
    phase: str = RESERVATIONS
    forced: bool = False  # DK6: a forced solo (no reservation round)
    reservations: list[str | None] = field(default_factory=lambda: [None] * 4)
    contract: str | None = None  # normal | wedding | silent_wedding | solo | wedding_solo
    solo: str | None = None  # DK7.4's kind; "diamonds" for a silent wedding and a wedding solo
    declarer: int | None = None  # soloist or bridegroom
    compulsory: bool = False  # DK6: this deal is a compulsory solo
    parties: list[str | None] = field(default_factory=lambda: [None] * 4)
    wedding_partner: int | None = None
    clarification_trick: int | None = None  # DK7.2: 1, 2 or 3
    levels: dict = field(default_factory=lambda: {"re": 0, "kontra": 0})  # DK10.1
    late_reply: dict = field(default_factory=lambda: {"re": False, "kontra": False})  # DK10.7
    calls: list[dict] = field(default_factory=list)  # {"seat", "call", "party"} in order
    leader: int = 0  # who leads (led) the current trick; after the last trick its winner
    trick: list[str] = field(default_factory=list)
    played: list[dict] = field(default_factory=list)  # completed tricks: leader, cards, winner
    result: dict | None = None  # once scored (scoring.score_deal)
    before: dict = field(default_factory=dict)  # the match as this deal was dealt

    @property
    def vorhand(self) -> int:
        return (self.dealer + 1) % 4  # DK1

    @property
    def to_move(self) -> int | None:
        """The seat whose reservation or card is awaited (None once finished)."""
        if self.phase == RESERVATIONS:
            return (self.vorhand + sum(r is not None for r in self.reservations)) % 4
        if self.phase == FORCED_SOLO:
            return self.declarer
        if self.phase == PLAY:
            return (self.leader + len(self.trick)) % 4
        return None

    @property
    def order_kind(self) -> str:
        """The trump order in force (trumps.ORDER_KINDS): the normal trumps unless a solo."""
        return self.solo or "diamonds"

    def cards_played(self, seat: int) -> int:
        return len(self.dealt[seat]) - len(self.hands[seat])

    @property
    def wedding_shift(self) -> int:
        """DK10.6: s = k - 1 in a wedding whose clarification trick is k, else 0."""
        if self.contract in ("wedding", "wedding_solo") and self.clarification_trick:
            return self.clarification_trick - 1
        return 0

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.__dict__.update(self.__dict__)
        d.dealt = [h[:] for h in self.dealt]
        d.hands = [h[:] for h in self.hands]
        d.reservations = self.reservations[:]
        d.parties = self.parties[:]
        d.levels = dict(self.levels)
        d.late_reply = dict(self.late_reply)
        d.calls = self.calls[:]
        d.trick = self.trick[:]
        d.played = self.played[:]  # completed tricks are never changed
        return d


@dataclass
class Match:
    options: dict  # nines, deals, compulsory_solo (DK16)
    seed: str | None  # None for a match built from an explicit deal (a scenario)
    deal: Deal
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # DK3: the running sums
    deals_played: int = 0  # counting deals scored (DK3)
    compulsory_owed: list[bool] = field(default_factory=lambda: [False] * 4)  # DK6
    sheet: list[dict] = field(default_factory=list)  # one line per scored deal

    @property
    def over(self) -> bool:
        return self.deals_played >= self.options["deals"]

    def copy(self) -> Match:
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.deal = self.deal.copy()
        m.scores = self.scores[:]
        m.compulsory_owed = self.compulsory_owed[:]
        m.sheet = self.sheet[:]
        return m

    def to_dict(self) -> dict:
        data = {**self.__dict__, "deal": self.deal.__dict__}
        return json.loads(json.dumps(data))  # a deep copy, and plain JSON

    @classmethod
    def from_dict(cls, data: dict) -> Match:
        data = json.loads(json.dumps(data))  # the state shares nothing with the caller's dict
        data["deal"] = Deal(**data["deal"])
        return cls(**data)
