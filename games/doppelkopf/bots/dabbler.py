"""The Dabbler: healthy always, never a call, any legal card at random (the easiest level; it
also plays for absent players and leavers)."""

from __future__ import annotations

import random


def choose(view: dict, rng: random.Random) -> dict:
    seat, legal = view["seat"], view["legal"]
    if legal["reservations"]:
        choices = legal["reservations"]
        reservation = "healthy" if "healthy" in choices else rng.choice(choices)
        return {"seat": seat, "action": "reserve", "reservation": reservation}
    return {"seat": seat, "action": "play", "card": rng.choice(legal["cards"])}
