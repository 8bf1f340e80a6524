"""Wolf und Schafe solved: the value of every position with perfect play on both sides.

The game graph has no cycles: every sheep move raises the sum of the sheep's ranks, and the
sheep move every other turn (WS3, WS4), so a plain depth-first search with a memo table reaches
every position once, and no line is longer than 56 moves. There are no draws (WS4), so a value
says who wins and how soon:

    WIN - n    the seat to move wins, the game ending n moves from now
    n - WIN    the seat to move loses, n moves from now (0: it has lost already)

Larger is better for the seat to move: a quicker win, a slower loss.

The table is built in memory the first time it is needed and kept for the life of the process:
the positions reachable from the four wolf starts (780 996 of them, about two seconds of one
core), extended on demand for positions outside it (a scenario's setup). To stay small (a few
MB) it is one byte per position: each sheep formation met gets a block of 64 bytes, one per
wolf square and seat to move, holding 0 (not solved yet), 1 + n (a win in n) or LOSS + n (a
loss in n).
"""

from __future__ import annotations

import threading

from ..rules import SHEEP, START_SHEEP, WOLF, WOLF_STARTS, broken_through, sheep_moves, wolf_moves

WIN = 1000
LOSS = 128  # byte codes from here up are losses


class Table:
    """Solved positions: `blocks` maps a sheep mask to its block's offset in `codes`."""

    def __init__(self) -> None:
        self.blocks: dict[int, int] = {}
        self.codes = bytearray()

    def __len__(self) -> int:
        return len(self.codes) - self.codes.count(0)  # the positions solved

    def nbytes(self) -> int:
        return len(self.codes)

    def offset(self, sheep: int) -> int:
        base = self.blocks.get(sheep)
        if base is None:
            base = self.blocks[sheep] = len(self.codes)
            self.codes.extend(bytes(64))
        return base

    def code(self, sheep: int, wolf: int, to_move: int) -> int:
        """The position's byte code, solving it (and what follows from it) if need be."""
        index = self.offset(sheep) + (wolf << 1 | to_move)
        code = self.codes[index]
        if not code:
            code = self.codes[index] = self._solve(sheep, wolf, to_move)
        return code

    def _solve(self, sheep: int, wolf: int, to_move: int) -> int:
        if broken_through(sheep, wolf):  # WS4: checked first, the wolf has won
            return 1 if to_move == WOLF else LOSS
        # The children's byte codes, looked up inline (the hot loop of the build): a wolf move
        # keeps the sheep's block, a sheep move keeps the wolf's square.
        codes, blocks, child_codes = self.codes, self.blocks, []
        if to_move == WOLF:
            base = blocks[sheep]
            for _, to in wolf_moves(sheep, wolf):
                code = codes[base + (to << 1)]
                child_codes.append(code or self.code(sheep, to, SHEEP))
        else:
            for frm, to in sheep_moves(sheep, wolf):
                after = sheep ^ (1 << frm | 1 << to)
                base = blocks.get(after)
                code = 0 if base is None else codes[base + (wolf << 1 | WOLF)]
                child_codes.append(code or self.code(after, wolf, WOLF))
        fastest_win = slowest_loss = -1
        for code in child_codes:
            if code >= LOSS:  # the opponent loses: we win one move later
                if fastest_win < 0 or code - LOSS < fastest_win:
                    fastest_win = code - LOSS
            elif code - 1 > slowest_loss:
                slowest_loss = code - 1
        if fastest_win >= 0:
            return fastest_win + 2
        return LOSS + slowest_loss + 1  # WS4: no move at all (-1 + 1) has lost already


_table = Table()
_built = False
_lock = threading.Lock()


def table() -> Table:
    """The table of every position reachable from the standard start, built once per process."""
    global _built
    with _lock:
        if not _built:
            for square in WOLF_STARTS:
                _table.code(START_SHEEP, square, SHEEP)
            _built = True
    return _table


def decode(code: int) -> int:
    return WIN - (code - 1) if code < LOSS else (code - LOSS) - WIN


def value(sheep: int, wolf: int, to_move: int) -> int:
    """The position's value for the seat to move (see the module's docstring)."""
    solved = table()
    with _lock:
        return decode(solved.code(sheep, wolf, to_move))


def after_move(v: int) -> int:
    """A child's value seen from the seat that moved into it: one move further from the end."""
    v = -v
    return v - 1 if v > 0 else v + 1


def placement_value(sheep: int, square: int) -> int:
    """The wolf's value for placing itself on `square` (WS2): the sheep move next."""
    return after_move(value(sheep, square, SHEEP))
