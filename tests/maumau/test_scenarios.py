"""What is particular to Mau Mau's runner (both suites, the malformed files and the common
contract run in tests/platform/test_conformance.py)."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from games.maumau import GAME
from games.maumau.conformance import run
from tests.commands import run_module

from .helpers import random_step

ROOT = Path(__file__).resolve().parents[2]
OURS = Path(__file__).parent / "scenarios"
PUBLIC = OURS / "public"
MALFORMED = sorted((OURS / "malformed").glob("*.json"))


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.maumau.scenario", *args, stdin=stdin, timeout=60)


def test_our_scenarios_cover_the_rule_edges():
    assert len(list(OURS.glob("*.json"))) >= 12
    assert len(MALFORMED) >= 30


def test_not_json_no_file_and_usage_exit_2_and_stdin_works():
    assert runner("-", stdin="{not json").returncode == 2
    assert runner(str(OURS / "no-such-file.json")).returncode == 2
    assert runner().returncode == 2
    path = OURS / "28-points-match-ends.json"
    by_file, by_stdin = runner(str(path)), runner("-", stdin=path.read_text())
    assert by_file.returncode == by_stdin.returncode == 0
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
    assert json.loads(by_file.stdout)["match_winners"] == [2]


def test_an_illegal_action_is_an_outcome_with_its_index():
    out = json.loads(runner(str(OURS / "23-stale-interjection.json")).stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 1
    assert "10D" in out["illegal"]["reason"]  # the top card that made it stale


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {"target_wins": 2}),
        (4, {"interject": True, "target_wins": 1}),
        (5, {"play_for_places": True, "scoring": "points", "points_limit": 50}),
    ],
)
def test_a_recorded_match_exports_as_scenarios_that_replay(players, options):
    """GAME.scenarios(record): one scenario per game, reshuffles in the order they were made."""
    state = GAME.new(players, "export", options)
    rng = random.Random(5)
    rounds = [{"number": 1, "void": False, "setup": GAME.round_setup(state), "actions": []}]
    while not GAME.status(state).over:
        before = GAME.status(state)
        state, action = random_step(state, rng)
        if action["action"] == "deal":
            rounds.append({"number": before.round + 1, "void": False, "actions": [action]})
        else:
            rounds[-1]["actions"].append(action)
    record = {"players": players, "options": options, "seed": "export", "rounds": rounds}
    scenarios = GAME.scenarios(record)
    assert len(scenarios) == len(rounds) == state.round
    assert any(s["setup"]["reshuffles"] for s in scenarios) or players == 5
    for scenario in scenarios:
        out = run(json.loads(json.dumps(scenario)))
        for key, value in scenario["expect"].items():
            assert out[key] == value, key
    assert scenarios[-1]["expect"]["match_over"] is True
    assert scenarios[-1]["expect"]["scores"] == state.scores
