"""The game protocol every game on the site follows, and what all engines share (pure Python).

    from games.core import Game, Status, Option, IllegalAction, MalformedAction

A game is one object (its `GAME`, in `games/<slug>/__init__.py`) with the methods of
`protocol.Game`; the platform (services, sockets, history, ratings) knows games only through it.
Randomness comes from `rng` (seeded streams anyone can replay), conformance runners share
`scenario.main`.
"""

from .errors import GameError, IllegalAction, MalformedAction
from .protocol import Bots, Game, Option, Status, Traits, ranking_from_scores
from .rng import Stream, new_seed, seed_hash, shuffled

__all__ = [
    "Bots",
    "Game",
    "GameError",
    "IllegalAction",
    "MalformedAction",
    "Option",
    "Status",
    "Stream",
    "Traits",
    "new_seed",
    "ranking_from_scores",
    "seed_hash",
    "shuffled",
]
