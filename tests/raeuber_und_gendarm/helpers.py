"""Building positions and playing moves in tests."""

from __future__ import annotations

from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.state import board_from_dict

BLACK_START = "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3"
WHITE_START = "b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8"


def position(black: str, white: str, to_move: int = 0, plies: int = 0, move_limit: int = 200):
    """A game from the given stones ("c3 d4 ..."), as a scenario's setup makes it."""
    stones = {sq: "b" for sq in black.split()} | {sq: "w" for sq in white.split()}
    return GAME.position(board_from_dict(stones), to_move, plies, move_limit)


def move(seat: int, text: str) -> dict:
    return {"seat": seat, "action": "move", "move": text}


def play(state, *moves: str):
    """Play moves in turn, each by the seat to move."""
    for text in moves:
        state = GAME.apply(state, move(state.to_move, text))
    return state


def legal(state) -> list[str]:
    return GAME.view(state, None)["legal_moves"]
