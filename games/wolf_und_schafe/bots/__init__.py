"""Bots for Wolf und Schafe: each plays the sheep or the wolf, whichever seat it holds.

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> action dict

Levels, easiest first:
    random   a random legal move, or a random free wolf start (WS5: it also plays timeouts and
             leavers' seats)
    perfect  plays from the solved game (solver.py): it wins whenever the position allows, as
             fast as possible, and otherwise loses as slowly as possible; among equally good
             moves it picks at random

A bot reads only view(state, seat) of its own seat (everything is public, WS5). It never reads
the clock or the global random state: the caller passes `rng`. Neither level searches within a
budget, so `time_budget` and `clock` are accepted and ignored. A bot never resigns (WS5).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from . import perfect, random_level

LEVELS: tuple[str, ...] = ("random", "perfect")
_CHOOSERS = {"random": random_level.choose, "perfect": perfect.choose}


class WolfBots:
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
        choice = _CHOOSERS[level](view, rng)
        if view["phase"] == "place":
            return {"seat": seat, "action": "place", "square": choice}
        return {"seat": seat, "action": "move", "move": choice}


BOTS = WolfBots()

__all__ = ["BOTS", "LEVELS", "WolfBots"]
