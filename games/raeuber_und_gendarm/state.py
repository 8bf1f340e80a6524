"""A game of Räuber und Gendarm in progress, small and immutable, and its lossless JSON form.

The board is a 32-character string (rules.py); a position (RG5: the stones on their squares and
the player to move) is the board plus "0" or "1", 33 characters. Stones move in every direction,
so any earlier position can recur: the history keeps every position since the start (at most
2 x 1000 moves, RG5). States are never changed after they are built, so `apply` returns new
ones; the legal moves are worked out once per state and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.checkerboard import SQUARES, parse_square

from .rules import EMPTY, STONE, Path, at_home, legal_moves

STANDARD_BOARD = "b" * 12 + EMPTY * 8 + "w" * 12  # RG2: Black on ranks 1-3, White on 6-8
DEFAULT_MOVE_LIMIT = 200  # RG5: moves per player


def position_key(board: str, to_move: int) -> str:
    return board + "01"[to_move]


def board_to_dict(board: str) -> dict[str, str]:
    return {SQUARES[sq]: cell for sq, cell in enumerate(board) if cell != EMPTY}


def board_from_dict(stones: dict[str, str]) -> str:
    cells = [EMPTY] * 32
    for name, stone in stones.items():
        cells[parse_square(name)] = stone
    return "".join(cells)


@dataclass(frozen=True, slots=True)
class RaeuberState:
    board: str
    to_move: int  # the seat to move; once the game is over, the seat that would have moved
    move_limit: int = DEFAULT_MOVE_LIMIT  # RG5's table option: moves per player
    plies: int = 0  # moves played (resigning is not a move), a setup's included
    history: tuple[str, ...] = ()  # every position since the start, the current one last
    last_move: str | None = None  # RG1 notation, played by the other seat than to_move
    result: str | None = None  # None while the game runs, "win" or "draw"
    end_reason: str | None = None  # "home", "blocked", "repetition", "move_limit", "resigned"
    winners: tuple[int, ...] = ()  # the winning seat, or both after a draw
    start: dict | None = None  # the setup when the game did not begin at the standard start
    _moves: list[Path] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def key(self) -> str:
        return position_key(self.board, self.to_move)

    @property
    def repetitions(self) -> int:
        """How often the current position has occurred, this time included (RG5)."""
        return self.history.count(self.key)

    @property
    def moves_left(self) -> int:
        """Moves (both players together) before the move limit draws the game (RG5)."""
        return max(0, 2 * self.move_limit - self.plies)

    def moves(self) -> list[Path]:
        """The legal moves of the seat to move (whether or not the game is over)."""
        if self._moves is None:
            object.__setattr__(self, "_moves", legal_moves(self.board, self.to_move))
        return self._moves

    def at_home(self) -> list[int]:
        return [at_home(self.board, seat) for seat in (0, 1)]

    def to_dict(self) -> dict:
        return {
            "board": self.board,
            "to_move": self.to_move,
            "move_limit": self.move_limit,
            "plies": self.plies,
            "history": list(self.history),
            "last_move": self.last_move,
            "result": self.result,
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, d: dict) -> RaeuberState:
        board = d["board"]
        if not isinstance(board, str) or len(board) != 32 or set(board) - {EMPTY, *STONE}:
            raise ValueError("a Räuber und Gendarm board is 32 characters of . b w")
        return cls(
            board=board,
            to_move=d["to_move"],
            move_limit=d["move_limit"],
            plies=d["plies"],
            history=tuple(d["history"]),
            last_move=d["last_move"],
            result=d["result"],
            end_reason=d["end_reason"],
            winners=tuple(d["winners"]),
            start=d.get("start"),
        )
