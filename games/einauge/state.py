"""The whole state of a game of Einauge sei wachsam!, secrets included, and its JSON form.

Only `view()` decides what of it a seat may see (EA13: everything but the draw pile's order).
`apply()` works on `State.copy()`, so a state a caller holds never changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

# Stages of the game (EA11): normal turns; the first ship is up and the round is played out;
# the final round; over (scored, EA12).
NORMAL, ENDING, FINAL, OVER = "normal", "ending", "final", "over"
STAGES = (NORMAL, ENDING, FINAL, OVER)
# Phases of a turn (EA3) a seat acts in; "final" is a turn of the final round (EA11).
BUY, FIGHT, TABLE = "buy", "fight", "table"


@dataclass
class Player:
    ducats: int = 20  # EA2: 2 sabres, 1 jewel, 20 ducats
    sabres: int = 2
    jewels: int = 1
    rows: dict[str, list[str]] = field(default_factory=dict)  # colour -> cards (EA5)
    loose_ships: list[str] = field(default_factory=list)  # ships laid alone (EA10)

    def copy(self) -> Player:
        return Player(
            self.ducats,
            self.sabres,
            self.jewels,
            {c: row[:] for c, row in self.rows.items()},
            self.loose_ships[:],
        )

    def cards(self) -> list[str]:
        return [c for row in self.rows.values() for c in row] + self.loose_ships

    def wealth(self) -> int:
        """EA4: the ducats a player could raise by selling everything (EA6)."""
        return self.ducats + 3 * self.jewels + 5 * len(self.cards())


@dataclass
class State:
    players: list[Player]
    colours: list[str]  # the colours in play (EA2), EA1 order
    start_player: int
    turn: int | None  # the seat on turn; None once over
    stage: str
    phase: str  # BUY, FIGHT, TABLE, "final" or "over"
    display: list[str]  # EA2: face up, unordered
    table: list[str]  # One-Eye's pirate table, at most 6 (EA2 Decided: places mean nothing)
    deck: list[str]  # the draw pile, top first: islands above, ships below (the secret)
    options: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)  # the starting position, scenario format
    took: bool = False  # EA11: the seat on turn took its one card of the final round
    result: dict | None = None  # EA12, once over

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def copy(self) -> State:
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.players = [p.copy() for p in self.players]
        s.display = self.display[:]
        s.table = self.table[:]
        s.deck = self.deck[:]
        return s  # colours, options, setup and result are never changed in place

    def to_dict(self) -> dict:
        data = {**self.__dict__, "players": [p.__dict__ for p in self.players]}
        return json.loads(json.dumps(data))  # a deep copy, and plain JSON

    @classmethod
    def from_dict(cls, data: dict) -> State:
        data = json.loads(json.dumps(data))  # shares nothing with the caller's dict
        data["players"] = [Player(**p) for p in data["players"]]
        return cls(**data)
