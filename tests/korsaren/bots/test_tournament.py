"""The tournament command runs end to end and prints its table (the harness itself:
tests/core/test_tournament.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> str:
    command = [sys.executable, "-m", "games.korsaren.bots.tournament", *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def rows(out: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isalpha()}


def test_two_player_tournament_prints_the_table():
    out = run("--players", "2", "--matches", "4", "--jobs", "1", "boatswain", "deckhand")
    assert "4 matches (2 seeds x 2 seatings)" in out
    assert "win rate" in out and "95% CI" in out and "penalty" in out and "p95" in out
    table = rows(out)
    assert table["boatswain"][1] == table["deckhand"][1] == "4"  # seats played per level
    assert "sweeps (R9), matches won by one: boatswain" in out


def test_captain_tournament_in_parallel():
    out = run(
        *("--players", "3", "--matches", "3", "--jobs", "2", "--time-budget", "0.001"),
        *("captain", "boatswain", "deckhand"),
    )
    assert "3 matches (1 seeds x 3 seatings)" in out
    table = rows(out)
    assert all(table[level][1] == "3" for level in ("captain", "boatswain", "deckhand"))
