"""Whist (shared/rules/WHIST.md): four players in two partnerships, tricks, games, the rubber.

Pure Python, deterministic from a seed, no Django. The platform sees it through `GAME` (the
game protocol, games/core/protocol.py); `engine` documents the actions, the random streams and
the IllegalAction codes; `python -m games.whist.scenario FILE` is the conformance runner.
"""

from .game import GAME

__all__ = ["GAME"]
