"""The tournament command runs end to end and prints its table (the harness itself:
tests/core/test_tournament.py)."""

from __future__ import annotations

from tests.commands import first_table, output


def run(*args: str) -> str:
    return output("games.korsaren.bots.tournament", *args)


def test_two_player_tournament_prints_the_table():
    out = run("--players", "2", "--matches", "4", "--jobs", "1", "boatswain", "deckhand")
    assert "4 matches (2 seeds x 2 seatings)" in out
    assert "win rate" in out and "95% CI" in out and "penalty" in out and "p95" in out
    table = first_table(out)
    assert table["boatswain"][1] == table["deckhand"][1] == "4"  # seats played per level
    assert "sweeps (R9), matches won by one: boatswain" in out


def test_captain_tournament_in_parallel():
    out = run(
        *("--players", "3", "--matches", "3", "--jobs", "2", "--time-budget", "0.001"),
        *("captain", "boatswain", "deckhand"),
    )
    assert "3 matches (1 seeds x 3 seatings)" in out
    table = first_table(out)
    assert all(table[level][1] == "3" for level in ("captain", "boatswain", "deckhand"))
