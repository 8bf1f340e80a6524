"""Bots for Halma-Dame.

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> action dict

Levels, easiest first:
    novice  a random legal move (HD6: it also plays timeouts and leavers' seats)
    master  iterative-deepening alpha-beta (games.core.alphabeta) over the race, judged by
            evaluation.py: ranks advanced, stones home, target squares lost for good

A bot reads only view(state, seat) of its own seat (everything is public, HD6). It never reads
the clock or the global random state: the caller passes `rng`, and `clock` (a monotonic seconds
counter) for the master's time budget; without a clock it searches a fixed number of nodes, so
its choice is repeatable.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from . import master, novice

LEVELS: tuple[str, ...] = ("novice", "master")
DEFAULT_TIME_BUDGET = master.DEFAULT_TIME_BUDGET
_CHOOSERS = {"novice": novice.choose, "master": master.choose}


class HalmaDameBots:
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


BOTS = HalmaDameBots()

__all__ = ["BOTS", "DEFAULT_TIME_BUDGET", "LEVELS", "HalmaDameBots"]
