#!/usr/bin/env python3
"""Run rules scenarios against the project's runners and compare outcomes.

Usage, from the project's root:  python ../shared/scenarios/check.py [FOLDER ...]
With no folder, every scenario beside this file and in its sub-folders (one per game). A
scenario's "game" key names the game (default "korsaren"); it runs through
`python -m games.<game>.scenario FILE`, with the Python that runs this script, so use the
project's own environment. Prints one line per failure and ends with 'N passed, M failed'.
"""

import glob
import json
import os
import subprocess
import sys


def outcome(path, game):
    proc = subprocess.run(
        [sys.executable, "-m", f"games.{game}.scenario", path],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode != 0:
        return None, f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}"
    try:
        return json.loads(proc.stdout), None
    except ValueError:
        return None, f"not one JSON object on stdout: {proc.stdout[:200]!r}"


def compare(expect, got):
    wrong = []
    for key, want in expect.items():
        if key == "illegal_index":
            have = (got.get("illegal") or {}).get("index")
        else:
            have = got.get(key, "<missing>")
        if have != want:
            wrong.append(f"{key}: expected {want!r}, got {have!r}")
    return wrong


def main(folders):
    here = os.path.dirname(os.path.abspath(__file__))
    folders = folders or [here] + sorted(
        d for d in glob.glob(os.path.join(here, "*")) if os.path.isdir(d)
    )
    passed = failed = 0
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            with open(path) as f:
                scenario = json.load(f)
            expect = scenario["expect"]
            got, err = outcome(path, scenario.get("game", "korsaren"))
            wrong = [err] if err else compare(expect, got)
            if wrong:
                failed += 1
                print(f"FAIL {os.path.basename(path)}: " + "; ".join(wrong))
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
