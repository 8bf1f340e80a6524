"""The perfect level: every choice from the solved game (solver.py), read off the view alone.

It takes the best value for its own seat: a win as fast as possible, else the slowest loss.
Between equally slow losses it prefers the position that leaves the opponent the most replies
throwing its win away (a perfect opponent wins all the same, a fallible one may slip); what
still ties, `rng` breaks, so its games vary.
"""

from __future__ import annotations

from random import Random

from games.core.checkerboard import parse_path, parse_square

from ..rules import PIECE, SHEEP, after, broken_through, moves
from . import solver

Position = tuple[int, int, int]  # sheep, wolf, seat to move


def position(view: dict) -> tuple[int, int | None]:
    """(sheep, wolf) of the view's board."""
    sheep, wolf = 0, None
    for name, piece in view["board"].items():
        if piece == PIECE[SHEEP]:
            sheep |= 1 << parse_square(name)
        else:
            wolf = parse_square(name)
    return sheep, wolf


def result_of(view: dict, choice: str) -> Position:
    """The position a legal choice (a placement or a move) leads to."""
    sheep, wolf = position(view)
    if view["phase"] == "place":
        return sheep, parse_square(choice), SHEEP  # WS2: the sheep move next
    sheep, wolf = after(sheep, wolf, parse_path(choice))
    return sheep, wolf, 1 - view["to_move"]


def score(view: dict, choice: str) -> int:
    """The value of a legal choice for the seat making it (solver.py's scale)."""
    return solver.after_move(solver.value(*result_of(view, choice)))


def slips(sheep: int, wolf: int, to_move: int) -> float:
    """In a position the seat to move wins: the share of its moves that give the win away."""
    if broken_through(sheep, wolf):
        return 0.0
    replies = moves(sheep, wolf, to_move)
    lost = sum(solver.value(*after(sheep, wolf, m), 1 - to_move) > 0 for m in replies)
    return lost / len(replies) if replies else 0.0


def choose(view: dict, rng: Random) -> str:
    scored = [(score(view, choice), choice) for choice in view["legal_moves"]]
    best = max(v for v, _ in scored)
    choices = [choice for v, choice in scored if v == best]
    if best < 0 and len(choices) > 1:  # lost anyway: set the opponent the hardest task
        traps = {choice: slips(*result_of(view, choice)) for choice in choices}
        most = max(traps.values())
        choices = [choice for choice in choices if traps[choice] == most]
    return rng.choice(choices)
