"""Dame: Brazilian draughts on the 8x8 board (shared/rules/DAME.md), pure Python, no Django.

    from games.dame import GAME            # the protocol object (games.core.protocol.Game)
    state = GAME.new(2, seed, {})
    state = GAME.apply(state, {"seat": 0, "action": "move", "move": "c3-d4"})

Schlagdame (games.schlagdame) is the same engine with the goal turned round (SD1).
"""

from .engine import DameGame

GAME = DameGame("dame", misere=False)

__all__ = ["GAME", "DameGame"]
