"""The conformance runner: `python -m games.raeuber_und_gendarm.scenario FILE.json` (or `-`).

Plays one scenario (shared/scenarios/raeuber_und_gendarm/README.md) through this engine and
prints the outcome as one JSON object; a malformed scenario exits 2 with one line on stderr.
"""

import sys

from games.core.scenario import main

from . import GAME
from .conformance import run

if __name__ == "__main__":
    sys.exit(main(GAME.slug, lambda scenario: run(GAME, scenario)))
