"""Every game's conformance runner against its suites, from copies inside the repository.

A game is a folder of games/ with a runner (`games/<slug>/scenario.py`), found by folder, not by
the registry, so an engine without a web part yet is held to it too. Its suites, in the scenario
format of its README (GAMES.md point 1):
- tests/<slug>/scenarios/public/: a copy of the published suite (shared/scenarios/<slug>/, with
  its README.md, the runner's contract);
- tests/<slug>/scenarios/ (or its ours/): our own scenarios in the same format.
Both run through tests/platform/check.py (the repository's copy of shared/scenarios/check.py),
exactly as anyone runs the published suite: `python -m games.<slug>.scenario FILE` per scenario.
Every runner reads a file or stdin alike and refuses what is no scenario at all, and each file
of tests/<slug>/scenarios/malformed/ (exit 2, one line on stderr, nothing on stdout); other
malformed cases are each game's own test (tests/<slug>/).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[2]
CHECK = Path(__file__).with_name("check.py")
SLUGS = sorted(p.parent.name for p in (ROOT / "games").glob("*/scenario.py"))
SLUGS = [slug for slug in SLUGS if slug != "core"]
SUITES = [
    pytest.param(slug, folder, id=f"{slug}-{folder or 'ours'}")
    for slug in SLUGS
    for folder in ("public", "")
]


def suite(slug: str, folder: str) -> Path:
    """tests/<slug>/scenarios/public, or our own: tests/<slug>/scenarios/ours if a game keeps
    them apart there, else tests/<slug>/scenarios itself."""
    base = ROOT / "tests" / slug / "scenarios"
    if folder == "public":
        return base / "public"
    return base / "ours" if (base / "ours").is_dir() else base


def scenarios(slug: str, folder: str) -> list[Path]:
    return sorted(suite(slug, folder).glob("*.json"))


def test_the_games_are_found_by_folder():
    assert {"korsaren", "dame", "schlagdame", "whist"} <= set(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_its_public_suite_and_scenarios_of_its_own(slug):
    public = ROOT / "tests" / slug / "scenarios" / "public"
    assert (public / "README.md").is_file(), f"copy shared/scenarios/{slug}/README.md here"
    assert scenarios(slug, "public"), f"copy shared/scenarios/{slug}/*.json to {public}"
    assert scenarios(slug, ""), f"our own scenarios belong in tests/{slug}/scenarios/(ours/)"


@pytest.mark.parametrize("slug, folder", SUITES)
def test_every_scenario_passes_check_py(slug, folder):
    paths = scenarios(slug, folder)
    for path in paths:  # check.py runs the runner the scenario names (Korsaren's by default)
        assert json.loads(path.read_text()).get("game", "korsaren") == slug, path.name
    result = subprocess.run(
        [sys.executable, str(CHECK), str(suite(slug, folder))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.stdout.strip().splitlines()[-1] == f"{len(paths)} passed, 0 failed", (
        result.stdout + result.stderr
    )
    assert result.returncode == 0


@pytest.mark.parametrize("slug", SLUGS)
def test_the_runner_reads_a_file_or_stdin_and_refuses_what_is_no_scenario(slug):
    module = f"games.{slug}.scenario"
    example = scenarios(slug, "public")[0]
    by_file = run_module(module, str(example), timeout=60)
    by_stdin = run_module(module, "-", stdin=example.read_text(), timeout=60)
    assert by_file.returncode == by_stdin.returncode == 0, by_file.stderr
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
    for stdin in ("{not json", "[]", "3"):
        result = run_module(module, "-", stdin=stdin, timeout=60)
        assert result.returncode == 2 and result.stdout == "", stdin
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for args in (("/nonexistent/scenario.json",), ()):  # no such file; no file named
        assert run_module(module, *args, timeout=60).returncode == 2, args


MALFORMED = [
    pytest.param(slug, path, id=f"{slug}-{path.stem}")
    for slug in SLUGS
    for path in sorted((ROOT / "tests" / slug / "scenarios" / "malformed").glob("*.json"))
]


@pytest.mark.parametrize("slug, path", MALFORMED)
def test_a_malformed_scenario_exits_2_with_one_line(slug, path):
    """tests/<slug>/scenarios/malformed/: files its README calls malformed, one rule each."""
    result = run_module(f"games.{slug}.scenario", str(path), timeout=60)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("malformed scenario: "), result.stderr


def test_check_py_reports_a_wrong_outcome(tmp_path):
    """The harness can fail: a scenario whose expectation is wrong is counted as failed."""
    scenario = json.loads(scenarios("korsaren", "public")[0].read_text())
    scenario["expect"]["phase"] = "no such phase"
    (tmp_path / "wrong.json").write_text(json.dumps(scenario))
    result = subprocess.run(
        [sys.executable, str(CHECK), str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "FAIL wrong.json: phase: expected 'no such phase'" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"
