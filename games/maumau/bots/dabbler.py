"""The Dabbler: any legal action at random."""

from __future__ import annotations

import random


def choose(view: dict, rng: random.Random) -> dict:
    return rng.choice(view["legal"])
