"""The perfect level: every choice from the solved game (solver.py), read off the view alone.

It takes the best value for its own seat: a win as fast as possible, else the slowest loss;
`rng` breaks ties between equally good choices, so its games vary.
"""

from __future__ import annotations

from random import Random

from games.core.checkerboard import parse_path, parse_square

from ..rules import PIECE, SHEEP, after
from . import solver


def position(view: dict) -> tuple[int, int | None]:
    """(sheep, wolf) of the view's board."""
    sheep, wolf = 0, None
    for name, piece in view["board"].items():
        if piece == PIECE[SHEEP]:
            sheep |= 1 << parse_square(name)
        else:
            wolf = parse_square(name)
    return sheep, wolf


def score(view: dict, choice: str) -> int:
    """The value of a legal choice for the seat making it (solver.py's scale)."""
    sheep, wolf = position(view)
    if view["phase"] == "place":
        return solver.placement_value(sheep, parse_square(choice))
    seat = view["to_move"]
    sheep, wolf = after(sheep, wolf, parse_path(choice))
    return solver.after_move(solver.value(sheep, wolf, 1 - seat))


def choose(view: dict, rng: Random) -> str:
    scored = [(score(view, choice), choice) for choice in view["legal_moves"]]
    best = max(v for v, _ in scored)
    return rng.choice([choice for v, choice in scored if v == best])
