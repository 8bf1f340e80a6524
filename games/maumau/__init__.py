"""Mau Mau (shared/rules/MAUMAU.md): 2 to 7 players shed their cards on a discard pile, matching
suit or rank, with jacks that wish a suit, 8s that skip, 7s that make the next player draw, 9s
that reverse, the "Mau" call, and interjecting out of turn as a table option.

Pure Python, deterministic from a seed, no Django. The platform sees it through `GAME` (the
game protocol, games/core/protocol.py); `engine` documents the actions, the random streams and
the IllegalAction codes; `python -m games.maumau.scenario FILE` is the conformance runner.
"""

from .game import GAME

__all__ = ["GAME"]
