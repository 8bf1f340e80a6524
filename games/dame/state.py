"""A game of Dame in progress, small and immutable, and its lossless JSON form.

The board is a 32-character string (rules.py); a position (DA6: the pieces on their squares and
the player to move) is the board plus "0" or "1", 33 characters. Only positions since the last
man move or capture can ever recur (men never step back, captures never undo), so the repetition
history keeps just those: at most 40 keys, because the 40th king move in a row ends the game.
States are never changed after they are built, so copying one is free and `apply` returns new
ones; the legal moves are worked out once per state and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.checkerboard import SQUARES, parse_square

from .rules import Move, legal_moves

STANDARD_BOARD = "w" * 12 + "." * 8 + "b" * 12  # DA2: ranks 1-3 White, 6-8 Black


def position_key(board: str, to_move: int) -> str:
    return board + "01"[to_move]


def board_to_dict(board: str) -> dict[str, str]:
    return {SQUARES[sq]: piece for sq, piece in enumerate(board) if piece != "."}


def board_from_dict(pieces: dict[str, str]) -> str:
    cells = ["."] * 32
    for name, piece in pieces.items():
        cells[parse_square(name)] = piece
    return "".join(cells)


@dataclass(frozen=True, slots=True)
class DameState:
    board: str
    to_move: int  # the seat to move; once the game is over, the seat that would have moved
    plies: int = 0  # moves played (DA2), those before a scenario's setup included
    king_plies: int = 0  # non-capturing king moves in a row (DA6), 0..40
    history: tuple[str, ...] = ()  # positions since the last man move or capture, current last
    last_move: str | None = None  # DA1 notation
    last_captured: tuple[int, ...] = ()
    result: str | None = None  # None while the game runs, "win" or "draw"
    end_reason: str | None = None  # "no_move", "resigned", "repetition", "king_moves"
    winners: tuple[int, ...] = ()  # the winning seat, or both after a draw
    start: dict | None = None  # the setup when the game did not begin at the standard start
    _moves: list[Move] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def key(self) -> str:
        return position_key(self.board, self.to_move)

    @property
    def repetitions(self) -> int:
        """How often the current position has occurred, this time included (DA6)."""
        return self.history.count(self.key)

    def moves(self) -> list[Move]:
        """The legal moves of the seat to move (whether or not the game is over)."""
        if self._moves is None:
            object.__setattr__(self, "_moves", legal_moves(self.board, self.to_move))
        return self._moves

    def to_dict(self) -> dict:
        return {
            "board": self.board,
            "to_move": self.to_move,
            "plies": self.plies,
            "king_plies": self.king_plies,
            "history": list(self.history),
            "last_move": self.last_move,
            "last_captured": [SQUARES[sq] for sq in self.last_captured],
            "result": self.result,
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, d: dict) -> DameState:
        board = d["board"]
        if not isinstance(board, str) or len(board) != 32 or set(board) - set(".wWbB"):
            raise ValueError("a Dame board is 32 characters of . w W b B")
        return cls(
            board=board,
            to_move=d["to_move"],
            plies=d["plies"],
            king_plies=d["king_plies"],
            history=tuple(d["history"]),
            last_move=d["last_move"],
            last_captured=tuple(parse_square(sq) for sq in d["last_captured"]),
            result=d["result"],
            end_reason=d["end_reason"],
            winners=tuple(d["winners"]),
            start=d.get("start"),
        )
