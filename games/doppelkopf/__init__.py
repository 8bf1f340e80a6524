"""Doppelkopf (shared/rules/DOPPELKOPF.md): four players, the double pack, Re and Kontra.

Pure Python, deterministic from a seed, no Django. The platform sees it through `GAME` (the
game protocol, games/core/protocol.py); `engine` documents the actions, the random streams and
the IllegalAction codes; `python -m games.doppelkopf.scenario FILE` is the conformance runner.
"""

from .game import GAME

__all__ = ["GAME"]
