"""A sparring partner for the master (GAMES.md point 2), written apart from it from the rules
file alone, the way a textbook program plays: plain alpha-beta with iterative deepening (no
transposition table, no move ordering) and a standard evaluation, ranks advanced plus stones
home plus mobility. Not a level of the site: only the tournament command plays it. It knows
the rules' ends (home, blocked) but not the draws, like a program that leaves them to the
referee."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from games.core.checkerboard import INDEX, JUMPS, NEIGHBOURS, relative_rank

from ..rules import EMPTY, STONE, STONES_PER_SIDE, after, at_home, legal_moves, move_name

WIN = 100_000


class _Timeout(Exception):
    pass


def _mobility(board: str, seat: int) -> int:
    stone, other = STONE[seat], STONE[1 - seat]
    count = 0
    for sq, cell in enumerate(board):
        if cell == stone:
            count += sum(board[n] == EMPTY for n in NEIGHBOURS[sq])
            count += sum(board[o] == other and board[land] == EMPTY for o, land in JUMPS[sq])
    return count


def _score(board: str, seat: int) -> int:
    """Ranks advanced (up to the home's first row), stones home (RG4) and ways to move."""
    total = 0
    for s, sign in ((seat, 1), (1 - seat, -1)):
        ranks = sum(min(relative_rank(sq, s), 5) for sq, c in enumerate(board) if c == STONE[s])
        total += sign * (10 * ranks + 8 * at_home(board, s) + _mobility(board, s))
    return total


def _search(board: str, seat: int, depth: int, alpha: int, beta: int, tick) -> int:
    tick()
    if at_home(board, 1 - seat) == STONES_PER_SIDE:
        return -WIN  # RG4: the other side has come home
    moves = legal_moves(board, seat)
    if not moves:
        return -WIN  # RG4: blocked
    if depth == 0:
        return _score(board, seat)
    best = -WIN - 1
    for path in moves:
        value = -_search(after(board, path), 1 - seat, depth - 1, -beta, -alpha, tick)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def choose(
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    names = view["legal_moves"]
    if len(names) == 1:
        return names[0]
    cells = [EMPTY] * 32
    for name, stone in view["board"].items():
        cells[INDEX[name]] = stone
    board, seat = "".join(cells), view["to_move"]
    budget = 0.4 if time_budget is None else time_budget
    deadline = clock() + budget if clock else None
    nodes = [0]

    def tick() -> None:
        nodes[0] += 1
        if deadline is not None and nodes[0] % 32 == 0 and clock() > deadline:
            raise _Timeout
        if deadline is None and nodes[0] > budget * 20_000:
            raise _Timeout

    moves = legal_moves(board, seat)
    rng.shuffle(moves)
    best = moves[0]
    for depth in range(1, 60):
        alpha, chosen = -WIN - 1, moves[0]
        try:
            for path in moves:
                value = -_search(after(board, path), 1 - seat, depth - 1, -WIN - 1, -alpha, tick)
                if value > alpha:
                    alpha, chosen = value, path
        except _Timeout:
            break
        best = chosen
    return move_name(best)
