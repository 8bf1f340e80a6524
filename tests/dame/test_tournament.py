"""The tournament command runs end to end and prints its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.dame.bots.tournament import schedule, wilson

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    command = [sys.executable, "-m", "games.dame.bots.tournament", *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def rows(out: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isalpha()}


def test_a_small_tournament_prints_the_table():
    out = run("--game", "schlagdame", "--games", "4", "king", "man")
    assert "4 games (2 pairs, colours swapped)" in out
    assert "won" in out and "95% CI" in out and "p95 ms" in out
    table = rows(out)
    assert table["king"][1] == table["man"][1] == "4"  # games per level


def test_grandmaster_tournament_in_parallel():
    out = run("--games", "2", "--jobs", "2", "--time-budget", "0.01", "grandmaster", "man")
    assert set(rows(out)) >= {"grandmaster", "man"}


def test_schedule_pairs_games_with_colours_swapped():
    jobs = schedule("dame", "grandmaster", "man", games=3, seed="s", budget=None)
    assert len(jobs) == 4  # rounded up to whole pairs
    assert [job[2] for job in jobs] == ["s-0", "s-0", "s-1", "s-1"]
    assert [job[3] for job in jobs[:2]] == [("grandmaster", "man"), ("man", "grandmaster")]


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 0) == (0.0, 0.0)
