"""Building positions and playing moves in tests."""

from __future__ import annotations

import random

from games.dame import GAME
from games.dame.state import board_from_dict
from games.schlagdame import GAME as SCHLAGDAME

GAMES = [GAME, SCHLAGDAME]


def position(pieces: dict[str, str], to_move: int = 0, game=GAME, **counts):
    """A game from the given pieces ({"c3": "w", ...}), as a scenario's setup makes it."""
    return game.position(board_from_dict(pieces), to_move, **counts)


def move(seat: int, text: str) -> dict:
    return {"seat": seat, "action": "move", "move": text}


def play(state, *moves: str, game=GAME):
    """Play moves in turn, each by the seat to move."""
    for text in moves:
        state = game.apply(state, move(state.to_move, text))
    return state


def legal(state, game=GAME) -> list[str]:
    return game.view(state, None)["legal_moves"]


def random_game(game, seed: int, max_plies: int = 10_000):
    """A whole game of random legal moves: the states and the actions, start first."""
    rng = random.Random(seed)
    state = game.new(2, str(seed), {})
    states, actions = [state], []
    while not state.over and len(actions) < max_plies:
        action = move(state.to_move, rng.choice(legal(state, game)))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions
