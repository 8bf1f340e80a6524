"""The master's judgement of a Halma-Dame position, for the side to move: a race (HD4), so
mostly how far each army has come, plus what the end when both are stuck (HD5) counts: stones in
the target area, and target squares no stone can reach any more.

A stone only ever reaches squares in the cone in front of it (HD5's example: Black enters a7
only from b6), and each target square needs a stone of its own: the most target squares the
army can still fill is a matching between stones and the squares in front of them. Stones that
can never move again (frozen: barred by frozen stones, down to those on their far row) take no
part, and a target square a frozen opponent stone holds is out of reach. Every square short of
eight is a stone missing from the count for good (unless the opponent is worse off).

The target area is the opponent's starting position, so its stones are there first: a stone of
the opponent still on one of the searching side's target squares (a squatter) must leave before
that square can be filled. Shutting it in (no step and no jump forward left to it) risks its
being frozen there for good, the square lost; each way out it has is a chance that it leaves.
That is counted for the searching side only, as in Räuber und Gendarm's evaluation.
"""

from __future__ import annotations

from games.core.checkerboard import (
    FORWARD,
    FORWARD_JUMPS,
    FORWARD_NEIGHBOURS,
    JUMP,
    NEIGHBOUR,
    coords,
    relative_rank,
)

from ..rules import EMPTY, STONE, STONES_PER_SIDE, TARGET

PROGRESS = 10  # per rank a stone has come forward
IN_TARGET = 6  # per stone already in the target area
LOST_SQUARE = 120  # per target square that can no longer be filled
SHUT_IN = 60  # per opponent stone on a target square of the searching side with no way out
EXIT = 5  # per way out such a stone has


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
SEAT = {STONE[0]: 0, STONE[1]: 1}
# AHEAD[seat][sq]: per forward direction on the board, (the square ahead, the square beyond it
# or -1 at the edge).
AHEAD = tuple(
    tuple(
        tuple(
            (NEIGHBOUR[sq][d], JUMP[sq][d][1] if JUMP[sq][d] else -1)
            for d in FORWARD[seat]
            if NEIGHBOUR[sq][d] >= 0
        )
        for sq in range(32)
    )
    for seat in (0, 1)
)
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


def frozen(board) -> int:
    """The squares (as bits) of stones that can never move again (HD3): all stones, less those
    with a way forward that no frozen stone bars (the square ahead free or held by a stone
    that may leave, or the square beyond it), until none is left to take out. Stones on their
    far row stay; so do stones that bar each other's way, a black stone before a white one."""
    stones = [(sq, SEAT[cell]) for sq, cell in enumerate(board) if cell in SEAT]
    held = 0
    for sq, _ in stones:
        held |= 1 << sq
    changed = True
    while changed:
        changed = False
        for sq, seat in stones:
            if not held >> sq & 1:
                continue
            for n, land in AHEAD[seat][sq]:
                if not held >> n & 1 or (land >= 0 and not held >> land & 1):
                    held &= ~(1 << sq)
                    changed = True
                    break
    return held


def lost_squares(board, seat: int, stuck: int) -> int:
    """How many of seat's target squares can never be filled: a largest matching of its stones
    that can still move (or already stand in the target) to the target squares no frozen
    opponent stone holds."""
    stone, target, reach = STONE[seat], TARGET[seat], REACH[seat]
    blocked = 0
    for i, t in enumerate(TARGETS[seat]):
        if board[t] != EMPTY and board[t] != stone and stuck >> t & 1:
            blocked |= 1 << i
    reaches = []
    for sq, cell in enumerate(board):
        if cell == stone:
            if stuck >> sq & 1:
                if sq in target:
                    reaches.append(1 << TARGETS[seat].index(sq))
            else:
                reaches.append(reach[sq] & ~blocked)
    return STONES_PER_SIDE - fillable(reaches)


_LOST: dict[int, tuple[int, int]] = {}  # a memo by position hash: positions recur in a search


def squatters(board, seat: int) -> int:
    """What the opponent's stones on seat's target squares (squatters) cost seat: each one
    shut in (no step, no jump forward) may stay for good; each way out is a chance it leaves."""
    other = 1 - seat
    stone = STONE[other]
    steps, jumps = FORWARD_NEIGHBOURS[other], FORWARD_JUMPS[other]
    score = 0
    for sq in TARGETS[seat]:
        if board[sq] != stone:
            continue
        ways = sum(board[to] == EMPTY for to in steps[sq])
        ways += sum(board[over] != EMPTY and board[land] == EMPTY for over, land in jumps[sq])
        score += EXIT * ways if ways else -SHUT_IN
    return score


def evaluate(board, side: int, in_target, key: int, root: int | None = None) -> int:
    """The score for side (to move); the squatters are counted for root, the searching side
    (none without one)."""
    lost = _LOST.get(key)
    if lost is None:
        if len(_LOST) > 200_000:
            _LOST.clear()
        stuck = frozen(board)
        lost = _LOST[key] = (lost_squares(board, 0, stuck), lost_squares(board, 1, stuck))
    score = 0
    for seat, sign in ((side, 1), (1 - side, -1)):
        stone, ranks = STONE[seat], RANK[seat]
        own = sum(ranks[sq] for sq, cell in enumerate(board) if cell == stone)
        score += sign * (PROGRESS * own + IN_TARGET * in_target[seat] - LOST_SQUARE * lost[seat])
    if root is not None:
        squat = squatters(board, root)
        score += squat if side == root else -squat
    return score
