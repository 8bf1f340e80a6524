"""Bot players for Korsaren, pure Python over the engine (DESIGN.md): three levels.

    choose_action(level, view, rng=None, time_budget=None) -> action dict

A bot's only input is `view(state, seat)` for its own seat (R10: it sees what that player could
see at a real table), plus its own random source and, for the Captain, a time budget in seconds.
It answers whatever the game waits for from that seat: a draw, a discard or setting sail, its
lay-down when another player has set sail, or the deal of the next round.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import boatswain, captain, deckhand
from .legal import legal_actions_from_view, pending_task

LEVELS: tuple[str, ...] = ("deckhand", "boatswain", "captain")
LEVEL_NAMES: dict[str, str] = {
    "deckhand": "Deckhand",
    "boatswain": "Boatswain",
    "captain": "Captain",
}
DEFAULT_TIME_BUDGET = captain.DEFAULT_TIME_BUDGET


def choose_action(
    level: str,
    view: dict,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """One legal action for `view["seat"]`. Raises ValueError for an unknown level or when the
    game is not waiting for that seat. `time_budget` (seconds of `clock`) only concerns the
    Captain; without a clock it does a fixed amount of search."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if pending_task(view) is None:
        raise ValueError(f"seat {view['seat']} has nothing to do now")
    rng = rng if rng is not None else random.Random()
    if level == "deckhand":
        return deckhand.choose(view, rng)
    if level == "boatswain":
        return boatswain.choose(view, rng)
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    return captain.choose(view, rng, budget, clock=clock)


class KorsarenBots:
    """The protocol's Bots (games/core/protocol.py) for Korsaren."""

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


BOTS = KorsarenBots()

__all__ = [
    "BOTS",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "LEVEL_NAMES",
    "choose_action",
    "legal_actions_from_view",
    "pending_task",
]
