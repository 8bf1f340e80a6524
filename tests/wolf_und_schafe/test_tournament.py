"""The tournament command runs end to end and prints its table; the perfect level beats the
random one in both roles."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.wolf_und_schafe.bots.tournament import play_game, report, schedule, wilson

ROOT = Path(__file__).resolve().parents[2]


def rows(out: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isalpha()}


def test_a_small_tournament_prints_the_table():
    command = [sys.executable, "-m", "games.wolf_und_schafe.bots.tournament", "--games", "6"]
    result = subprocess.run(
        [*command, "random", "random"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 games (3 pairs, roles swapped)" in out
    assert "95% CI" in out and "as sheep" in out and "p95 ms" in out
    assert rows(out)["random"][1] == "12"  # both seats of six games


def test_the_perfect_level_wins_every_game_against_the_random_one():
    """In-process, so the table this test process already holds is used."""
    results = [play_game(*job) for job in schedule("perfect", "random", 20, "t")]
    assert all(r.levels[r.winner] == "perfect" for r in results)
    table = rows(report(results))
    assert table["perfect"][2] == "100.0%" and table["perfect"][5:7] == ["10/10", "10/10"]


def test_schedule_pairs_games_with_roles_swapped():
    jobs = schedule("perfect", "random", games=3, seed="s")
    assert len(jobs) == 4  # rounded up to whole pairs
    assert [job[1] for job in jobs] == ["s-0", "s-0", "s-1", "s-1"]
    assert [job[2] for job in jobs[:2]] == [("perfect", "random"), ("random", "perfect")]


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 0) == (0.0, 0.0)


def test_the_sparring_partner_plays_legal_actions_and_beats_the_random_level():
    results = [play_game(*job) for job in schedule("sparring", "random", 4, "u")]
    assert all(r.levels[r.winner] == "sparring" for r in results)


def test_the_perfect_level_beats_the_sparring_partner():
    """As the sheep it cannot lose (they win with perfect play from every start); as the wolf
    it loses as slowly as it can, setting the most traps, and the sparring partner falls into
    some of them."""
    results = [play_game(*job) for job in schedule("perfect", "sparring", 8, "v")]
    assert all(r.winner == 0 for r in results if r.levels[0] == "perfect")
    assert sum(r.levels[r.winner] == "perfect" for r in results) >= 6
