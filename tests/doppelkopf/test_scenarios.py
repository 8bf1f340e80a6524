"""What is particular to Doppelkopf's runner: every kind of malformed scenario its README names
(exit 2, one line on stderr, nothing on stdout), illegal actions as outcomes, our scenarios'
coverage, and a recorded match exported as scenarios that replay. The suites themselves (the
copy of shared/scenarios/doppelkopf in scenarios/public, ours in scenarios/) run through
check.py in tests/platform/test_conformance.py."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from games.doppelkopf import GAME
from games.doppelkopf.scenario import run
from tests.commands import run_module

from .helpers import play_random_match

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent / "scenarios"
MALFORMED = sorted((HERE / "malformed").glob("*.json"))


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.doppelkopf.scenario", *args, stdin=stdin, timeout=60)


def test_our_scenarios_cover_illegal_actions():
    expects = [json.loads(p.read_text())["expect"] for p in HERE.glob("*.json")]
    illegal = [e for e in expects if e["status"] == "illegal"]
    assert len(expects) >= 12
    assert len(illegal) >= 8


@pytest.mark.parametrize("path", MALFORMED, ids=[p.stem for p in MALFORMED])
def test_malformed_scenarios_exit_2_with_one_line(path):
    result = runner(str(path))
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("malformed scenario: ")


def test_there_is_a_malformed_case_for_each_rule_of_the_readme():
    assert len(MALFORMED) >= 25


def test_an_illegal_action_is_an_outcome_not_a_crash():
    path = HERE / "public" / "04-hearts-ten-is-trump.json"
    result = runner(str(path))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 21
    assert "DK9" in out["illegal"]["reason"]


@pytest.mark.parametrize(
    "options", [{"deals": 4}, {"nines": False, "deals": 4}, {"compulsory_solo": True, "deals": 8}]
)
def test_a_recorded_match_exports_as_scenarios_that_replay(options):
    """GAME.scenarios(record): one scenario per deal, each replaying to the recorded result."""
    state, rounds = play_random_match(GAME.new(4, "export", options), random.Random(5), record=True)
    record = {"players": 4, "options": options, "seed": "export", "rounds": rounds}
    scenarios = GAME.scenarios(record)
    assert len(scenarios) == len(rounds) == state.deal.round
    for scenario in scenarios:
        out = run(json.loads(json.dumps(scenario)))
        assert out["status"] == "ok" and out["over"]
        for key, value in scenario["expect"].items():
            assert out[key] == value, key
    assert out["scores"] == state.scores and out["match_over"]
