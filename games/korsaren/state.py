"""The whole state of a match, secrets included, and its lossless JSON form.

Only `view()` decides what of it a seat may see. States are never changed in place: `apply()`
works on a copy (`MatchState.copy()`), so any state a caller holds stays valid.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields

from .cards import colour
from .laydown import Laydown

# Round phases. "scored" and "annulled" end a round; the next dealer's Deal starts the next.
DRAW, DISCARD, ATTACH, SCORED, ANNULLED = "draw", "discard", "attach", "scored", "annulled"


@dataclass
class Round:
    number: int  # 1-based count of rounds dealt in the match, annulled ones included
    dealer: int
    is_last: bool  # R8: total penalty cards were >= 35 when this round was dealt
    hands: list[list[str]]
    pier: list[str]  # first (takeable) card first
    discard: list[str]  # bottom first, top (takeable) last
    stock: list[str]  # top (next drawn) first
    phase: str = DRAW
    to_move: int | None = None
    drawn: str | None = None  # the card drawn this turn
    must_sail: bool = False  # R4: the last stock card was drawn this turn
    closer: int | None = None
    laydowns: list[Laydown | None] = field(default_factory=list)  # per seat, once laid down
    result: dict | None = None  # once scored (see engine._score)
    log: list[dict] = field(default_factory=list)  # this round's actions, with private details

    @property
    def pier_colour(self) -> str | None:
        return colour(self.pier[0]) if self.pier else None

    def copy(self) -> Round:
        r = Round.__new__(Round)
        r.__dict__.update(self.__dict__)
        r.hands = [h[:] for h in self.hands]
        r.pier = self.pier[:]
        r.discard = self.discard[:]
        r.stock = self.stock[:]
        r.laydowns = self.laydowns[:]
        r.log = self.log[:]
        return r


@dataclass
class MatchState:
    players: int
    seed: str | None  # None for a state built from an explicit deal (a scenario)
    round: Round
    penalty_cards: list[list[str]]  # per seat, taken in this match (R7); out of the deck (R8)
    prior_penalties: list[int]  # per seat, held before this state began (scenarios only)
    excluded: list[str]  # cards out of play before this state began (scenarios only)
    match_over: bool = False
    winners: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)  # final rank per seat, 1 = first

    def penalties(self) -> list[int]:
        """Penalty cards held per seat (R7: cards are counted, whatever their values)."""
        held = zip(self.prior_penalties, self.penalty_cards, strict=True)
        return [prior + len(cards) for prior, cards in held]

    def copy(self) -> MatchState:
        s = MatchState.__new__(MatchState)
        s.__dict__.update(self.__dict__)
        s.round = self.round.copy()
        s.penalty_cards = [p[:] for p in self.penalty_cards]
        s.winners = self.winners[:]
        s.ranking = self.ranking[:]
        return s

    def to_dict(self) -> dict:
        d = {f.name: _copy(getattr(self, f.name)) for f in fields(self)}
        d["round"]["laydowns"] = [ld.to_dict() if ld else None for ld in self.round.laydowns]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> MatchState:
        r = dict(d["round"])
        r["laydowns"] = [Laydown.from_dict(ld) if ld else None for ld in r["laydowns"]]
        return cls(**{**d, "round": Round(**r)})


def _copy(value):
    """A deep copy of JSON-like data and of the round (dataclasses.asdict, but without deep-copying
    every card's string: every move stores its state, and asdict took 6x longer)."""
    if isinstance(value, Round):
        return {f.name: _copy(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def to_json(state: MatchState) -> str:
    return json.dumps(state.to_dict(), separators=(",", ":"))


def from_json(text: str) -> MatchState:
    return MatchState.from_dict(json.loads(text))
