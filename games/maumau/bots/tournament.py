"""Mau Mau bot tournaments: one seat of level A against level B in every other seat, at 2, 4
and 7 players, over games/core/tournament.py.

    python -m games.maumau.bots.tournament shark dabbler --games 140 --fixed
    python -m games.maumau.bots.tournament shark regular --players 4 --games 100 --interject
    python -m games.maumau.bots.tournament shark sparring --players 2 --games 400 --fixed

Each match is one game (target_wins 1). Games come in sets on one seed (the same first dealer
and deal): level A takes each seat in turn. Prints per table size the shared harness's table:
win rates with 95% Wilson intervals against the fair share 1/n, and per level the time per
decision (moves with more than one legal action), CPU and wall-clock: median, p95. Interjections
(--interject, MM10) are the harness's optional moves. `sparring` (bots/sparring.py) is a club
player written apart from the levels. Everything is determined by --seed, except how far the
shark searches within its time budget (CPU clock; --fixed: fixed work, repeatable).
"""

from __future__ import annotations

import argparse
import random
import time

from games.core import tournament
from games.maumau import GAME

from . import BOTS, LEVELS, shark, sparring

OPPONENTS = (*LEVELS, "sparring")  # the sparring partner is no level of the site


def sparring_move(view: dict, rng: random.Random, _budget=None, _clock=None) -> dict:
    return sparring.choose(view, rng)


PLAYERS = tournament.WithSparring(BOTS, sparring_move, sparring.optional)


def has_choice(view: dict) -> bool:
    return len(view["legal"]) > 1


def setup(players: int, options: dict, budget=None, fixed=False) -> tournament.Setup:
    return tournament.Setup(
        GAME,
        players,
        options={**options, "target_wins": 1},
        budget=budget,
        clock=None if fixed else time.process_time,  # CPU time: the machine may be shared
        timed=has_choice,
        bots=PLAYERS,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=LEVELS, help="the level measured (one seat)")
    parser.add_argument("b", choices=OPPONENTS, help="the level in every other seat")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 7])
    parser.add_argument("--games", type=int, default=140, help="per table size, whole sets")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--interject", action="store_true", help="MM10: the doubled pack")
    parser.add_argument("--play-for-places", action="store_true", help="MM11")
    parser.add_argument("--time-budget", type=float, default=None, help="shark, seconds")
    parser.add_argument("--fixed", action="store_true", help="shark: fixed work, no clock")
    parser.add_argument("--iterations", type=int, default=None, help="shark's fixed work")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.iterations:
        shark.FIXED_ITERATIONS = args.iterations  # read by the workers, forked after this

    options = {"interject": args.interject, "play_for_places": args.play_for_places}
    work = f"fixed work ({shark.FIXED_ITERATIONS} iterations)"
    budget = work if args.fixed else f"{args.time_budget or shark.DEFAULT_TIME_BUDGET} s"
    print(
        f"Mau Mau bot tournament: {args.a} (one seat, rotated) v {args.b}, options {options}, "
        f"seed {args.seed!r}, shark budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    for players in args.players:
        levels = [args.a] + [args.b] * (players - 1)
        jobs = tournament.schedule(levels, args.games, f"{args.seed}-{players}")
        config = setup(players, options, args.time_budget, args.fixed)
        results = tournament.run(config, jobs, args.jobs, noun="games")
        print(f"\n{players} players:")
        print(tournament.report(results, LEVELS, points=None), flush=True)
    print(f"\nWall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
