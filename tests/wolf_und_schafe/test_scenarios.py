"""The runner's contract for malformed scenarios (README: each exits 2, nothing on stdout) and
its output (the public suite and ours run through check.py: tests/platform/test_conformance.py)."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest

from games.core.scenario import MalformedScenario
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.conformance import OUTCOME_KEYS, run
from tests.commands import run_module
from tests.mutations import delete_at, set_at

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "tests" / "wolf_und_schafe" / "scenarios"
EXAMPLE = OURS / "public" / "01-place-then-move.json"


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.wolf_und_schafe.scenario", *args, stdin=stdin, timeout=60)


def test_output_has_every_key_of_the_readme():
    out = json.loads(runner(str(EXAMPLE)).stdout)
    assert set(out) == set(OUTCOME_KEYS)
    scenario = _example()
    scenario["actions"].append({"seat": 0, "action": "move", "move": "a1-b2"})
    out = run(GAME, scenario)
    assert set(out) == set(OUTCOME_KEYS) | {"illegal"}
    assert out["illegal"]["index"] == 2 and out["illegal"]["reason"].startswith("WS2")


def _example() -> dict:
    return json.loads(EXAMPLE.read_text())


FLOCK = {"a1": "s", "c1": "s", "e1": "s", "g1": "s"}
MALFORMED = {
    "game-other": set_at(("game",), "dame"),
    "game-missing": delete_at(("game",)),
    "players-3": set_at(("players",), 3),
    "players-string": set_at(("players",), "2"),
    "players-float": set_at(("players",), 2.0),
    "players-missing": delete_at(("players",)),
    "option-key": set_at(("options",), {"side": "wolf"}),
    "options-not-object": set_at(("options",), []),
    "setup-missing": delete_at(("setup",)),
    "setup-not-object": set_at(("setup",), "standard"),
    "setup-unknown-key": set_at(("setup", "wolf"), "d8"),
    "board-missing": delete_at(("setup", "board")),
    "board-list": set_at(("setup", "board"), [["a1", "s"]]),
    "board-null": set_at(("setup", "board"), None),
    "square-upper-case": set_at(("setup", "board"), {**FLOCK, "D8": "w"}),
    "square-off-board": set_at(("setup", "board"), {**FLOCK, "a9": "w"}),
    "square-bad-file": set_at(("setup", "board"), {**FLOCK, "i2": "w"}),
    "square-light": set_at(("setup", "board"), {**FLOCK, "c8": "w"}),
    "square-long": set_at(("setup", "board"), {**FLOCK, "a10": "w"}),
    "piece-unknown": set_at(("setup", "board"), {**FLOCK, "d8": "W"}),
    "piece-not-string": set_at(("setup", "board"), {**FLOCK, "d8": 1}),
    "three-sheep": set_at(("setup", "board"), {"a1": "s", "c1": "s", "e1": "s"}),
    "five-sheep": set_at(("setup", "board"), {**FLOCK, "b2": "s"}),
    "two-wolves": set_at(("setup", "board"), {**FLOCK, "d8": "w", "f8": "w"}),
    "broken-through-below": set_at(
        ("setup", "board"), {"b2": "s", "d2": "s", "f2": "s", "h2": "s", "c1": "w"}
    ),
    "broken-through-level": set_at(
        ("setup", "board"), {"a3": "s", "c3": "s", "e3": "s", "g5": "s", "g3": "w"}
    ),
    "no-wolf-wolf-to-move": set_at(("setup", "to_move"), 1),
    "no-wolf-no-free-start": set_at(
        ("setup", "board"), {"b8": "s", "d8": "s", "f8": "s", "h8": "s"}
    ),
    "to-move-2": set_at(("setup", "to_move"), 2),
    "to-move-string": set_at(("setup", "to_move"), "0"),
    "to-move-bool": set_at(("setup", "to_move"), False),
    "to-move-missing": delete_at(("setup", "to_move")),
    "plies-negative": set_at(("setup", "plies"), -1),
    "plies-float": set_at(("setup", "plies"), 1.5),
    "plies-string": set_at(("setup", "plies"), "3"),
    "plies-null": set_at(("setup", "plies"), None),
    "actions-object": set_at(("actions",), {"0": {"seat": 0, "action": "resign"}}),
    "actions-string": set_at(("actions",), "resign"),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_scenarios_are_refused(case):
    scenario = _example()
    MALFORMED[case](scenario)
    with pytest.raises(MalformedScenario):
        run(GAME, scenario)


@pytest.mark.parametrize(
    "case", ["square-light", "broken-through-level", "no-wolf-wolf-to-move", "option-key"]
)
def test_malformed_scenarios_exit_2_with_one_line(case):
    scenario = _example()
    MALFORMED[case](scenario)
    result = runner("-", stdin=json.dumps(scenario))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_near_misses_are_not_malformed():
    """A wolf one rank above the lowest sheep, sheep anywhere before the placement, plies and
    options left out: all fine."""
    above = _example()
    above["setup"] = {"board": {"a3": "s", "c3": "s", "e3": "s", "g5": "s", "h4": "w"}}
    above["setup"]["to_move"] = 1
    above["actions"] = []
    assert run(GAME, above)["legal_moves"] == ["h4-g3"]
    early = _example()
    early["setup"]["board"] = {"b8": "s", "d8": "s", "f8": "s", "a1": "s"}
    del early["options"], early["actions"]
    assert run(GAME, early)["legal_moves"] == ["h8"]


def test_an_illegal_action_is_an_outcome_not_a_crash():
    scenario = _example()
    scenario["actions"] = [{"seat": 1, "action": "place", "square": "d8"}, "nonsense", None]
    result = runner("-", stdin=json.dumps(scenario))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 1
    assert out["board"] == {**FLOCK, "d8": "w"}  # the state before the refused action


def test_the_runner_does_not_change_the_scenario():
    scenario = _example()
    before = copy.deepcopy(scenario)
    run(GAME, scenario)
    assert scenario == before
