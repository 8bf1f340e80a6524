"""Who wins Wolf und Schafe with perfect play, from each wolf start (WS2):

    python -m games.wolf_und_schafe.bots.solve

Builds the perfect level's table (solver.py) and prints, for each square the wolf may be
placed on, the winner and the game's length in moves when the winner wins as fast as it can
and the loser holds out as long as it can, then the table's size. (How long the build takes:
the tournament command measures it, engines and bots do not read the clock.)
"""

from __future__ import annotations

from games.core.checkerboard import SQUARES

from ..rules import SHEEP, START_SHEEP, WOLF_STARTS
from . import solver


def outcomes() -> dict[str, tuple[str, int]]:
    """For each wolf start: (the winner, "sheep" or "wolf"; moves to the end with perfect
    play), the sheep moving first from the standard start."""
    out = {}
    for square in WOLF_STARTS:
        v = solver.value(START_SHEEP, square, SHEEP)  # the sheep's value, as they move first
        winner = "sheep" if v > 0 else "wolf"
        out[SQUARES[square]] = (winner, solver.WIN - abs(v))
    return out


def main() -> None:
    print("Wolf und Schafe with perfect play (the sheep move first, WS2):")
    for square, (winner, moves) in outcomes().items():
        print(f"  wolf placed on {square}: the {winner} win, in {moves} moves")
    table = solver.table()
    print(
        f"Table: {len(table)} positions solved (reachable from the four starts), "
        f"{len(table.blocks)} sheep formations, {table.nbytes() / 1e6:.1f} MB of codes."
    )


if __name__ == "__main__":
    main()
