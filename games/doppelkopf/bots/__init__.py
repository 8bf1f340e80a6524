"""Bot players for Doppelkopf, pure Python, seeing only `view(state, seat)` of their own seat.

Levels, easiest first (the easiest plays timeouts' seats and takes over from leavers, DK17):
    dabbler   healthy, never calls, any legal card at random
    club      the Club player: rules of thumb for reservations, calls, trump and fehl play
    master    determinized search: playouts over deals consistent with its view

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> the seat's reservation or card
    BOTS.optional(level, view, rng) -> a call (DK10) the seat makes now, or None

`optional` is asked whenever the seat may call (Status.optional, and before its own turn's
action); it returns an "announce" action or None. Bots never read the clock or the global random
state: the caller passes `rng` and, for the master's search within `time_budget` seconds,
`clock`; without a clock the master does a fixed amount of work.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import club, dabbler, master

LEVELS: tuple[str, ...] = ("dabbler", "club", "master")
LEVEL_NAMES: dict[str, str] = {"dabbler": "Dabbler", "club": "Club player", "master": "Master"}
DEFAULT_TIME_BUDGET = master.DEFAULT_TIME_BUDGET


def _check(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")


def choose_action(
    level: str,
    view: dict,
    rng: random.Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """The reservation or card `view["seat"]` plays on its turn. ValueError for an unknown
    level or when the seat is not to act."""
    _check(level)
    legal = view["legal"]
    if not legal["reservations"] and not legal["cards"]:
        raise ValueError(f"seat {view.get('seat')} is not to act now")
    if level == "dabbler":
        return dabbler.choose(view, rng)
    seat = view["seat"]
    if legal["reservations"]:
        pick = club.reservation(view) if level == "club" else master.reservation(view, rng)
        return {"seat": seat, "action": "reserve", "reservation": pick}
    if level == "club":
        card = club.choose_card(view, rng)
    else:
        budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
        card = master.choose_card(view, rng, budget, clock)
    return {"seat": seat, "action": "play", "card": card}


def optional_action(level: str, view: dict, rng: random.Random) -> dict | None:
    """A call the seat makes now (in or out of turn), or None. The Dabbler never calls."""
    _check(level)
    if level == "dabbler" or not view["legal"]["calls"]:
        return None
    made = club.call(view) if level == "club" else master.call(view, rng)
    return None if made is None else {"seat": view["seat"], "action": "announce", "call": made}


class DoppelkopfBots:
    """The protocol's Bots (games/core/protocol.py) for Doppelkopf, plus `optional`."""

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

    def optional(self, level: str, view: dict, rng: random.Random) -> dict | None:
        return optional_action(level, view, rng)


BOTS = DoppelkopfBots()

__all__ = [
    "BOTS",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "LEVEL_NAMES",
    "choose_action",
    "optional_action",
]
