"""Shared helpers for the Doppelkopf tests: random matches through the game protocol."""

from __future__ import annotations

import random

from games.doppelkopf import GAME


def random_step(state, rng: random.Random, call_rate: float = 0.1, solo_rate: float = 0.15):
    """One random legal action: the server's deal, a call by any seat that may make one
    (Status.optional or the seat to act), or the turn's reservation or card. Reservations are
    mostly healthy so that normal games and weddings come up too."""
    status = GAME.status(state)
    if status.server_step:
        return status.server_step
    seats = sorted(set(status.to_act) | set(status.optional))
    calls = [a for s in seats for a in GAME.legal_actions(state, s) if a["action"] == "announce"]
    if calls and rng.random() < call_rate:
        return rng.choice(calls)
    turn = [a for a in GAME.legal_actions(state, status.to_act[0]) if a["action"] != "announce"]
    reserve = [a for a in turn if a["action"] == "reserve"]
    if reserve and rng.random() > solo_rate:
        wedding = [a for a in reserve if a["reservation"] == "wedding"]
        healthy = [a for a in reserve if a["reservation"] == "healthy"]
        if wedding and rng.random() < 0.5:
            return wedding[0]
        if healthy:
            return healthy[0]
    return rng.choice(turn)


def play_random_match(state, rng: random.Random, record: bool = False, limit: int | None = None):
    """Play to the end (or `limit` actions). With `record`, also the rounds in the platform's
    record format (setup, actions, result per deal)."""
    rounds = [{"number": 1, "void": False, "setup": GAME.round_setup(state), "actions": []}]
    count = 0
    while not GAME.status(state).over and (limit is None or count < limit):
        action = random_step(state, rng)
        if action["action"] == "deal":
            rounds[-1]["result"] = GAME.round_result(state)
        state = GAME.apply(state, action)
        count += 1
        if action["action"] == "deal":
            number = GAME.status(state).round
            rounds.append(
                {"number": number, "void": False, "setup": GAME.round_setup(state), "actions": []}
            )
        else:
            rounds[-1]["actions"].append(action)
    if GAME.status(state).over:
        rounds[-1]["result"] = GAME.round_result(state)
    return (state, rounds) if record else (state, count)
