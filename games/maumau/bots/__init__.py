"""Bot players for Mau Mau, pure Python, seeing only `view(state, seat)` of their own seat.

Three levels, easiest first (the easiest takes over a leaver's seat, MM14):
    dabbler   three times in four a random card that fits, else any legal action (and
              throws in a twin half of the time)
    regular   the pub regular: rules of thumb (keeps jacks for last, stacks 7s, wishes the suit
              it holds most of, calls Mau, always interjects)
    shark     determinized search: each candidate played out over many deals of what it
              cannot see, read from the others' play (a draw: nothing fitted) and weighed by
              how likely their plays were, rolled out by rules of thumb in a fast copy of the
              rules (sim.py)

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> action
        the seat's move in its turn (view["to_move"] == view["seat"])
    BOTS.optional(level, view, rng) -> action | None
        an out-of-turn move (MM10's interjection) for a seat in Status.optional, or None

Bots never read the clock or global random state: the caller passes `rng` and, for the
shark's search within `time_budget` seconds, `clock`; without a clock it does fixed work.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import dabbler, regular, shark

LEVELS: tuple[str, ...] = ("dabbler", "regular", "shark")
LEVEL_NAMES: dict[str, str] = {"dabbler": "Dabbler", "regular": "Regular", "shark": "Shark"}
DEFAULT_TIME_BUDGET = shark.DEFAULT_TIME_BUDGET


def choose_action(
    level: str,
    view: dict,
    rng: random.Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """The move `view["seat"]` makes in its turn. ValueError for an unknown level or when the
    seat is not to move."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if view.get("seat") is None or view.get("to_move") != view["seat"] or not view["legal"]:
        raise ValueError(f"seat {view.get('seat')} is not to move")
    if level == "dabbler":
        return dabbler.choose(view, rng)
    if level == "regular":
        return regular.choose(view, rng)
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    return shark.choose(view, rng, budget, clock)


def optional_action(level: str, view: dict, rng: random.Random) -> dict | None:
    """An interjection (MM10) `view["seat"]` makes out of turn, or None."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    twins = [a for a in view.get("legal", []) if a["action"] == "interject"]
    if not twins:
        return None
    if level == "dabbler":
        return rng.choice(twins) if rng.random() < 0.5 else None
    return regular.interjection(view)


class MauMauBots:
    """The protocol's Bots (games/core/protocol.py) for Mau Mau, with `optional` for moves out
    of turn."""

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

    def optional(
        self,
        level: str,
        view: dict,
        rng: random.Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict | None:
        """A quick decision (the protocol's): no search, so no budget or clock is used."""
        return optional_action(level, view, rng)


BOTS = MauMauBots()

__all__ = ["BOTS", "DEFAULT_TIME_BUDGET", "LEVELS", "LEVEL_NAMES", "choose_action"]
