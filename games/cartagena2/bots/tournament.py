"""Cartagena 2 bot tournaments: one seat of level A against level B in every other seat, at
2, 3 and 5 players, over games/core/tournament.py.

    python -m games.cartagena2.bots.tournament corsair deckhand --games 30
    python -m games.cartagena2.bots.tournament corsair bosun --players 2 --games 100 --fixed
    python -m games.cartagena2.bots.tournament corsair sparring    # bots/sparring.py

For each player count, games come in sets on one seed (the same layout, deal and first player):
level A takes each seat in turn, the others play level B. Prints per player count each level's
win rate with a 95% Wilson interval against the fair share (1 / players), mean pirates in the
nest, and the time per decision (moves with more than one legal action), CPU and wall clock:
median, p95. Everything is determined by --seed, except how far the corsair searches within its
time budget (--fixed: a fixed amount of search, repeatable).
"""

from __future__ import annotations

import argparse
import time

from games.cartagena2 import GAME
from games.core import tournament

from . import BOTS, LEVELS, sparring

PLAYERS = (*LEVELS, "sparring")  # the sparring partner is no level of the site (sparring.py)


def sparring_action(view: dict, rng, _budget=None, _clock=None) -> dict:
    return sparring.choose(view, rng)


WITH_SPARRING = tournament.WithSparring(BOTS, sparring_action)


def has_choice(view: dict) -> bool:
    return len(view["legal"]) > 1


def table(players: int, a: str, b: str, args) -> list[tournament.Result]:
    setup = tournament.Setup(
        GAME,
        players,
        options={"board": args.board},
        budget=args.time_budget,
        clock=None if args.fixed else time.process_time,  # CPU time: the machine is shared
        timed=has_choice,
        bots=WITH_SPARRING,
    )
    jobs = tournament.schedule([a] + [b] * (players - 1), args.games, f"{args.seed}-{players}")
    return tournament.run(setup, jobs, args.jobs, noun="games")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=PLAYERS, help="the level of the one seat")
    parser.add_argument("b", choices=PLAYERS, help="the level of the other seats")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 5])
    parser.add_argument("--games", type=int, default=30, help="per player count, whole sets")
    parser.add_argument("--board", choices=("random", "standard"), default="random")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="corsair, seconds")
    parser.add_argument("--fixed", action="store_true", help="corsair: fixed work, no clock")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    args = parser.parse_args(argv)
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Cartagena 2 bot tournament: {args.a} (one seat, rotated) v {args.b}, board "
        f"{args.board}, seed {args.seed!r}, corsair budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    for players in args.players:
        results = table(players, args.a, args.b, args)
        print(f"\n{players} players (fair share {1 / players:.1%}):")
        print(tournament.report(results, PLAYERS, points="nest"))
    print(f"\nWall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
