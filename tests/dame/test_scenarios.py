"""The runners' contract for malformed scenarios (README: every malformed case exits 2) and
their output (the suites run through check.py in tests/platform/test_conformance.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from games.core.scenario import MalformedScenario
from games.dame import GAME
from games.dame.conformance import run
from games.schlagdame import GAME as SCHLAGDAME
from tests.commands import run_module
from tests.mutations import delete_at, set_at

ROOT = Path(__file__).resolve().parents[2]
OURS = {game: ROOT / "tests" / game / "scenarios" for game in ("dame", "schlagdame")}
EXAMPLE = OURS["dame"] / "14-king-chooses-where-to-stop-after-the-last-capture.json"


def runner(game: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module(f"games.{game}.scenario", *args, stdin=stdin, timeout=60)


def test_output_has_every_key_of_the_readme():
    out = json.loads(runner("dame", str(EXAMPLE)).stdout)
    assert set(out) == {
        "status",
        "to_move",
        "over",
        "winners",
        "scores",
        "result",
        "end_reason",
        "board",
        "pieces",
        "plies",
        "king_plies",
        "repetitions",
        "last_captured",
        "legal_moves",
    }


def test_an_illegal_action_reports_its_index_and_reason():
    scenario = json.loads(EXAMPLE.read_text())
    scenario["actions"].append({"seat": 0, "action": "move", "move": "h2-g1"})
    out = json.loads(runner("dame", "-", stdin=json.dumps(scenario)).stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 1
    assert out["illegal"]["reason"].startswith("DA2")  # Black is to move


def _example() -> dict:
    return json.loads(EXAMPLE.read_text())


THIRTEEN = ["b4", "d4", "f4", "h4", "a5", "c5", "e5", "g5", "b6", "d6", "f6", "h6", "a7"]
MALFORMED = {
    "game-other": set_at(("game",), "korsaren"),
    "game-missing": delete_at(("game",)),
    "players-3": set_at(("players",), 3),
    "players-string": set_at(("players",), "2"),
    "players-float": set_at(("players",), 2.0),
    "players-missing": delete_at(("players",)),
    "option-key": set_at(("options",), {"flying_kings": False}),
    "options-not-object": set_at(("options",), []),
    "setup-missing": delete_at(("setup",)),
    "setup-not-object": set_at(("setup",), "standard"),
    "setup-unknown-key": set_at(("setup", "seed"), "x"),
    "board-missing": delete_at(("setup", "board")),
    "board-list": set_at(("setup", "board"), [["b2", "W"]]),
    "board-null": set_at(("setup", "board"), None),
    "square-upper-case": set_at(("setup", "board", "B4"), "b"),
    "square-off-board": set_at(("setup", "board", "a9"), "b"),
    "square-bad-file": set_at(("setup", "board", "i1"), "w"),
    "square-light": set_at(("setup", "board", "b1"), "w"),
    "square-long": set_at(("setup", "board", "a10"), "w"),
    "piece-unknown": set_at(("setup", "board", "c3"), "k"),
    "piece-not-string": set_at(("setup", "board", "c3"), 1),
    "white-man-on-rank-8": set_at(("setup", "board", "b8"), "w"),
    "black-man-on-rank-1": set_at(("setup", "board", "c1"), "b"),
    "side-without-piece": set_at(("setup", "board"), {"b2": "W", "d4": "W"}),
    "side-with-13": set_at(
        ("setup", "board"),
        {
            sq: "b"
            for sq in ["b4", "d4", "f4", "h4", "a5", "c5", "e5", "g5", "b6", "d6", "f6", "h6", "a7"]
        }
        | {"a1": "W"},
    ),
    "to-move-2": set_at(("setup", "to_move"), 2),
    "to-move-string": set_at(("setup", "to_move"), "0"),
    "to-move-bool": set_at(("setup", "to_move"), True),
    "to-move-missing": delete_at(("setup", "to_move")),
    "plies-negative": set_at(("setup", "plies"), -1),
    "plies-float": set_at(("setup", "plies"), 1.5),
    "plies-string": set_at(("setup", "plies"), "3"),
    "king-plies-40": set_at(("setup", "king_plies"), 40),
    "king-plies-negative": set_at(("setup", "king_plies"), -1),
    "king-plies-null": set_at(("setup", "king_plies"), None),
    "actions-object": set_at(("actions",), {"0": {"seat": 0, "action": "resign"}}),
    "actions-string": set_at(("actions",), "resign"),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_scenarios_are_refused(case):
    scenario = _example()
    MALFORMED[case](scenario)
    with pytest.raises(MalformedScenario):
        run(GAME, scenario)


@pytest.mark.parametrize("game", ["dame", "schlagdame"])
@pytest.mark.parametrize("case", ["square-light", "king-plies-40", "option-key", "game-other"])
def test_malformed_scenarios_exit_2_with_one_line(game, case):
    scenario = _example()
    scenario["game"] = game
    MALFORMED[case](scenario)
    result = runner(game, "-", stdin=json.dumps(scenario))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_each_runner_takes_only_its_own_game():
    scenario = _example()
    scenario["game"] = "schlagdame"
    with pytest.raises(MalformedScenario):
        run(GAME, scenario)
    assert run(SCHLAGDAME, scenario)["status"] == "ok"


def test_actions_may_be_left_out_and_options_empty():
    scenario = _example()
    del scenario["actions"], scenario["options"]
    assert run(GAME, scenario)["legal_moves"] == ["b2-e5-g3", "b2-e5-h2"]
