"""The conformance runner: `python -m games.schlagdame.scenario FILE.json` (or `-` for stdin).

Dame's scenario format with "game": "schlagdame" (shared/scenarios/schlagdame/README.md).
"""

import sys

from games.core.scenario import main
from games.dame.conformance import run

from . import GAME

if __name__ == "__main__":
    sys.exit(main(GAME.slug, lambda scenario: run(GAME, scenario)))
