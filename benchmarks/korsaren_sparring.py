"""Korsaren: the Captain against a sparring partner written apart from the bots (issue 36,
GAMES.md point 2), through the shared tournament harness (games/core/tournament.py); run by hand.
Two players, matches in pairs on one seed with the seats swapped; prints win rates with 95%
Wilson intervals, mean penalty cards, decision times (CPU and wall, p50 and p95: only draws and
discards are timed, the lay-down after someone sets sail needs no thought), and how the matches
ended (sweeps, R9, per winner).

    nice -n 19 .venv/bin/python -m benchmarks.korsaren_sparring --matches 40 captain sparring
    nice -n 19 .venv/bin/python -m benchmarks.korsaren_sparring --matches 40 old-captain sparring
    nice -n 19 .venv/bin/python -m benchmarks.korsaren_sparring --matches 40 captain boatswain

Players: the site's levels (deckhand, boatswain, captain), "sparring"
(games/korsaren/bots/sparring.py, the sweep racer) and "old-captain" (the Captain before issue
36, benchmarks/korsaren_old_captain.py), the searching ones with the same time a decision.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from games.core import tournament
from games.korsaren import GAME
from games.korsaren.bots import BOTS, LEVELS, sparring

from . import korsaren_old_captain

PLAYERS = LEVELS + ("old-captain", "sparring")
ORDER = ("sparring", "deckhand", "boatswain", "old-captain", "captain")  # report: last first


class Players:
    """Setup.bots for the harness: the levels, the sparring partner and the old Captain."""

    levels = PLAYERS

    def choose(self, level, view, rng: random.Random, budget=None, clock=None) -> dict:
        if level == "sparring":
            return sparring.choose(view, rng)
        if level == "old-captain":
            budget = korsaren_old_captain.DEFAULT_TIME_BUDGET if budget is None else budget
            return korsaren_old_captain.choose(view, rng, budget, clock=clock)
        return BOTS.choose(level, view, rng, budget, clock)


def thinking(view: dict) -> bool:
    """Only draws and discards are timed (the lay-down and the deal need no search)."""
    return view["phase"] in ("draw", "discard")


def summary(game, state) -> dict:
    result = game.round_result(state)
    status = game.status(state)
    return {
        "sweep": bool(result.get("sweep")),
        "winners": [s for s, rank in enumerate(status.ranking) if rank == 1],
    }


def endings(results: list[tournament.Result], players: list[str]) -> str:
    swept: Counter[str] = Counter()
    for r in results:
        if r.extra["sweep"]:
            for seat in r.extra["winners"]:
                swept[r.levels[seat]] += 1
    by_sweep = sum(r.extra["sweep"] for r in results)
    return (
        f"{by_sweep} of {len(results)} matches ended by a sweep (R9): "
        + ", ".join(f"{p} {swept[p]}" for p in players)
        + "."
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs=2, choices=PLAYERS, help="the two seats' players")
    parser.add_argument("--matches", type=int, default=40, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="36")
    parser.add_argument("--time-budget", type=float, default=0.5, help="seconds a decision")
    parser.add_argument("--fixed", action="store_true", help="fixed work, no clock (tests)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    setup = tournament.Setup(
        GAME,
        2,
        budget=args.time_budget,
        clock=None if args.fixed else time.perf_counter,
        timed=thinking,
        summary=summary,
        bots=Players(),
    )
    jobs = tournament.schedule(args.players, args.matches, args.seed)
    work = "fixed work" if args.fixed else f"{args.time_budget} s a decision"
    print(
        f"Korsaren, 2 players: {' vs '.join(args.players)}, {len(jobs)} matches in pairs "
        f"(seats swapped), {work}, seed {args.seed!r}",
        flush=True,
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, args.jobs)
    print(tournament.report(results, ORDER, points="penalty"))
    print(endings(results, args.players))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
