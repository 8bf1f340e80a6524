"""The Dabbler: a random legal card when one fits (any wish, the Mau call or not), else it
draws. Drawing while holding a card that fits is legal (MM7) but makes random games last
thousands of moves; a beginner lays a card when they can."""

from __future__ import annotations

import random


def choose(view: dict, rng: random.Random) -> dict:
    plays = [a for a in view["legal"] if a["action"] != "draw"]
    return rng.choice(plays or view["legal"])
