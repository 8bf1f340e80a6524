"""A sparring partner for the master (GAMES.md point 2), written apart from it from the rules
file alone, the way a textbook program plays: plain alpha-beta with iterative deepening (no
transposition table, no move ordering) and the standard race evaluation, ranks advanced plus
stones home. Not a level of the site: only the tournament command plays it."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from games.core.checkerboard import INDEX, relative_rank

from ..rules import EMPTY, STONE, STONES_PER_SIDE, after, in_target, legal_moves, move_name

WIN = 100_000


class _Timeout(Exception):
    pass


def _score(board: str, seat: int) -> int:
    """Ranks advanced and stones in the target area (HD4), seat's minus the other's."""
    total = 0
    for s, sign in ((seat, 1), (1 - seat, -1)):
        ranks = sum(relative_rank(sq, s) for sq, c in enumerate(board) if c == STONE[s])
        total += sign * (10 * ranks + 5 * in_target(board, s))
    return total


def _search(board: str, seat: int, depth: int, alpha: int, beta: int, tick) -> int:
    tick()
    if in_target(board, 1 - seat) == STONES_PER_SIDE:
        return -WIN  # HD4: the other side has come home
    moves = legal_moves(board, seat)
    if not moves:
        if not legal_moves(board, 1 - seat):  # HD5: both stuck, more in the target wins
            diff = in_target(board, seat) - in_target(board, 1 - seat)
            return (diff > 0) * WIN - (diff < 0) * WIN
        return -_search(board, 1 - seat, depth, -beta, -alpha, tick)  # HD5: pass
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
