"""Cartagena 2 (shared/rules/CARTAGENA2.md): the race across two islands, with the boat between
them, into the pirates' nest. Pure Python, deterministic from a seed, no Django.

    from games.cartagena2 import GAME      # the protocol object (games.core.protocol.Game)

Modules: board (tiles, positions), cards, state, rules (where a pirate may go), engine (new,
legal actions, apply; the random streams and IllegalAction codes), views (view, resample),
game (the protocol), scenario (the conformance runner), bots.
"""

from .game import GAME

__all__ = ["GAME"]
