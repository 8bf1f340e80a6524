"""A game of Halma-Dame in progress, small and immutable, and its lossless JSON form.

The board is a 32-character string (rules.py). States are never changed after they are built, so
`apply` returns new ones; the legal moves are worked out once per state and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.checkerboard import SQUARES, parse_square

from .rules import EMPTY, STONE, Path, in_target, legal_moves

STANDARD_BOARD = "b" * 8 + EMPTY * 16 + "w" * 8  # HD2: Black on ranks 1-2, White on 7-8


def board_to_dict(board: str) -> dict[str, str]:
    return {SQUARES[sq]: cell for sq, cell in enumerate(board) if cell != EMPTY}


def board_from_dict(stones: dict[str, str]) -> str:
    cells = [EMPTY] * 32
    for name, stone in stones.items():
        cells[parse_square(name)] = stone
    return "".join(cells)


@dataclass(frozen=True, slots=True)
class HalmaState:
    board: str
    to_move: int  # the seat to move (after any automatic pass); once over, the seat that would
    plies: int = 0  # moves played (passes and resigning are not moves), a setup's included
    passes: tuple[int, int] = (0, 0)  # automatic passes per seat (HD5) since the start
    last_move: str | None = None  # HD1 notation
    last_seat: int | None = None  # who played it (with passes, not always the other seat)
    passed: int | None = None  # the seat that passed automatically after the last move (HD5)
    result: str | None = None  # None while the game runs, "win" or "draw"
    end_reason: str | None = None  # "home", "stuck", "resigned"
    winners: tuple[int, ...] = ()  # the winning seat, or both after a draw
    start: dict | None = None  # the setup when the game did not begin at the standard start
    _moves: list[Path] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.result is not None

    def moves(self) -> list[Path]:
        """The legal moves of the seat to move (whether or not the game is over)."""
        if self._moves is None:
            object.__setattr__(self, "_moves", legal_moves(self.board, self.to_move))
        return self._moves

    def in_target(self) -> list[int]:
        return [in_target(self.board, seat) for seat in (0, 1)]

    def to_dict(self) -> dict:
        return {
            "board": self.board,
            "to_move": self.to_move,
            "plies": self.plies,
            "passes": list(self.passes),
            "last_move": self.last_move,
            "last_seat": self.last_seat,
            "passed": self.passed,
            "result": self.result,
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, d: dict) -> HalmaState:
        board = d["board"]
        if not isinstance(board, str) or len(board) != 32 or set(board) - {EMPTY, *STONE}:
            raise ValueError("a Halma-Dame board is 32 characters of . b w")
        return cls(
            board=board,
            to_move=d["to_move"],
            plies=d["plies"],
            passes=tuple(d["passes"]),
            last_move=d["last_move"],
            last_seat=d["last_seat"],
            passed=d["passed"],
            result=d["result"],
            end_reason=d["end_reason"],
            winners=tuple(d["winners"]),
            start=d.get("start"),
        )
