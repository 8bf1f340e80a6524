"""Bot players for Cartagena 2, pure Python, seeing only `view(state, seat)` of their own seat.

Three levels, easiest first (the easiest plays timeouts and leavers' seats, CG12):
    deckhand   a random legal action (a random discard in a privateer's discards)
    bosun      greedy: the card that takes a pirate furthest, drawing cards when stuck
    corsair    search over its turn's action sequences, on deals of the unseen cards drawn
               afresh (views.determinize), scored by a race evaluation

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> one action for view["seat"]

Bots never read the clock or the global random state: the caller passes `rng` and, for the
corsair's search within `time_budget` seconds, `clock`; without a clock it does a fixed amount
of work, so its choice is repeatable.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from . import bosun, corsair, deckhand

LEVELS: tuple[str, ...] = ("deckhand", "bosun", "corsair")
DEFAULT_TIME_BUDGET = corsair.DEFAULT_TIME_BUDGET
_CHOOSERS = {"deckhand": deckhand.choose, "bosun": bosun.choose, "corsair": corsair.choose}


class Cartagena2Bots:
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
        if view["seat"] not in view["to_move"] or not view["legal"]:
            raise ValueError(f"seat {view['seat']} has nothing to do now")
        return _CHOOSERS[level](view, rng, time_budget, clock)


BOTS = Cartagena2Bots()

__all__ = ["BOTS", "DEFAULT_TIME_BUDGET", "LEVELS", "Cartagena2Bots"]
