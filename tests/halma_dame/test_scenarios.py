"""The conformance suites (our copy of shared/scenarios/halma_dame in scenarios/public, and ours in
scenarios/) through the runner exactly as check.py calls it, and the runner's contract for
malformed scenarios (README: every malformed case exits 2, one line on stderr, nothing on
stdout)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from games.core.scenario import MalformedScenario
from games.halma_dame import GAME
from games.halma_dame.conformance import run
from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "tests" / "halma_dame" / "scenarios"
EXAMPLE = OURS / "public" / "01-opening-moves.json"


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("games.halma_dame.scenario", *args, stdin=stdin, timeout=60)


def test_output_has_every_key_of_the_readme():
    out = json.loads(runner(str(EXAMPLE)).stdout)
    assert set(out) == {
        "status", "to_move", "over", "winners", "scores", "result", "end_reason", "board",
        "plies", "passes", "in_target", "legal_moves",
    }  # fmt: skip


def test_an_illegal_action_reports_its_index_and_reason():
    scenario = json.loads(EXAMPLE.read_text())
    scenario["actions"] = [{"seat": 0, "action": "move", "move": "b2-c3"}]
    scenario["actions"].append({"seat": 0, "action": "move", "move": "c3-d4"})
    out = json.loads(runner("-", stdin=json.dumps(scenario)).stdout)
    assert out["status"] == "illegal" and out["illegal"]["index"] == 1
    assert out["illegal"]["reason"].startswith("HD2")  # White is to move
    assert out["plies"] == 1 and out["board"]["c3"] == "b"  # the state before the refusal


def _set(path: tuple, value):
    def mutate(s):
        target = s
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _delete(path: tuple):
    def mutate(s):
        target = s
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


def _move_stone(frm: str, to: str):
    def mutate(s):
        board = s["setup"]["board"]
        board[to] = board.pop(frm)

    return mutate


BLACK_HOME = {sq: "b" for sq in ["a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8"]}
WHITE_LOOSE = {sq: "w" for sq in ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "d4"]}
MALFORMED = {
    "game-other": _set(("game",), "dame"),
    "game-missing": _delete(("game",)),
    "players-3": _set(("players",), 3),
    "players-string": _set(("players",), "2"),
    "players-bool": _set(("players",), True),
    "players-missing": _delete(("players",)),
    "option-key": _set(("options",), {"move_limit": 100}),
    "options-not-object": _set(("options",), []),
    "setup-missing": _delete(("setup",)),
    "setup-not-object": _set(("setup",), "standard"),
    "setup-unknown-key": _set(("setup", "passes"), [0, 0]),
    "board-missing": _delete(("setup", "board")),
    "board-list": _set(("setup", "board"), [["a1", "b"]]),
    "square-upper-case": _move_stone("a1", "A1"),
    "square-off-board": _move_stone("a1", "a9"),
    "square-light": _move_stone("a1", "b1"),
    "square-not-a-name": _move_stone("a1", "a10"),
    "stone-king": _set(("setup", "board", "a1"), "B"),
    "stone-unknown": _set(("setup", "board", "a1"), "x"),
    "stone-not-string": _set(("setup", "board", "a1"), 0),
    "seven-stones": _delete(("setup", "board", "a1")),
    "nine-stones": _set(("setup", "board", "c3"), "b"),
    "a-side-already-home": _set(("setup", "board"), BLACK_HOME | WHITE_LOOSE),
    "to-move-2": _set(("setup", "to_move"), 2),
    "to-move-string": _set(("setup", "to_move"), "0"),
    "to-move-bool": _set(("setup", "to_move"), False),
    "to-move-missing": _delete(("setup", "to_move")),
    "plies-negative": _set(("setup", "plies"), -1),
    "plies-float": _set(("setup", "plies"), 1.0),
    "plies-null": _set(("setup", "plies"), None),
    "actions-object": _set(("actions",), {"0": {"seat": 0, "action": "resign"}}),
    "actions-string": _set(("actions",), "resign"),
}


def _example() -> dict:
    return json.loads(EXAMPLE.read_text())


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_scenarios_are_refused(case):
    scenario = _example()
    MALFORMED[case](scenario)
    with pytest.raises(MalformedScenario):
        run(GAME, scenario)


@pytest.mark.parametrize(
    "case", ["square-light", "a-side-already-home", "option-key", "game-other", "nine-stones"]
)
def test_malformed_scenarios_exit_2_with_one_line(case):
    scenario = _example()
    MALFORMED[case](scenario)
    result = runner("-", stdin=json.dumps(scenario))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_the_well_formed_edges_are_accepted():
    """Not malformed: actions and options left out, plies given, a bad action (an outcome)."""
    scenario = _example()
    del scenario["actions"], scenario["options"]
    scenario["setup"]["plies"] = 7
    assert run(GAME, scenario)["plies"] == 7
    scenario["actions"] = ["b2-c3", {"seat": 0}]
    assert run(GAME, scenario)["illegal"]["index"] == 0
