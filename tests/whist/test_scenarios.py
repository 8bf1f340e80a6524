"""The runner's contract for malformed input, and exports that replay through it (both suites
run through check.py in tests/platform/test_conformance.py)."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from games.whist import GAME
from games.whist.scenario import run
from tests.commands import run_module

from .helpers import play_random_rubber

OURS = Path(__file__).parent / "scenarios"
MALFORMED = sorted((OURS / "malformed").glob("*.json"))


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.whist.scenario", *args, stdin=stdin, timeout=60)


def test_there_is_a_malformed_case_for_each_rule_of_the_readme():
    assert len(MALFORMED) >= 40


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"variant": "long", "trump": "second_pack"},
        {"variant": "american", "trump": "fixed_no_trump", "after_rubber": "change_partners"},
    ],
)
def test_a_recorded_rubber_exports_as_a_scenario_that_replays(options):
    """GAME.scenarios(record): the whole rubber, its deals and cards, and its outcome."""
    state = GAME.new(4, "export", options)
    rng = random.Random(7)
    rounds = [{"number": 1, "void": False, "setup": GAME.round_setup(state), "actions": []}]
    while not GAME.status(state).over:
        status = GAME.status(state)
        if status.server_step:
            rounds[-1]["result"] = GAME.round_result(state)
            state = GAME.apply(state, status.server_step)
            rounds.append(
                {
                    "number": status.round + 1,
                    "void": False,
                    "setup": GAME.round_setup(state),
                    "actions": [],
                }
            )
            continue
        action = rng.choice(GAME.legal_actions(state, status.to_act[0]))
        rounds[-1]["actions"].append(action)
        state = GAME.apply(state, action)
    rounds[-1]["result"] = GAME.round_result(state)
    record = {"players": 4, "options": options, "seed": "export", "rounds": rounds}
    [scenario] = GAME.scenarios(record)
    out = run(json.loads(json.dumps(scenario)))
    assert scenario["expect"]["over"] is True
    for key, value in scenario["expect"].items():
        assert out[key] == value, key
    assert out["winners"] == [state.winner, state.winner + 2]
    assert out["completed_games"] == state.completed_games


def test_random_rubbers_replay_through_the_runner():
    """The runner and the engine agree on whole rubbers dealt from seeds."""
    for seed in ("a", "b"):
        state, log = play_random_rubber(GAME.new(4, seed, {"first_dealer": 1}), random.Random(3))
        deals = []
        replay = GAME.new(4, seed, {"first_dealer": 1})
        for action in log:
            if action["action"] == "play" and not replay.deal.trick and not replay.deal.played:
                deals.append({"hands": replay.deal.hands, "trump_card": replay.deal.trump_card})
            replay = GAME.apply(replay, action)
        scenario = {
            "players": 4,
            "setup": {"dealer": 1, "deals": deals},
            "actions": [a for a in log if a["action"] == "play"],
        }
        out = run(json.loads(json.dumps(scenario)))
        assert out["status"] == "ok" and out["over"]
        assert out["game_points"] == state.game_points
        assert out["rubber_value"] == state.rubber_value()
