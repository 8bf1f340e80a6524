"""The conformance suite (a copy of shared/scenarios/einauge in scenarios/public, ours in
scenarios/) through the runner exactly as check.py (copied beside them) calls it, and the
runner's contract for malformed input (scenarios/malformed)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.einauge import GAME
from games.einauge.scenario import run
from tests.commands import run_module

from .helpers import play_random

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = Path(__file__).parent / "scenarios"
PUBLIC, OURS, MALFORMED = SCENARIOS / "public", SCENARIOS, SCENARIOS / "malformed"
CHECK = ROOT / "tests" / "platform" / "check.py"  # the repository's copy of shared's check.py


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.einauge.scenario", *args, stdin=stdin, timeout=60)


def test_the_suites_are_there():  # they run in tests/platform/test_conformance.py
    assert len(list(PUBLIC.glob("*.json"))) >= 9 and len(list(OURS.glob("*.json"))) >= 12


def test_a_wrong_expectation_fails_the_check(tmp_path):
    scenario = json.loads((PUBLIC / "01-buy-fight-table-refill.json").read_text())
    scenario["expect"]["ducats"] = [13, 20, 20]
    (tmp_path / "wrong.json").write_text(json.dumps(scenario))
    result = subprocess.run(
        [sys.executable, str(CHECK), str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


MALFORMED_FILES = sorted(MALFORMED.glob("*.json"))


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=[p.stem for p in MALFORMED_FILES])
def test_malformed_scenarios_exit_2_with_one_line(path):
    result = runner(str(path))
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("malformed scenario: ")


def test_there_is_a_malformed_case_for_each_rule_of_the_readme():
    assert len(MALFORMED_FILES) >= 20


def test_not_json_exits_2_and_stdin_works():
    bad = runner("-", stdin="{not json")
    assert bad.returncode == 2 and bad.stdout == ""
    path = PUBLIC / "06-final-round-and-scoring.json"
    by_file, by_stdin = runner(str(path)), runner("-", stdin=path.read_text())
    assert by_file.returncode == by_stdin.returncode == 0
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
    assert json.loads(by_file.stdout)["scores"] == [25, 23, 18]


@pytest.mark.parametrize("players", [2, 5])
def test_a_recorded_game_exports_as_a_scenario_that_replays(players):
    """GAME.scenarios(record): the starting position, every action, and the outcome."""
    states, log = play_random(players, f"export-{players}", random.Random(players))
    first, last = states[0], states[-1]
    record = {
        "players": players,
        "options": {},
        "seed": "export",
        "rounds": [
            {
                "number": 1,
                "void": False,
                "setup": GAME.round_setup(first),
                "actions": log,
                "result": GAME.round_result(last),
            }
        ],
    }
    [scenario] = GAME.scenarios(record)
    out = run(json.loads(json.dumps(scenario)))
    assert scenario["expect"]["over"] is True
    for key, value in scenario["expect"].items():
        assert out[key] == value, key
    assert out["scores"] == last.result["scores"]
