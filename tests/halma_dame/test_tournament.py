"""The tournament command runs end to end over the shared harness and prints its tables; the
master beats the novice and the sparring partner in small runs with a fixed amount of work (the
full figures: `python -m games.halma_dame.bots.tournament`)."""

from __future__ import annotations

import dataclasses

from games.core.tournament import run, schedule
from games.halma_dame.bots.tournament import SETUP
from tests.commands import first_table, output

FIXED = dataclasses.replace(SETUP, clock=None, budget=0.03)  # repeatable: no clock


def points(results, level: str) -> float:
    total = 0.0
    for r in results:
        firsts = r.ranking.count(1)
        total += sum(r.ranking[s] == 1 for s, lv in enumerate(r.levels) if lv == level) / firsts
    return total


def test_a_small_tournament_prints_the_tables():
    out = output("games.halma_dame.bots.tournament", "--games", "2", "--time-budget", "0.01")
    assert "2 games (1 pairs, colours swapped)" in out
    assert "95% CI" in out and "as Black" in out and "p95" in out and "ended by" in out
    assert first_table(out)["master"][1] == "2"


def test_the_master_beats_the_novice():
    results = run(FIXED, schedule(["master", "novice"], 4, "t"))
    assert points(results, "master") >= 3


def test_the_master_holds_its_own_against_the_sparring_partner():
    results = run(FIXED, schedule(["master", "sparring"], 2, "u"))
    assert points(results, "master") >= 1
