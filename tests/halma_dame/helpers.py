"""Building positions and playing moves in tests."""

from __future__ import annotations

from games.halma_dame import GAME
from games.halma_dame.state import board_from_dict


def position(black: str, white: str, to_move: int = 0, plies: int = 0):
    """A game from the given stones ("c3 d4 ...", as a scenario's setup makes it."""
    stones = {sq: "b" for sq in black.split()} | {sq: "w" for sq in white.split()}
    return GAME.position(board_from_dict(stones), to_move, plies)


def move(seat: int, text: str) -> dict:
    return {"seat": seat, "action": "move", "move": text}


def legal(state) -> list[str]:
    return GAME.view(state, None)["legal_moves"]
