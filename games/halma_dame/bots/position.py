"""The master's board, built from view() alone, that the search (games.core.alphabeta) changes
and restores in place: the stones, the side to move, a Zobrist hash and the count of stones in
each target area, with HD4's and HD5's ends and the automatic pass made exact.

A move is its path (a tuple of square numbers); PASS (None) stands for HD5's automatic pass, the
only "move" of a side that cannot move while the other can.
"""

from __future__ import annotations

import hashlib

from games.core.alphabeta import WIN
from games.core.checkerboard import INDEX

from ..rules import EMPTY, STONE, STONES_PER_SIDE, TARGET, can_move, legal_moves
from .evaluation import evaluate, progress

PASS = None


def _z(label: str) -> int:
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


# A fixed 64-bit key per (stone, square) and for "seat 1 to move", from public labels.
ZOBRIST = {s: [_z(f"halma_dame:{s}:{sq}") for sq in range(32)] for s in STONE}
ZOBRIST_WHITE = _z("halma_dame:white-to-move")


class Position:
    __slots__ = (
        "board", "side", "hash", "in_target", "root_side", "contempt", "_scores", "_undo",
    )  # fmt: skip

    def __init__(self, board, side: int, contempt: int = 0) -> None:
        self.board = list(board)
        self.side = self.root_side = side
        self.contempt = contempt  # a draw counts this much against the side that searches
        h = ZOBRIST_WHITE if side else 0
        for sq, cell in enumerate(self.board):
            if cell != EMPTY:
                h ^= ZOBRIST[cell][sq]
        self.hash = h
        self.in_target = [sum(self.board[sq] == STONE[s] for sq in TARGET[s]) for s in (0, 1)]
        self._scores: dict[int, int] = {}  # evaluate()'s by hash: deepening meets them again
        self._undo: list = []

    @classmethod
    def from_view(cls, view: dict, contempt: int = 0) -> Position:
        board = [EMPTY] * 32
        for name, stone in view["board"].items():
            board[INDEX[name]] = stone
        return cls(board, view["to_move"], contempt)

    def moves(self) -> list:
        """The side's moves, the longest advances first (the search tries them first); [PASS]
        when it cannot move (outcome() has ruled out that neither can)."""
        moves = legal_moves(self.board, self.side)
        if not moves:
            return [PASS]
        side = self.side
        moves.sort(key=lambda p: progress(p[0], side) - progress(p[-1], side))
        return moves

    def make(self, path) -> None:
        side = self.side
        h = self.hash ^ ZOBRIST_WHITE
        if path is not PASS:
            start, end = path[0], path[-1]
            stone = STONE[side]
            self.board[start], self.board[end] = EMPTY, stone
            h ^= ZOBRIST[stone][start] ^ ZOBRIST[stone][end]
            target = TARGET[side]
            self.in_target[side] += (end in target) - (start in target)
        self._undo.append((path, self.hash))
        self.hash = h
        self.side = 1 - side

    def unmake(self) -> None:
        path, self.hash = self._undo.pop()
        self.side = side = 1 - self.side
        if path is not PASS:
            start, end = path[0], path[-1]
            self.board[start], self.board[end] = STONE[side], EMPTY
            target = TARGET[side]
            self.in_target[side] -= (end in target) - (start in target)

    def outcome(self, ply: int) -> int | None:
        """HD4: the other side has just come home; HD5: neither side can move, and more
        stones in the target area win."""
        side = self.side
        if self.in_target[1 - side] == STONES_PER_SIDE:
            return ply - WIN
        if can_move(self.board, side) or can_move(self.board, 1 - side):
            return None
        mine, theirs = self.in_target[side], self.in_target[1 - side]
        if mine == theirs:
            return -self.contempt if side == self.root_side else self.contempt
        return WIN - ply if mine > theirs else ply - WIN

    def evaluate(self) -> int:
        score = self._scores.get(self.hash)
        if score is None:
            score = self._scores[self.hash] = evaluate(
                self.board, self.side, self.in_target, self.hash, self.root_side
            )
        return score
