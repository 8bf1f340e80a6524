"""The conformance suite (scenarios/public: a copy of shared/scenarios/cartagena2; ours in
scenarios/) through check.py as a subprocess, and the runner's contract for malformed input
(scenarios/malformed: exit 2)."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from games.cartagena2 import GAME
from games.cartagena2.scenario import run
from tests.commands import run_module

from .helpers import random_game

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent / "scenarios"
MALFORMED = sorted((HERE / "malformed").glob("*.json"))


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.cartagena2.scenario", *args, stdin=stdin, timeout=60)


def test_the_suites_are_there():  # they run in tests/platform/test_conformance.py
    assert (
        len(list((HERE / "public").glob("*.json"))) >= 10 and len(list(HERE.glob("*.json"))) >= 12
    )


@pytest.mark.parametrize("path", MALFORMED, ids=[p.stem for p in MALFORMED])
def test_malformed_scenarios_exit_2_with_one_line(path):
    result = runner(str(path))
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("malformed scenario: ")


def test_malformed_cases_cover_the_readme():
    assert len(MALFORMED) >= 20


def test_not_json_exits_2_and_stdin_works():
    bad = runner("-", stdin="{not json")
    assert bad.returncode == 2 and bad.stdout == ""
    path = HERE / "public" / "02-advance-draws-cards.json"
    by_file, by_stdin = runner(str(path)), runner("-", stdin=path.read_text())
    assert by_file.returncode == by_stdin.returncode == 0
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
    assert json.loads(by_file.stdout)["deck_size"] == 13


def test_an_illegal_action_stops_the_run_with_exit_0():
    path = HERE / "public" / "07-privateer-waits-for-discards.json"
    out = json.loads(runner(str(path)).stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 1
    assert out["illegal"]["reason"].startswith("CG9")


@pytest.mark.parametrize("players,board", [(2, "standard"), (3, "random"), (5, "random")])
def test_a_recorded_match_exports_as_a_scenario_that_replays(players, board):
    """GAME.scenarios(record): the deal, every action and the outcome; the reshuffles' orders
    come from the seed, so a long game with reshuffles replays too."""
    seed = f"export-{players}"
    state, log = random_game(players, seed, {"board": board}, random.Random(players))
    first = GAME.new(players, seed, {"board": board})
    record = {
        "players": players,
        "options": {"board": board},
        "seed": seed,
        "rounds": [{"number": 1, "void": False, "setup": GAME.round_setup(first), "actions": log}],
    }
    [scenario] = GAME.scenarios(record)
    out = run(json.loads(json.dumps(scenario)))
    assert out == scenario["expect"]
    assert out["over"] and out["winners"] == [state.winner]
    assert len(scenario["setup"]["reshuffles"]) == state.reshuffles
    assert players < 5 or state.reshuffles >= 1  # CG10 met on the way
