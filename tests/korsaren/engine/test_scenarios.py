"""The runner's contract for malformed input and its output (the public suite and ours, in
tests/korsaren/scenarios, run through check.py in tests/platform/test_conformance.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[3]
OURS = ROOT / "tests" / "korsaren" / "scenarios"
FIGURE_2 = OURS / "10-three-players-equal-limit-sinks.json"


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.korsaren.scenario", *args, stdin=stdin, timeout=60)


def test_an_illegal_action_is_an_outcome_not_a_crash():
    scenario = json.loads(FIGURE_2.read_text())
    scenario["actions"].insert(1, {"seat": 1, "action": "draw", "from": "stock"})
    result = runner("-", stdin=json.dumps(scenario))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["status"] == "illegal"
    assert out["illegal"]["index"] == 1
    assert out["illegal"]["reason"].startswith("R4")
    assert out["phase"] == "discard" and out["to_move"] == 0


def _malformed(mutate) -> subprocess.CompletedProcess:
    scenario = json.loads(FIGURE_2.read_text())
    mutate(scenario)
    return runner("-", stdin=json.dumps(scenario))


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda s: s["hands"][0].__setitem__(0, "purple-3"), "unknown card 'purple-3'"),
        (lambda s: s["hands"][1].__setitem__(0, s["hands"][0][0]), "appears twice"),
        (lambda s: s["stock"].append(s["pier"][0]), "appears twice"),
        (lambda s: s["hands"][2].pop(), "has 11 cards, not 12"),
        (lambda s: s.__setitem__("players", 5), "'players' must be 2, 3 or 4"),
        (lambda s: s.__setitem__("dealer", 3), "'dealer' must be a seat"),
        (lambda s: s.__setitem__("penalties", [0, 0]), "'penalties' must list 3"),
        (lambda s: s["actions"].append({"seat": 0, "action": "fly"}), "unknown action"),
        (lambda s: s["actions"][1].__setitem__("crew", ["gold"]), "unknown colour"),
        (lambda s: s["actions"][1].__setitem__("card", "yellow-12"), "must be a card"),
    ],
)
def test_malformed_scenarios_exit_2_with_one_line(mutate, message):
    result = _malformed(mutate)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
