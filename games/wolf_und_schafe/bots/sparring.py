"""A sparring partner for the tournament (GAMES.md point 2), not a level offered on the site:
written apart from the perfect level, from the rules alone, the way a textbook program plays
fox and hounds: a fixed-depth alpha-beta search with the classic evaluation, the wolf's
shortest way through the flock.

Evaluation, for the wolf: the sheep standing still as walls, how many steps the wolf needs to
reach a square level with the lowest sheep (WS4's breakthrough) and how many moves it has; if
no way through exists the flock has it shut in, and the fewer squares it can still reach the
better for the sheep. The first move of the wolf's placement is judged the same way.
"""

from __future__ import annotations

from collections import deque
from random import Random

from games.core.checkerboard import SQUARES, parse_square

from ..rules import (
    PIECE,
    SHEEP,
    WOLF,
    WOLF_STEPS,
    after,
    ending,
    lowest_rank,
    move_name,
    moves,
    placements,
    rank,
)

DEPTH = 4  # plies
MATE = 10_000


def evaluate(sheep: int, wolf: int) -> int:
    """The position for the wolf, larger is better for it (a running game)."""
    target = lowest_rank(sheep)
    seen = {wolf}
    queue = deque([(wolf, 0)])
    while queue:
        square, steps = queue.popleft()
        if rank(square) <= target:
            mobility = sum(1 for to in WOLF_STEPS[wolf] if not sheep >> to & 1)
            return 200 - 10 * steps + mobility
        for to in WOLF_STEPS[square]:
            if to not in seen and not sheep >> to & 1:
                seen.add(to)
                queue.append((to, steps + 1))
    return -500 + len(seen)  # shut in: the room it has left


def negamax(sheep: int, wolf: int, to_move: int, depth: int, alpha: int, beta: int) -> int:
    """The value for the seat to move."""
    end = ending(sheep, wolf, to_move)
    if end is not None:
        _, winner = end
        return (MATE + depth) if winner == to_move else -(MATE + depth)  # sooner is surer
    if depth == 0:
        score = evaluate(sheep, wolf)
        return score if to_move == WOLF else -score
    best = -(MATE + DEPTH + 1)
    for move in moves(sheep, wolf, to_move):
        child_sheep, child_wolf = after(sheep, wolf, move)
        v = -negamax(child_sheep, child_wolf, 1 - to_move, depth - 1, -beta, -alpha)
        if v > best:
            best = v
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best


def choose(view: dict, rng: Random, depth: int = DEPTH) -> dict:
    """One legal action for view["seat"]: the best by the search, ties broken by `rng`."""
    seat = view["seat"]
    sheep, wolf = 0, None
    for name, piece in view["board"].items():
        if piece == PIECE[SHEEP]:
            sheep |= 1 << parse_square(name)
        else:
            wolf = parse_square(name)
    scored = []
    if view["phase"] == "place":
        for square in placements(sheep):
            v = -negamax(sheep, square, SHEEP, depth - 1, -MATE * 2, MATE * 2)
            scored.append((v, {"seat": seat, "action": "place", "square": SQUARES[square]}))
    else:
        for move in moves(sheep, wolf, seat):
            child_sheep, child_wolf = after(sheep, wolf, move)
            v = -negamax(child_sheep, child_wolf, 1 - seat, depth - 1, -MATE * 2, MATE * 2)
            scored.append((v, {"seat": seat, "action": "move", "move": move_name(move)}))
    best = max(v for v, _ in scored)
    return rng.choice([action for v, action in scored if v == best])
