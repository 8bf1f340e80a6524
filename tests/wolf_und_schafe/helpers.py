"""Building positions and playing actions in tests."""

from __future__ import annotations

import random

from games.core.checkerboard import parse_square
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.conformance import parse_setup


def position(board: dict[str, str], to_move: int = 0, plies: int = 0):
    """A game from the given pieces ({"a1": "s", ..., "d8": "w"}), as a scenario's setup makes
    it (malformed setups refused the same way)."""
    return GAME.position(*parse_setup({"board": board, "to_move": to_move, "plies": plies}))


def place(square: str) -> dict:
    return {"seat": 1, "action": "place", "square": square}


def move(seat: int, text: str) -> dict:
    return {"seat": seat, "action": "move", "move": text}


def play(state, *steps: str):
    """Play placements ("d8") and moves ("c1-d2") in turn, each by the seat to act."""
    for text in steps:
        seat = GAME.status(state).to_act[0]
        state = GAME.apply(state, move(seat, text) if "-" in text else place(text))
    return state


def acting(state) -> int:
    return GAME.status(state).to_act[0]


def legal(state) -> list[str]:
    return GAME.view(state, None)["legal_moves"]


def random_game(seed: int, start=None, resign_rate: float = 0.0):
    """A whole game of random legal actions: the states and the actions, start first."""
    rng = random.Random(seed)
    state = start or GAME.new(2, str(seed), {})
    states, actions = [state], []
    while not GAME.status(state).over:
        assert len(actions) < GAME.traits.max_actions, "a game must end (WS4)"
        seat = acting(state)
        if rng.random() < resign_rate:
            action = {"seat": rng.randrange(2), "action": "resign"}
        else:
            choices = [a for a in GAME.legal_actions(state, seat) if a["action"] != "resign"]
            action = rng.choice(choices)
        state = GAME.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def square(name: str) -> int:
    return parse_square(name)
