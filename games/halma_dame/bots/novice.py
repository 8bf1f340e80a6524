"""The novice: a random legal move (HD6: what a timeout plays)."""

from __future__ import annotations

from random import Random


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> str:
    return rng.choice(view["legal_moves"])
