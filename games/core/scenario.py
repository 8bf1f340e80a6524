"""What every conformance runner shares (shared/scenarios/<slug>/README.md):

    python -m games.<slug>.scenario FILE.json      # or "-" for standard input

reads one scenario, plays it through the engine and prints exactly one JSON object on stdout with
exit status 0 (an illegal action is an outcome, not a crash); a malformed scenario exits 2 with
a one-line message on stderr and prints nothing on stdout.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any


class MalformedScenario(ValueError):
    pass


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def main(slug: str, run: Callable[[Any], dict], argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(f"usage: python -m games.{slug}.scenario FILE.json (or - for stdin)", file=sys.stderr)
        return 2
    try:
        if argv[0] == "-":
            scenario = json.load(sys.stdin)
        else:
            with open(argv[0], encoding="utf-8") as f:
                scenario = json.load(f)
        result = run(scenario)
    except (OSError, ValueError, RecursionError) as e:  # MalformedScenario is a ValueError
        print(f"malformed scenario: {e}".splitlines()[0], file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
