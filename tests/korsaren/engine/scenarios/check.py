#!/usr/bin/env python3
"""Run Korsaren rules scenarios against the project's runner and compare outcomes.

Usage, from the project's root:  python ../shared/scenarios/check.py [FOLDER ...]
With no folder, the scenarios beside this file. The Python that runs this script is the one
that runs `-m games.korsaren.scenario`, so use the project's own environment.
Prints one line per failure and finishes with 'N passed, M failed'.
"""

import glob
import json
import os
import subprocess
import sys


def outcome(path):
    proc = subprocess.run(
        [sys.executable, "-m", "games.korsaren.scenario", path],
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
    folders = folders or [os.path.dirname(os.path.abspath(__file__))]
    passed = failed = 0
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            with open(path) as f:
                expect = json.load(f)["expect"]
            got, err = outcome(path)
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
