"""The bots' own board, built from view() alone, that a search changes and restores in place.

It keeps what the rules need to end a game during a search: the twenty-move count and the
positions since the last man move or capture (DA6), as Zobrist hashes, so a repeated position
is found in one list lookup. The view's "positions" seed that list with the game so far.
"""

from __future__ import annotations

import hashlib

from games.core.checkerboard import FAR_ROW, INDEX

from ..rules import EMPTY, KING, MAN, Move

PIECES = "wWbB"


def _z(label: str) -> int:
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


# A fixed 64-bit key per (piece, square) and for "seat 1 to move", from public labels.
ZOBRIST = {p: [_z(f"dame:{p}:{sq}") for sq in range(32)] for p in PIECES}
ZOBRIST_BLACK = _z("dame:black-to-move")


def board_hash(board, side: int) -> int:
    h = ZOBRIST_BLACK if side else 0
    for sq, p in enumerate(board):
        if p != EMPTY:
            h ^= ZOBRIST[p][sq]
    return h


class Position:
    __slots__ = ("board", "side", "king_plies", "hash", "seen", "since", "_undo")

    def __init__(self, board, side: int, king_plies: int = 0, earlier: tuple[str, ...] = ()):
        self.board = list(board)
        self.side = side
        self.king_plies = king_plies
        self.hash = board_hash(self.board, side)
        # Hashes of the positions that can still recur, the current one last; `since` is
        # where the current run of reversible (king) moves began.
        self.seen = [board_hash(key[:32], int(key[32])) for key in earlier[:-1]] + [self.hash]
        self.since = 0
        self._undo: list[tuple] = []

    @classmethod
    def from_view(cls, view: dict) -> Position:
        board = [EMPTY] * 32
        for name, piece in view["board"].items():
            board[INDEX[name]] = piece
        return cls(board, view["to_move"], view["king_plies"], tuple(view.get("positions", ())))

    def repeated(self) -> bool:
        """Whether the current position occurred before since the last irreversible move."""
        h = self.hash
        seen = self.seen
        return any(seen[i] == h for i in range(self.since, len(seen) - 1))

    def make(self, move: Move) -> None:
        path, taken = move
        board = self.board
        side = self.side
        start, end = path[0], path[-1]
        piece = board[start]
        h = self.hash ^ ZOBRIST[piece][start] ^ ZOBRIST_BLACK
        board[start] = EMPTY
        removed = []
        for sq in taken:
            victim = board[sq]
            removed.append(victim)
            h ^= ZOBRIST[victim][sq]
            board[sq] = EMPTY
        placed = KING[side] if piece == MAN[side] and end in FAR_ROW[side] else piece
        board[end] = placed
        h ^= ZOBRIST[placed][end]
        self._undo.append((move, piece, removed, self.king_plies, self.since))
        self.hash = h
        self.side = 1 - side
        self.seen.append(h)
        if taken or piece == MAN[side]:
            self.king_plies = 0
            self.since = len(self.seen) - 1
        else:
            self.king_plies += 1

    def unmake(self) -> None:
        (path, taken), piece, removed, self.king_plies, self.since = self._undo.pop()
        board = self.board
        board[path[-1]] = EMPTY
        for sq, victim in zip(taken, removed, strict=True):
            board[sq] = victim
        board[path[0]] = piece
        self.seen.pop()
        self.hash = self.seen[-1]
        self.side = 1 - self.side
