"""The tournament command runs end to end and prints its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.korsaren.bots.tournament import schedule, wilson

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> str:
    command = [sys.executable, "-m", "games.korsaren.bots.tournament", *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_two_player_tournament_prints_the_table():
    out = run("--players", "2", "--matches", "4", "--jobs", "1", "boatswain", "deckhand")
    assert "4 matches (2 seeds x 2 seatings)" in out
    assert "win rate" in out and "95% CI" in out and "p95 ms" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isalpha()}
    assert rows["boatswain"][1] == rows["deckhand"][1] == "4"  # seats played per level


def test_captain_tournament_in_parallel():
    out = run(
        *("--players", "3", "--matches", "3", "--jobs", "2", "--time-budget", "0.001"),
        *("captain", "boatswain", "deckhand"),
    )
    for level in ("captain", "boatswain", "deckhand"):
        assert any(line.startswith(level) for line in out.splitlines())


def test_schedule_pairs_seeds_and_rotates_the_seats():
    jobs = schedule(["captain", "boatswain", "deckhand"], matches=5, seed="s")
    assert len(jobs) == 6  # rounded up to whole sets of rotations
    assert [seed for _, seed, _ in jobs] == ["s-0"] * 3 + ["s-1"] * 3
    assert [levels[0] for _, _, levels in jobs[:3]] == ["captain", "boatswain", "deckhand"]


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
