"""Bots for Dame and Schlagdame (one set for both; each plays its own game's goal, view["game"]).

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> action dict

Levels, easiest first, named after the draughts pieces and title:
    man          a random legal move (DA8: it also plays timeouts and leavers' seats)
    king         a 2-ply search counting pieces
    grandmaster  alpha-beta (PVS, late-move reductions) with iterative deepening over bitboards
                 (bitboard.py), a Zobrist transposition table, killer and history move
                 ordering and quiescence over the compulsory captures, a positional evaluation
                 of its own for each goal (bitboard_eval.py) and a ballot of short openings

Not a level: sparring.py, an opponent written apart from the bots from the rules alone, to
measure the grandmaster against (benchmarks/dame_sparring.py).

A bot reads only view(state, seat) of its own seat (everything is public, DA8). It never reads
the clock or the global random state: the caller passes `rng`, and `clock` (a monotonic seconds
counter) for the grandmaster's time budget; without a clock it searches a fixed number of
nodes, so its choice is repeatable.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from . import grandmaster, king, man

LEVELS: tuple[str, ...] = ("man", "king", "grandmaster")
DEFAULT_TIME_BUDGET = grandmaster.DEFAULT_TIME_BUDGET
_CHOOSERS = {"man": man.choose, "king": king.choose, "grandmaster": grandmaster.choose}


class DameBots:
    levels = LEVELS

    def choose(
        self,
        level: str,
        view: dict,
        rng: Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict:
        if level not in _CHOOSERS:
            raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
        seat = view["seat"]
        if view["over"] or view["to_move"] != seat or not view["legal_moves"]:
            raise ValueError(f"seat {seat} has no move to make now")
        move = _CHOOSERS[level](view, rng, time_budget, clock)
        return {"seat": seat, "action": "move", "move": move}


BOTS = DameBots()

__all__ = ["BOTS", "DEFAULT_TIME_BUDGET", "LEVELS", "DameBots"]
