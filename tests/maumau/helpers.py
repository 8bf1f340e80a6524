"""Random play and hand-built positions for the Mau Mau tests."""

from __future__ import annotations

import random

from games.maumau import GAME
from games.maumau.conformance import position


def random_step(state, rng: random.Random, interject: float = 0.3):
    """One random legal action: usually the player to move's, sometimes an interjection from
    a seat of Status.optional (MM10); the deal between games. Returns (state, action)."""
    status = GAME.status(state)
    if status.server_step:
        return GAME.apply(state, status.server_step), status.server_step
    actions = GAME.legal_actions(state, status.to_act[0])
    if status.optional and rng.random() < interject:
        seat = rng.choice(status.optional)
        actions = GAME.legal_actions(state, seat) or actions
    action = rng.choice(actions)
    return GAME.apply(state, action), action


def play_random_match(state, rng: random.Random, limit: int | None = None):
    """The match played to its end at random; returns (final state, action log, states)."""
    limit = GAME.traits.max_actions if limit is None else limit
    log, states = [], [state]
    for _ in range(limit):
        if GAME.status(state).over:
            return state, log, states
        state, action = random_step(state, rng)
        log.append(action)
        states.append(state)
    raise AssertionError(f"no end within {limit} actions")


def mid_game(hands, discard, to_move, stock=(), options=None, **setup):
    """A state from the scenario format's mid-game position (scenarios/maumau/README.md)."""
    return position(
        {
            "players": len(hands),
            "options": options or {},
            "setup": {
                "dealer": 0,
                "hands": hands,
                "discard": discard,
                "stock": list(stock),
                "to_move": to_move,
                **setup,
            },  # fmt: skip
        }
    )
