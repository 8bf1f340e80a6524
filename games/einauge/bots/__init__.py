"""Bot players for Einauge sei wachsam!, pure Python, seeing only `view(state, seat)`.

Three levels, easiest first (the easiest also plays timeouts and leavers' seats, EA13):
    deckhand   any legal action at random (it sells only when it must)
    merchant   greedy: the best immediate yield per ducat, the cheapest help to the others
    captain    search: each candidate action played out over several draw-pile orders drawn
               afresh (determinization), with merchant rollouts, scored by the final scoring

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> an action of view["seat"]

Bots never read the clock or global random state: the caller passes `rng` and, for the
captain's search within `time_budget` seconds, `clock`; without a clock it does fixed work.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from ..views import state_from_view
from . import captain, deckhand, merchant
from .deckhand import timeout_action

LEVELS: tuple[str, ...] = ("deckhand", "merchant", "captain")
LEVEL_NAMES = {"deckhand": "Deckhand", "merchant": "Merchant", "captain": "Captain"}
DEFAULT_TIME_BUDGET = captain.DEFAULT_TIME_BUDGET


def choose_action(
    level: str,
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """One legal action for view["seat"]; ValueError for an unknown level or no move."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has nothing to do now")
    seat = view["seat"]
    state = state_from_view(view, rng)  # the pile's order is drawn: bots never see it
    if level == "deckhand":
        return deckhand.choose(state, seat, rng)
    if level == "merchant":
        return merchant.choose(state, seat, rng)
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    return captain.choose(view, state, rng, budget, clock)


class EinaugeBots:
    """The protocol's Bots (games/core/protocol.py) for Einauge sei wachsam!."""

    levels = LEVELS

    def choose(
        self,
        level: str,
        view: dict,
        rng: Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict:
        return choose_action(level, view, rng, time_budget, clock)


BOTS = EinaugeBots()

__all__ = [
    "BOTS",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "LEVEL_NAMES",
    "choose_action",
    "timeout_action",
]
