"""The Dabbler: any legal card, uniformly at random (the easiest level)."""

from __future__ import annotations

import random


def choose(view: dict, rng: random.Random) -> str:
    return rng.choice(view["legal"])
