"""The grandmaster: iterative-deepening alpha-beta (search.py) with the full evaluation of its
game's goal (evaluation.py), within a time budget."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from ..rules import legal_moves, move_name
from .evaluation import EVALUATIONS
from .position import Position
from .search import Search

DEFAULT_TIME_BUDGET = 0.5  # seconds per move: p95 stays under 1 s on one core (GAMES.md)
NODES_PER_SECOND = 20_000  # without a clock, the budget becomes this many nodes a second
MAX_DEPTH = 40
CONTEMPT = 15  # a draw is a little worse than an even position: play on against weaker bots


def choose(
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    if len(view["legal_moves"]) == 1:
        return view["legal_moves"][0]
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    misere = view["game"] == "schlagdame"
    pos = Position.from_view(view)
    moves = legal_moves(pos.board, pos.side)
    moves.sort(key=move_name)
    rng.shuffle(moves)  # equal moves are tried (and so chosen) in a random order
    search = Search(
        pos,
        EVALUATIONS[misere],
        misere,
        deadline=clock() + budget if clock else None,
        clock=clock,
        max_nodes=None if clock else max(200, int(budget * NODES_PER_SECOND)),
        contempt=CONTEMPT,
    )
    best, _, _ = search.iterate(MAX_DEPTH, moves)
    return move_name(best)
