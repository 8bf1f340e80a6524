"""Halma-Dame: a race across the draughts board, stepping and leaping forward without captures
(shared/rules/HALMA_DAME.md), pure Python, no Django.

    from games.halma_dame import GAME       # the protocol object (games.core.protocol.Game)
    state = GAME.new(2, seed, {})
    state = GAME.apply(state, {"seat": 0, "action": "move", "move": "b2-c3"})
"""

from .engine import HalmaDameGame

GAME = HalmaDameGame()

__all__ = ["GAME", "HalmaDameGame"]
