"""The tournament command runs end to end over the shared harness and prints its tables; the
master beats the novice and the sparring partner in small runs with a fixed amount of work (the
full figures: `python -m games.raeuber_und_gendarm.bots.tournament`). A whole game takes up to
400 moves, so the runs here use a short move limit (RG5)."""

from __future__ import annotations

import dataclasses

from games.core.tournament import run, schedule
from games.raeuber_und_gendarm.bots.tournament import SETUP
from tests.commands import first_table, output

FIXED = dataclasses.replace(SETUP, clock=None, budget=0.02)  # repeatable: no clock


def points(results, level: str) -> float:
    total = 0.0
    for r in results:
        firsts = r.ranking.count(1)
        total += sum(r.ranking[s] == 1 for s, lv in enumerate(r.levels) if lv == level) / firsts
    return total


def test_a_small_tournament_prints_the_tables():
    out = output(
        "games.raeuber_und_gendarm.bots.tournament", "--games", "2", "--time-budget", "0.01",
        "--move-limit", "15",
    )  # fmt: skip
    assert "2 games (1 pairs, colours swapped)" in out
    assert "95% CI" in out and "as Black" in out and "p95" in out and "ended by" in out
    assert first_table(out)["master"][1] == "2"


def test_the_master_outruns_the_novice_in_a_short_game():
    """With 40 moves each nobody comes home: the master is ahead in the race (its stones at
    home) in three games of four and over all four, whatever its colour (in a few moves a
    random player sometimes gets one stone more home; the master first gets its own stones
    off their starting squares before the opponent's fill round them, RG4)."""
    setup = dataclasses.replace(FIXED, options={"move_limit": 40}, summary=at_home)
    ahead, totals = 0, [0, 0]
    for r in run(setup, schedule(["master", "novice"], 4, "t")):
        master = r.levels.index("master")
        home = r.extra["at_home"][master], r.extra["at_home"][1 - master]
        ahead += home[0] > home[1]
        totals = [totals[0] + home[0], totals[1] + home[1]]
    assert ahead >= 3 and totals[0] > totals[1]


def at_home(game, state) -> dict:
    return {"end_reason": state.end_reason, "at_home": state.at_home()}
