"""Bot players for Whist, pure Python, seeing only `view(state, seat)` of their own seat (WH12).

Three levels, easiest first (the easiest takes over a leaver's seat, WH12):
    dabbler   any legal card at random
    club      the Club player: the textbook rules (second hand low, third hand high, ...)
    hoyle     Hoyle: determinized search over deals consistent with what it has seen

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> {"seat", "action", "card"}

Bots never read the clock or global random state: the caller passes `rng` and, for Hoyle's
search within `time_budget` seconds, `clock`; without a clock Hoyle does a fixed amount of work.
Bots play cards only: the deal between deals is the server's step.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import club, dabbler, hoyle

LEVELS: tuple[str, ...] = ("dabbler", "club", "hoyle")
LEVEL_NAMES: dict[str, str] = {"dabbler": "Dabbler", "club": "Club player", "hoyle": "Hoyle"}
DEFAULT_TIME_BUDGET = hoyle.DEFAULT_TIME_BUDGET


def choose_action(
    level: str,
    view: dict,
    rng: random.Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """The card `view["seat"]` plays. ValueError for an unknown level or when the seat is not
    to play."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has no card to play now")
    if level == "dabbler":
        card = dabbler.choose(view, rng)
    elif level == "club":
        card = club.choose(view, rng)
    else:
        budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
        card = hoyle.choose(view, rng, budget, clock)
    return {"seat": view["seat"], "action": "play", "card": card}


class WhistBots:
    """The protocol's Bots (games/core/protocol.py) for Whist."""

    levels = LEVELS

    def choose(
        self,
        level: str,
        view: dict,
        rng: random.Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict:
        return choose_action(level, view, rng, time_budget, clock)


BOTS = WhistBots()

__all__ = ["BOTS", "DEFAULT_TIME_BUDGET", "LEVELS", "LEVEL_NAMES", "choose_action"]
