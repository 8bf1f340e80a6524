"""The random level: any legal move, or any free wolf start (WS5: what a timeout plays)."""

from __future__ import annotations

from random import Random


def choose(view: dict, rng: Random) -> str:
    return rng.choice(view["legal_moves"])
