"""The deckhand: any legal action at random (CG12: it also plays timeouts and leavers)."""

from __future__ import annotations

from random import Random


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> dict:
    return rng.choice(view["legal"])
