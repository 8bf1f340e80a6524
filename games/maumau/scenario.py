"""The conformance runner: `python -m games.maumau.scenario FILE.json` (or `-` for stdin).

Plays one game from an explicit position (shared/scenarios/maumau/README.md) through this
engine and prints the outcome as one JSON object; a malformed scenario exits 2 with one line on
stderr (games/core/scenario.py).
"""

import sys

from games.core.scenario import main

from .conformance import run

if __name__ == "__main__":
    sys.exit(main("maumau", run))
