"""The tournament command runs end to end and prints its tables; the perfect level beats the
random one in both roles (the harness itself: tests/core/test_tournament.py)."""

from __future__ import annotations

from games.core.tournament import run, schedule
from games.wolf_und_schafe.bots.tournament import SETUP, roles
from tests.commands import first_table, output


def winners(results) -> list[str]:
    return [r.levels[r.ranking.index(1)] for r in results]


def test_a_small_tournament_prints_the_table():
    out = output("games.wolf_und_schafe.bots.tournament", "--games", "6", "random", "random")
    assert "6 games (3 pairs, roles swapped)" in out
    assert "95% CI" in out and "as sheep" in out and "p95" in out
    assert first_table(out)["random"][1] == "12"  # both seats of six games


def test_the_perfect_level_wins_every_game_against_the_random_one():
    """In-process, so the table this test process already holds is used."""
    results = run(SETUP, schedule(["perfect", "random"], 20, "t"))
    assert winners(results) == ["perfect"] * 20
    assert first_table(roles(results))["perfect"][1:] == ["10/10", "10/10"]  # sheep, wolf


def test_the_sparring_partner_plays_legal_actions_and_beats_the_random_level():
    results = run(SETUP, schedule(["sparring", "random"], 4, "u"))
    assert winners(results) == ["sparring"] * 4


def test_the_perfect_level_beats_the_sparring_partner():
    """As the sheep it cannot lose (they win with perfect play from every start); as the wolf
    it loses as slowly as it can, setting the most traps, and the sparring partner falls into
    some of them."""
    results = run(SETUP, schedule(["perfect", "sparring"], 8, "v"))
    assert all(r.ranking[0] == 1 for r in results if r.levels[0] == "perfect")
    assert winners(results).count("perfect") >= 6
