"""The conformance suites (shared/scenarios/wolf_und_schafe, our copy of its public scenarios,
and ours in tests/wolf_und_schafe/scenarios) through the runner exactly as check.py calls it,
and the runner's contract for malformed scenarios (README: each exits 2, nothing on stdout)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.core.scenario import MalformedScenario
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.conformance import OUTCOME_KEYS, run

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "tests" / "wolf_und_schafe" / "scenarios"
# The shared suite where it sits beside the checkout (../shared, or ../../shared from a
# worktree), to check that our copies are current; the tests run our copies.
SHARED = next(
    (
        d / "shared" / "scenarios" / "wolf_und_schafe"
        for d in ROOT.parents
        if (d / "shared/scenarios/check.py").exists()
    ),
    None,
)
CHECK = OURS / "check.py"
SUITES = {"public": OURS / "public", "ours": OURS}
EXAMPLE = OURS / "public" / "01-place-then-move.json"


def runner(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.wolf_und_schafe.scenario", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("name", SUITES)
def test_every_scenario_passes_check_py(name):
    folder = SUITES[name]
    result = subprocess.run(
        [sys.executable, str(CHECK), str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    count = len(list(folder.glob("*.json")))
    assert count >= (8 if name == "public" else 30)
    assert result.stdout.strip().splitlines()[-1] == f"{count} passed, 0 failed", result.stdout


@pytest.mark.skipif(SHARED is None, reason="the shared folder is not beside this checkout")
def test_our_copy_of_the_public_suite_is_current():
    shared = sorted(p.name for p in SHARED.glob("*.json"))
    assert sorted(p.name for p in (OURS / "public").glob("*.json")) == shared
    for name in shared:
        assert (OURS / "public" / name).read_text() == (SHARED / name).read_text()


def test_stdin_gives_the_same_outcome_as_a_file():
    by_file = runner(str(EXAMPLE))
    by_stdin = runner("-", stdin=EXAMPLE.read_text())
    assert by_file.returncode == by_stdin.returncode == 0
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
    assert json.loads(by_file.stdout)["board"]["d8"] == "w"


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


FLOCK = {"a1": "s", "c1": "s", "e1": "s", "g1": "s"}
MALFORMED = {
    "game-other": _set(("game",), "dame"),
    "game-missing": _delete(("game",)),
    "players-3": _set(("players",), 3),
    "players-string": _set(("players",), "2"),
    "players-float": _set(("players",), 2.0),
    "players-missing": _delete(("players",)),
    "option-key": _set(("options",), {"side": "wolf"}),
    "options-not-object": _set(("options",), []),
    "setup-missing": _delete(("setup",)),
    "setup-not-object": _set(("setup",), "standard"),
    "setup-unknown-key": _set(("setup", "wolf"), "d8"),
    "board-missing": _delete(("setup", "board")),
    "board-list": _set(("setup", "board"), [["a1", "s"]]),
    "board-null": _set(("setup", "board"), None),
    "square-upper-case": _set(("setup", "board"), {**FLOCK, "D8": "w"}),
    "square-off-board": _set(("setup", "board"), {**FLOCK, "a9": "w"}),
    "square-bad-file": _set(("setup", "board"), {**FLOCK, "i2": "w"}),
    "square-light": _set(("setup", "board"), {**FLOCK, "c8": "w"}),
    "square-long": _set(("setup", "board"), {**FLOCK, "a10": "w"}),
    "piece-unknown": _set(("setup", "board"), {**FLOCK, "d8": "W"}),
    "piece-not-string": _set(("setup", "board"), {**FLOCK, "d8": 1}),
    "three-sheep": _set(("setup", "board"), {"a1": "s", "c1": "s", "e1": "s"}),
    "five-sheep": _set(("setup", "board"), {**FLOCK, "b2": "s"}),
    "two-wolves": _set(("setup", "board"), {**FLOCK, "d8": "w", "f8": "w"}),
    "broken-through-below": _set(
        ("setup", "board"), {"b2": "s", "d2": "s", "f2": "s", "h2": "s", "c1": "w"}
    ),
    "broken-through-level": _set(
        ("setup", "board"), {"a3": "s", "c3": "s", "e3": "s", "g5": "s", "g3": "w"}
    ),
    "no-wolf-wolf-to-move": _set(("setup", "to_move"), 1),
    "no-wolf-no-free-start": _set(("setup", "board"), {"b8": "s", "d8": "s", "f8": "s", "h8": "s"}),
    "to-move-2": _set(("setup", "to_move"), 2),
    "to-move-string": _set(("setup", "to_move"), "0"),
    "to-move-bool": _set(("setup", "to_move"), False),
    "to-move-missing": _delete(("setup", "to_move")),
    "plies-negative": _set(("setup", "plies"), -1),
    "plies-float": _set(("setup", "plies"), 1.5),
    "plies-string": _set(("setup", "plies"), "3"),
    "plies-null": _set(("setup", "plies"), None),
    "actions-object": _set(("actions",), {"0": {"seat": 0, "action": "resign"}}),
    "actions-string": _set(("actions",), "resign"),
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


@pytest.mark.parametrize("stdin", ["{not json", "[]", "3"])
def test_not_a_scenario_exits_2(stdin):
    result = runner("-", stdin=stdin)
    assert result.returncode == 2 and result.stdout == ""


def test_missing_file_and_bad_usage_exit_2():
    assert runner("/nonexistent/scenario.json").returncode == 2
    assert runner().returncode == 2


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
