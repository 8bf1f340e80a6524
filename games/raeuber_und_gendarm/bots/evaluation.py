"""The master's judgement of a Räuber und Gendarm position, for the side to move.

Nothing is ever captured, so the game is a race to rebuild the army on the other side (RG4's
home) in which either side may also shut the other in (RG4's blocked). The race is measured row
by row: the home is three rows of four squares, so the army's stones, furthest first, are owed
four on the far row, four on the next and four on the third; what they still lack is the work
left. Stones already at home count a little extra; a side with few ways to move is close to
being blocked.

The two armies start on each other's home squares, so each home is complete only once every
stone of the other side has left it (RG4). A stone still on its own starting squares must get
out: `exit_distances` counts the moves it needs (steps onto empty squares, jumps over enemy
stones, RG3), with the stones around it as they stand, and finds the stones that cannot get
out at all (sealed in). Such stones are what drew the master's games at the move limit (RG5):
the opponent's stones shut in on its home by its own wall, and its own last stone shut in on
its starting squares by the opponent's home. Both kinds cost the searching side (the root)
only: a sealed stone on either side leaves the game to be drawn, which the root does not want;
its own stones still there cost it, each and per move they need (they must leave before the
opponent's stones fill the squares round them); each move a stone of the opponent still needs
to leave the root's home costs a little (it has to go), and each way the opponent has into an
empty square of the root's home from outside (a new squatter may come).
"""

from __future__ import annotations

from games.core.checkerboard import JUMPS, NEIGHBOURS, relative_rank

from ..rules import EMPTY, HOME, START, STONE

WORK = 12  # per row a stone still has to go
AT_HOME = 8  # per stone already on a home square
CRAMPED = 6  # with fewer ways to move (steps, first jumps) than this, each one missing costs
CRAMPED_COST = 25
LAGGARD = 30  # per stone of the root's own still on its starting squares
LAG = 10  # per move such a stone still needs to get off them
SQUAT_MOVE = 4  # per move an opponent stone on the root's home still needs to get out
SEALED = 200  # per stone, either side's, that cannot get out of its starting squares at all
ENTRY = 8  # per way the opponent has into an empty home square of the root's from outside
SEALED_DISTANCE = 99  # exit_distances' value for a square a stone cannot get out of
OWED = (7,) * 4 + (6,) * 4 + (5,) * 4  # the rows of the home, furthest first
HOME_SQUARES = tuple(tuple(sorted(HOME[seat])) for seat in (0, 1))
RANK = tuple(tuple(relative_rank(sq, seat) for sq in range(32)) for seat in (0, 1))
# A seat's starting squares (RG2), the row nearest the way out first.
START_ORDER = tuple(
    tuple(sorted(START[seat], key=lambda sq, s=seat: -relative_rank(sq, s))) for seat in (0, 1)
)


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


def exit_distances(board, seat: int) -> list[int]:
    """Per square: 0 off seat's starting squares (RG2); on them, the moves a stone of seat
    standing there needs to get off them, with the enemy stones where they stand: a step onto
    an empty square or a jump over an enemy stone onto an empty square (RG3; a chain is counted
    jump by jump), and SEALED_DISTANCE where there is no way out. Seat's own stones are in the
    way for one move more only (they are seat's to move): so a side cannot seal its own stones
    in, only the enemy can, and the search does not count on an opponent who shuts its own
    stones in on the master's home to spoil it."""
    stone, other = STONE[seat], STONE[1 - seat]
    dist = [0] * 32
    order = [sq for sq in START_ORDER[seat] if board[sq] != other]
    for sq in order:
        dist[sq] = SEALED_DISTANCE
    changed = True
    while changed:
        changed = False
        for sq in order:
            best = dist[sq]
            for to in NEIGHBOURS[sq]:
                cell = board[to]
                if cell == EMPTY:
                    d = dist[to] + 1
                elif cell == stone:
                    d = dist[to] + 2
                else:
                    continue
                if d < best:
                    best = d
            for over, land in JUMPS[sq]:
                if board[over] == other:
                    cell = board[land]
                    if cell == EMPTY:
                        d = dist[land] + 1
                    elif cell == stone:
                        d = dist[land] + 2
                    else:
                        continue
                    if d < best:
                        best = d
            if best < dist[sq]:
                dist[sq] = best
                changed = True
    return dist


def crossing(board, root: int) -> int:
    """What the stones still on their starting squares cost the root (module docstring): its
    own, each and per move they need to get off them (to leave before the opponent's home
    fills up round them); the opponent's on its home, per move; a sealed stone of either side,
    much more; and the opponent's ways into its empty home squares from outside."""
    score = 0
    for seat in (root, 1 - root):
        stone = STONE[seat]
        squares = [sq for sq in START[seat] if board[sq] == stone]
        if not squares:
            continue
        dist = exit_distances(board, seat)
        per_move = LAG if seat == root else SQUAT_MOVE
        for sq in squares:
            d = dist[sq]
            score -= SEALED if d >= SEALED_DISTANCE else per_move * d
        if seat == root:
            score -= LAGGARD * len(squares)
    stone, other = STONE[root], STONE[1 - root]
    home = HOME[root]
    for sq in HOME_SQUARES[root]:
        if board[sq] == EMPTY:
            for n in NEIGHBOURS[sq]:
                if board[n] == other and n not in home:
                    score -= ENTRY
            for over, land in JUMPS[sq]:  # a jump from land over `over` lands on sq
                if board[land] == other and board[over] == stone and land not in home:
                    score -= ENTRY
    return score


def evaluate(board, side: int, at_home, root: int) -> int:
    """The score for side (to move); the crossing is counted for root, the searching side."""
    score = side_score(board, side, at_home[side]) - side_score(board, 1 - side, at_home[1 - side])
    cross = crossing(board, root)
    return score + cross if side == root else score - cross
