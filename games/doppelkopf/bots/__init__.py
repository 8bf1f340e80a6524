"""Bot players for Doppelkopf, pure Python, seeing only `view(state, seat)` of their own seat.

Levels, easiest first (the easiest plays timeouts' seats and takes over from leavers, DK17):
    dabbler   healthy, never calls, any legal card at random
    club      the Club player: rules of thumb for reservations, calls, trump and fehl play
    master    determinized search: playouts over deals consistent with its view

    BOTS.choose(level, view, rng, time_budget=None, clock=None) -> the seat's action on its
        turn: a call (DK10) if it makes one now, else its reservation or card
    BOTS.optional(level, view, rng) -> a call the seat makes out of turn, or None

Calls: on its own turn a bot calls through `choose` (the seat then is still to act, and is
asked again); out of turn (a seat in Status.optional) through `optional`. The Club player calls
"Re"/"Kontra" on a strong hand; the Master values the next level of calls by playouts on its
own turn and uses the Club player's rule out of turn. The Dabbler never calls.

Bots never read the clock or the global random state: the caller passes `rng` and, for the
Master's search within `time_budget` seconds, `clock`; without a clock the Master does a fixed
amount of work. The view shows only the current and the last trick (DK17) and bots keep no
memory between moves, so no level can count the cards played before the last trick.
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
    """The action `view["seat"]` takes on its turn: a call, or its reservation or card.
    ValueError for an unknown level or when the seat is not to act."""
    _check(level)
    legal = view["legal"]
    if not legal["reservations"] and not legal["cards"]:
        raise ValueError(f"seat {view.get('seat')} is not to act now")
    if level == "dabbler":
        return dabbler.choose(view, rng)
    seat = view["seat"]
    if legal["calls"] and view["to_move"] == seat:
        made = club.call(view) if level == "club" else master.call(view, rng)
        if made:
            return {"seat": seat, "action": "announce", "call": made}
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
    """A call the seat makes out of turn, or None. The Dabbler never calls."""
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
