"""Wolf und Schafe: four sheep try to hem in one wolf (shared/rules/WOLF_UND_SCHAFE.md), pure
Python, no Django.

    from games.wolf_und_schafe import GAME      # the protocol object (games.core.protocol.Game)
    state = GAME.new(2, seed, {})
    state = GAME.apply(state, {"seat": 1, "action": "place", "square": "d8"})
    state = GAME.apply(state, {"seat": 0, "action": "move", "move": "c1-d2"})

Seat 0 plays the sheep, seat 1 the wolf (WS2).
"""

from .engine import WolfGame

GAME = WolfGame()

__all__ = ["GAME", "WolfGame"]
