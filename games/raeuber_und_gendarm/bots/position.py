"""The master's board, built from view() alone, that the search (games.core.alphabeta) changes
and restores in place: the stones, the side to move, a Zobrist hash, the stones at home, the
moves played and how often each position has occurred, so that RG4's and RG5's ends are exact
in the search: home, blocked, threefold repetition, the move limit, in that order.
"""

from __future__ import annotations

import hashlib

from games.core.alphabeta import WIN
from games.core.checkerboard import INDEX

from ..rules import EMPTY, HOME, STONE, STONES_PER_SIDE, can_move, legal_moves
from .evaluation import evaluate

REPETITIONS_DRAW = 3  # RG5


def _z(label: str) -> int:
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


# A fixed 64-bit key per (stone, square) and for "seat 1 to move", from public labels.
ZOBRIST = {s: [_z(f"raeuber_und_gendarm:{s}:{sq}") for sq in range(32)] for s in STONE}
ZOBRIST_WHITE = _z("raeuber_und_gendarm:white-to-move")


def board_hash(board, side: int) -> int:
    h = ZOBRIST_WHITE if side else 0
    for sq, cell in enumerate(board):
        if cell != EMPTY:
            h ^= ZOBRIST[cell][sq]
    return h


class Position:
    __slots__ = (
        "board", "side", "hash", "at_home", "plies", "max_plies", "seen", "contempt",
        "root_side", "_scores", "_undo",
    )  # fmt: skip

    def __init__(
        self,
        board,
        side: int,
        plies: int = 0,
        move_limit: int = 200,
        earlier: tuple[str, ...] = (),
        contempt: int = 0,
    ) -> None:
        self.board = list(board)
        self.side = self.root_side = side
        self.hash = board_hash(self.board, side)
        self.at_home = [sum(self.board[sq] == STONE[s] for sq in HOME[s]) for s in (0, 1)]
        self.plies = plies
        self.max_plies = 2 * move_limit  # RG5
        self.contempt = contempt  # a draw counts this much against the side that searches
        # How often each position has occurred: the game so far (its last is this one).
        self.seen: dict[int, int] = {}
        for key in earlier[:-1]:
            h = board_hash(key[:32], int(key[32]))
            self.seen[h] = self.seen.get(h, 0) + 1
        self.seen[self.hash] = self.seen.get(self.hash, 0) + 1
        self._scores: dict[int, int] = {}  # evaluate()'s by hash: deepening meets them again
        self._undo: list = []

    @classmethod
    def from_view(cls, view: dict, contempt: int = 0) -> Position:
        board = [EMPTY] * 32
        for name, stone in view["board"].items():
            board[INDEX[name]] = stone
        return cls(
            board,
            view["to_move"],
            view["plies"],
            view["move_limit"],
            tuple(view.get("positions", ())),
            contempt,
        )

    def moves(self) -> list:
        return legal_moves(self.board, self.side)

    def make(self, path) -> None:
        side = self.side
        start, end = path[0], path[-1]
        stone = STONE[side]
        self.board[start], self.board[end] = EMPTY, stone
        home = HOME[side]
        self.at_home[side] += (end in home) - (start in home)
        self._undo.append((path, self.hash))
        h = self.hash ^ ZOBRIST_WHITE ^ ZOBRIST[stone][start] ^ ZOBRIST[stone][end]
        self.hash = h
        self.side = 1 - side
        self.plies += 1
        self.seen[h] = self.seen.get(h, 0) + 1

    def unmake(self) -> None:
        self.seen[self.hash] -= 1
        path, self.hash = self._undo.pop()
        self.side = side = 1 - self.side
        self.plies -= 1
        start, end = path[0], path[-1]
        self.board[start], self.board[end] = STONE[side], EMPTY
        home = HOME[side]
        self.at_home[side] -= (end in home) - (start in home)

    def outcome(self, ply: int) -> int | None:
        """RG4's and RG5's checks in their order, for the side to move."""
        side = self.side
        if self.at_home[1 - side] == STONES_PER_SIDE or not can_move(self.board, side):
            return ply - WIN
        if self.seen[self.hash] >= REPETITIONS_DRAW or self.plies >= self.max_plies:
            return -self.contempt if side == self.root_side else self.contempt
        return None

    def evaluate(self) -> int:
        score = self._scores.get(self.hash)
        if score is None:
            score = self._scores[self.hash] = evaluate(
                self.board, self.side, self.at_home, self.root_side
            )
        return score
