"""Räuber und Gendarm: stones step and leap over enemy stones in every direction, nothing is
captured; a player wins by blocking the opponent or rebuilding their army on the other side
(shared/rules/RAEUBER_UND_GENDARM.md), pure Python, no Django.

    from games.raeuber_und_gendarm import GAME   # the protocol object (games.core.protocol.Game)
    state = GAME.new(2, seed, {"move_limit": 200})
    state = GAME.apply(state, {"seat": 0, "action": "move", "move": "c3-d4"})
"""

from .engine import RaeuberUndGendarmGame

GAME = RaeuberUndGendarmGame()

__all__ = ["GAME", "RaeuberUndGendarmGame"]
