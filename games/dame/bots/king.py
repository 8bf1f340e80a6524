"""The king: looks two plies ahead (its move, then the reply) and counts pieces for its game's
goal (evaluation.py's simple counts); among equally good moves it picks at random."""

from __future__ import annotations

from random import Random

from ..rules import legal_moves, move_name
from .evaluation import SIMPLE_EVALUATIONS
from .position import Position
from .search import WIN, Search

DEPTH = 2


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> str:
    if len(view["legal_moves"]) == 1:
        return view["legal_moves"][0]
    misere = view["game"] == "schlagdame"
    pos = Position.from_view(view)
    search = Search(pos, SIMPLE_EVALUATIONS[misere], misere, quiescence=False)
    scored = []
    for move in legal_moves(pos.board, pos.side):
        pos.make(move)
        scored.append((-search.negamax(DEPTH - 1, -WIN, WIN, 1), move_name(move)))
        pos.unmake()
    best = max(score for score, _ in scored)
    return rng.choice(sorted(name for score, name in scored if score == best))
