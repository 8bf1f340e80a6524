"""The tournament command runs end to end and prints its tables (the harness itself:
tests/core/test_tournament.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    command = [sys.executable, "-m", "games.dame.bots.tournament", *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def rows(out: str) -> dict[str, list[str]]:
    """The first table's rows (the harness's), by level."""
    table: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line[:1].isalpha():
            table.setdefault(line.split()[0], line.split())
    return table


def test_a_small_tournament_prints_the_table():
    out = run("--game", "schlagdame", "--games", "4", "king", "man")
    assert "4 games (2 pairs, colours swapped)" in out
    assert "won" in out and "drawn" in out and "95% CI" in out and "p95" in out
    assert rows(out)["king"][1] == rows(out)["man"][1] == "4"  # games per level
    assert "ended by no_move 4." in out  # SD1: the side without a move wins


def test_grandmaster_tournament_in_parallel():
    out = run("--games", "2", "--jobs", "2", "--time-budget", "0.01", "grandmaster", "man")
    assert set(rows(out)) >= {"grandmaster", "man"}
