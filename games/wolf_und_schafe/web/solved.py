"""Who wins Wolf und Schafe with perfect play, from each square the wolf may start on (WS2),
for the rules page. Worked out once by the solved game (games/wolf_und_schafe/bots/solver.py,
some seconds of one core) and written down here, so that a page never builds the table;
tests/wolf_und_schafe/test_web.py checks every figure against the solver and a game of the
perfect bot against itself.

    square: (the winning seat, the moves a game lasts with best play on both sides)
"""

from games.wolf_und_schafe.rules import SHEEP

PERFECT_PLAY = {
    "b8": (SHEEP, 43),
    "d8": (SHEEP, 43),
    "f8": (SHEEP, 43),
    "h8": (SHEEP, 43),
}
