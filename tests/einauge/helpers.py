"""Random play of Einauge sei wachsam! for the tests."""

from __future__ import annotations

import random

from games.einauge import GAME


def play_random(players: int, seed: str, rng: random.Random, limit: int | None = None):
    """A whole game of uniformly random legal actions (sales included); (states, actions)."""
    state = GAME.new(players, seed, {})
    states, log = [state], []
    limit = GAME.traits.max_actions if limit is None else limit
    while not GAME.status(state).over and len(log) < limit:
        seat = GAME.status(state).to_act[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, action)
        states.append(state)
        log.append(action)
    return states, log
