"""A game of Wolf und Schafe in progress, small and immutable, and its lossless JSON form.

The sheep are a bit mask over the dark squares, the wolf a square number or None until its
player has placed it (WS2); rules.py works on exactly these.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.checkerboard import SQUARES, parse_square

from .rules import PIECE, SHEEP, WOLF, Move, moves, squares_of


def board_dict(sheep: int, wolf: int | None) -> dict[str, str]:
    """Every occupied square: {"a1": "s", ..., "d8": "w"} (WS1)."""
    board = {SQUARES[sq]: PIECE[SHEEP] for sq in squares_of(sheep)}
    if wolf is not None:
        board[SQUARES[wolf]] = PIECE[WOLF]
    return board


@dataclass(frozen=True, slots=True)
class WolfState:
    sheep: int  # bit i: a sheep on dark square i
    wolf: int | None  # None until placed (WS2)
    to_move: int  # the seat to move once the wolf stands (0 while it is to be placed, WS2)
    plies: int = 0  # moves played (placement and resigning are not moves), setup's included
    last_move: str | None = None  # "c1-d2", or the placement's square "d8"
    result: str | None = None  # None while the game runs, then "win" (WS4: no draws)
    end_reason: str | None = None  # "escaped", "blocked", "resigned"
    winners: tuple[int, ...] = ()
    start: dict | None = None  # the setup when the game did not begin at the standard start

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def placing(self) -> bool:
        """The wolf's player is to place it (WS2)."""
        return self.wolf is None and not self.over

    @property
    def phase(self) -> str:
        return "over" if self.over else "place" if self.wolf is None else "move"

    def moves(self) -> list[Move]:
        """The legal moves of the seat to move; none before the placement or once over."""
        if self.over or self.wolf is None:
            return []
        return moves(self.sheep, self.wolf, self.to_move)

    def to_dict(self) -> dict:
        return {
            "sheep": [SQUARES[sq] for sq in squares_of(self.sheep)],
            "wolf": None if self.wolf is None else SQUARES[self.wolf],
            "to_move": self.to_move,
            "plies": self.plies,
            "last_move": self.last_move,
            "result": self.result,
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, d: dict) -> WolfState:
        sheep = 0
        for name in d["sheep"]:
            sheep |= 1 << parse_square(name)
        return cls(
            sheep=sheep,
            wolf=None if d["wolf"] is None else parse_square(d["wolf"]),
            to_move=d["to_move"],
            plies=d["plies"],
            last_move=d["last_move"],
            result=d["result"],
            end_reason=d["end_reason"],
            winners=tuple(d["winners"]),
            start=d.get("start"),
        )
