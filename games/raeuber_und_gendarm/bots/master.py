"""The master: iterative-deepening alpha-beta (games.core.alphabeta) with the evaluation of
evaluation.py, within a time budget; a draw (repetition, the move limit, RG5) counts against
it as much as a position far behind (CONTEMPT, above what evaluation.py gives a sealed stone or
two), so it plays on for a win and takes a draw only to escape a loss (RG4)."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from games.core.alphabeta import Search

from ..rules import move_name
from .position import Position

DEFAULT_TIME_BUDGET = 0.4  # seconds per move: p95 stays under 1 s on one core (GAMES.md)
NODES_PER_SECOND = 20_000  # without a clock, the budget becomes this many nodes a second
MAX_DEPTH = 40
CONTEMPT = 3000  # evaluation.py's scale: a row of the race is 12, a sealed stone 200


def choose(
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    if len(view["legal_moves"]) == 1:
        return view["legal_moves"][0]
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    pos = Position.from_view(view, CONTEMPT)
    moves = sorted(pos.moves(), key=move_name)
    rng.shuffle(moves)  # equal moves are tried (and so chosen) in a random order
    search = Search(
        pos,
        deadline=clock() + budget if clock else None,
        clock=clock,
        max_nodes=None if clock else max(200, int(budget * NODES_PER_SECOND)),
    )
    best, _, _ = search.iterate(MAX_DEPTH, moves)
    return move_name(best)
