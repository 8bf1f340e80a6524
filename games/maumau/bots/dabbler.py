"""The Dabbler: three times in four a random card that fits (any wish, the Mau call or not),
else any legal action at random, a draw included. Drawing while holding a card that fits is
legal (MM7), but a player who always might makes random games last thousands of moves (the
platform's contract test plays whole matches with this level); a beginner mostly lays a card
when they can."""

from __future__ import annotations

import random

PLAY_WHEN_ABLE = 0.75


def choose(view: dict, rng: random.Random) -> dict:
    plays = [a for a in view["legal"] if a["action"] != "draw"]
    if plays and rng.random() < PLAY_WHEN_ABLE:
        return rng.choice(plays)
    return rng.choice(view["legal"])
