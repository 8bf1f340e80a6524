"""What every conformance runner shares (shared/scenarios/<slug>/README.md):

    python -m games.<slug>.scenario FILE.json      # or "-" for standard input

reads one scenario, plays it through the engine and prints exactly one JSON object on stdout with
exit status 0 (an illegal action is an outcome, not a crash); a malformed scenario exits 2 with
a one-line message on stderr and prints nothing on stdout.

A match's export from the site (its record's "Export": {"game", ..., "scenarios": [...]}) is
taken as it is: every scenario in it is played, and the one object printed is
{"scenarios": [outcome, ...]} (issue 28.18).
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


def _exported(data: Any, slug: str) -> list | None:
    """The scenarios of a match exported from the site, if `data` is such an export."""
    if isinstance(data, dict) and data.get("game") == slug and "scenarios" in data:
        if not isinstance(data["scenarios"], list) or not data["scenarios"]:
            raise MalformedScenario("an export without scenarios")
        return data["scenarios"]
    return None


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
        exported = _exported(scenario, slug)
        result = {"scenarios": [run(s) for s in exported]} if exported else run(scenario)
    except (OSError, ValueError, RecursionError) as e:  # MalformedScenario is a ValueError
        print(f"malformed scenario: {e}".splitlines()[0], file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
