"""The tournament command runs end to end and prints its tables (the harness itself:
tests/core/test_tournament.py)."""

from __future__ import annotations

from tests.commands import first_table, output


def run(*args: str) -> str:
    return output("games.dame.bots.tournament", *args)


def test_a_small_tournament_prints_the_table():
    out = run("--game", "schlagdame", "--games", "4", "king", "man")
    assert "4 games (2 pairs, colours swapped)" in out
    assert "won" in out and "drawn" in out and "95% CI" in out and "p95" in out
    assert first_table(out)["king"][1] == first_table(out)["man"][1] == "4"  # games per level
    assert "ended by no_move 4." in out  # SD1: the side without a move wins


def test_grandmaster_tournament_in_parallel():
    out = run("--games", "2", "--jobs", "2", "--time-budget", "0.01", "grandmaster", "man")
    assert set(first_table(out)) >= {"grandmaster", "man"}
