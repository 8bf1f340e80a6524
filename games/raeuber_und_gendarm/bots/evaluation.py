"""The master's judgement of a Räuber und Gendarm position, for the side to move.

Nothing is ever captured, so the game is a race to rebuild the army on the other side (RG4's
home) in which either side may also shut the other in (RG4's blocked). The race is measured row
by row: the home is three rows of four squares, so the army's stones, furthest first, are owed
four on the far row, four on the next and four on the third; what they still lack is the work
left. Stones already at home count a little extra; a side with few ways to move is close to
being blocked.

The home is only ever complete once the opponent's stones have left it (they start there): a
stone still on a home square (a squatter) costs when the side's own stones have shut it in, and
each way out it has counts for the side (an opponent who moves at random takes one now and then;
one who plays well must leave in the end too, to run its own race); each way the opponent has
into an empty home square from outside costs (a new squatter may come). That is counted for
the searching side only: its own stones left on the opponent's home squares are no gain to it.
"""

from __future__ import annotations

from games.core.checkerboard import JUMPS, NEIGHBOURS, relative_rank

from ..rules import EMPTY, HOME, STONE

WORK = 12  # per row a stone still has to go
AT_HOME = 8  # per stone already on a home square
CRAMPED = 6  # with fewer ways to move (steps, first jumps) than this, each one missing costs
CRAMPED_COST = 25
SHUT_IN = 40  # per opponent stone shut in on a home square
EXIT = 12  # per way out of the home such a stone has
ENTRY = 8  # per way the opponent has into an empty home square from outside
OWED = (7,) * 4 + (6,) * 4 + (5,) * 4  # the rows of the home, furthest first
HOME_SQUARES = tuple(tuple(sorted(HOME[seat])) for seat in (0, 1))
RANK = tuple(tuple(relative_rank(sq, seat) for sq in range(32)) for seat in (0, 1))


def work_left(ranks: list[int]) -> int:
    ranks.sort(reverse=True)
    return sum(owed - r for owed, r in zip(OWED, ranks, strict=False) if owed > r)


def mobility(board, seat: int, enough: int = 99) -> int:
    """Steps and first jumps of seat, a cheap count of its ways to move, up to `enough`."""
    stone, other = STONE[seat], STONE[1 - seat]
    count = 0
    for sq, cell in enumerate(board):
        if cell == stone:
            for to in NEIGHBOURS[sq]:
                count += board[to] == EMPTY
            for over, land in JUMPS[sq]:
                count += board[over] == other and board[land] == EMPTY
            if count >= enough:
                return count
    return count


def side_score(board, seat: int, at_home: int) -> int:
    ranks = RANK[seat]
    own = [ranks[sq] for sq, cell in enumerate(board) if cell == STONE[seat]]
    score = -WORK * work_left(own) + AT_HOME * at_home
    moves = mobility(board, seat, CRAMPED)
    if moves < CRAMPED:
        score -= CRAMPED_COST * (CRAMPED - moves)
    return score


def squatters(board, seat: int) -> int:
    """What the opponent's stones on seat's home squares (squatters) cost seat: each that seat's
    own stones have shut in (no way to move, an own stone beside it) stays in the way; each way
    out of the home a squatter has (a step, or a jump over one of seat's stones) is a chance
    that it leaves. And each way the opponent has into an empty home square from outside (a
    step, or a jump over one of seat's stones) is a chance that a new squatter comes."""
    stone, other = STONE[seat], STONE[1 - seat]
    home = HOME[seat]
    score = 0
    for sq in HOME_SQUARES[seat]:
        cell = board[sq]
        if cell == other:
            ways = exits = 0
            for to in NEIGHBOURS[sq]:
                if board[to] == EMPTY:
                    ways += 1
                    exits += to not in home
            for over, land in JUMPS[sq]:
                if board[over] == stone and board[land] == EMPTY:
                    ways += 1
                    exits += land not in home
            if not ways and any(board[n] == stone for n in NEIGHBOURS[sq]):
                score -= SHUT_IN
            score += EXIT * exits
        elif cell == EMPTY:
            for n in NEIGHBOURS[sq]:
                if board[n] == other and n not in home:
                    score -= ENTRY
            for over, land in JUMPS[sq]:  # a jump from land over `over` lands on sq
                if board[land] == other and board[over] == stone and land not in home:
                    score -= ENTRY
    return score


def evaluate(board, side: int, at_home, root: int) -> int:
    """The score for side (to move); the squatters are counted for root, the searching side."""
    score = side_score(board, side, at_home[side]) - side_score(board, 1 - side, at_home[1 - side])
    squat = squatters(board, root)
    return score + squat if side == root else score - squat
