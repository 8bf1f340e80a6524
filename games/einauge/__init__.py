"""Einauge sei wachsam! (shared/rules/EINAUGE.md): buying islands, fighting One-Eye, jewels and
treasure chests, for 2 to 5 players.

Pure Python, deterministic from a seed, no Django. The platform sees it through `GAME` (the
game protocol, games/core/protocol.py); `rules` documents the actions and the IllegalAction
codes, `game` the random streams; `python -m games.einauge.scenario FILE` is the conformance
runner.
"""

from .game import GAME

__all__ = ["GAME"]
