"""The master's judgement of a Halma-Dame position, for the side to move: a race (HD4), so
mostly how far each army has come, plus what the end when both are stuck (HD5) counts: stones in
the target area, and target squares no stone can reach any more.

A stone only ever reaches squares in the cone in front of it (HD5's example: Black enters a7
only from b6), and each target square needs a stone of its own: the most target squares the
army can still fill is a matching between stones and the squares in front of them. Every square
short of eight is a stone missing from the count for good (unless the opponent is worse off).
"""

from __future__ import annotations

from games.core.checkerboard import coords, relative_rank

from ..rules import STONE, TARGET

PROGRESS = 10  # per rank a stone has come forward
IN_TARGET = 6  # per stone already in the target area
LOST_SQUARE = 60  # per target square that can no longer be filled


def progress(sq: int, seat: int) -> int:
    return relative_rank(sq, seat)


def _reach(sq: int, seat: int) -> int:
    """The target squares (as bits, by their place in TARGETS) a stone of seat on sq can still
    stand on: its own square, or one in the cone in front of it."""
    f, r = coords(sq)
    bits = 0
    for i, t in enumerate(TARGETS[seat]):
        tf, tr = coords(t)
        ahead = (tr - r) if seat == 0 else (r - tr)
        if t == sq or (ahead > 0 and abs(f - tf) <= ahead):
            bits |= 1 << i
    return bits


TARGETS = tuple(tuple(sorted(TARGET[seat])) for seat in (0, 1))
REACH = tuple(tuple(_reach(sq, seat) for sq in range(32)) for seat in (0, 1))
RANK = tuple(tuple(relative_rank(sq, seat) for sq in range(32)) for seat in (0, 1))


def fillable(reaches: list[int]) -> int:
    """The size of a largest matching of stones (their REACH bits) to target squares (Kuhn)."""
    owner: dict[int, int] = {}

    def place(stone: int, seen: int) -> bool:
        options = reaches[stone] & ~seen
        while options:
            bit = options & -options
            options ^= bit
            seen |= bit
            if bit not in owner or place(owner[bit], seen):
                owner[bit] = stone
                return True
        return False

    return sum(place(i, 0) for i in sorted(range(len(reaches)), key=lambda i: reaches[i]))


_FILLABLE: dict[tuple, int] = {}  # a memo: armies recur all through a search


def side_score(board, seat: int, in_target: int) -> int:
    stone = STONE[seat]
    ranks, reach = RANK[seat], REACH[seat]
    own = [sq for sq, cell in enumerate(board) if cell == stone]
    score = PROGRESS * sum(ranks[sq] for sq in own) + IN_TARGET * in_target
    if in_target < len(own):
        key = (seat, *own)
        filled = _FILLABLE.get(key)
        if filled is None:
            if len(_FILLABLE) > 200_000:
                _FILLABLE.clear()
            filled = _FILLABLE[key] = fillable([reach[sq] for sq in own])
        score -= LOST_SQUARE * (len(own) - filled)
    return score


def evaluate(board, side: int, in_target) -> int:
    return side_score(board, side, in_target[side]) - side_score(
        board, 1 - side, in_target[1 - side]
    )
