"""The whole state of a Cartagena 2 match, secrets included, and its JSON form (lossless).

Only `views.view()` decides what of it a seat may see. `apply()` works on `State.copy()`, so a
state a caller holds never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .board import spaces

ACTIONS, DISCARD, OVER = "actions", "discard", "over"  # phases (the scenario format's names)


@dataclass
class State:
    players: int
    tiles: list  # five face names (or explicit symbol lists, from a scenario), path order
    boat: int  # the island where the boat is docked, 1 or 2 (CG2)
    pirates: list[list[int]]  # per seat, six positions (board.py), kept sorted
    hands: list[list[str]]  # per seat, secret
    deck: list[str]  # the draw pile, top (next drawn) first: secret order
    discard: list[str]  # the discard pile, bottom first: public (CG10)
    turn: int  # the seat whose turn it is (also during a privateer's discards)
    actions_left: int = 3  # CG4
    free_boat: bool = False  # CG8: the captain's free boat move is still available
    phase: str = ACTIONS
    must_discard: list[int] = field(default_factory=list)  # CG9, per seat
    winner: int | None = None  # CG11
    seed: str | None = None  # the match seed (None: a scenario's explicit position)
    reshuffles: int = 0  # CG10: how often the discard pile became the draw pile (public)
    orders: list[list[str]] = field(default_factory=list)  # each reshuffle's order (secret)
    preset: list[list[str]] | None = None  # a scenario's `reshuffles` orders, used in turn
    # What the draw pile was formed from at the last reshuffle (public, None before any), and
    # per seat the cards it drew since (each seat knows its own): resample() keeps to them.
    pool: list[str] | None = None
    drawn: list[list[str]] = field(default_factory=list)
    setup: dict | None = None  # the match as it began (round_setup), secret until the end

    def __post_init__(self) -> None:
        self.spaces = spaces(self.tiles)
        if not self.must_discard:
            self.must_discard = [0] * self.players
        if not self.drawn:
            self.drawn = [[] for _ in range(self.players)]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def copy(self) -> State:
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.pirates = [p[:] for p in self.pirates]
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.must_discard = self.must_discard[:]
        s.orders = self.orders[:]  # each order is never changed once made
        s.drawn = [d[:] for d in self.drawn]
        return s

    def to_dict(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        return _plain(data)

    @classmethod
    def from_dict(cls, data: dict) -> State:
        return cls(**_plain(data))


def _plain(value):
    """A deep copy made of JSON types (tuples become lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
