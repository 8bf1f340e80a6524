"""Bot tournaments for Einauge sei wachsam!: measured strength and speed (GAMES.md point 2),
over games/core/tournament.py.

    python -m games.einauge.bots.tournament captain deckhand --games 30
    python -m games.einauge.bots.tournament captain merchant --players 3 --games 60 --fixed
    python -m games.einauge.bots.tournament captain sparring --fixed   # bots/sparring.py

For each player count (default 2, 3 and 5) one seat plays level A and every other seat level
B. Games come in sets on one seed (the same colours, start player and draw pile) with A in
each seat in turn. Prints per player count and level the win rate with a 95% Wilson interval
against the fair share (1/players; a shared victory counts as a share), mean jewels, and the
time per decision (median, p95) of decisions with more than one legal action. The captain's
time budget runs on the process's CPU clock (the machine may be shared); --fixed: a fixed
amount of search, repeatable.
"""

from __future__ import annotations

import argparse
import time

from games.core import tournament
from games.einauge import GAME

from ..views import state_from_view
from . import BOTS, LEVELS, sparring

PLAYERS = (*LEVELS, "sparring")  # the sparring partner is no level (bots/sparring.py)


def sparring_action(view: dict, rng, _budget=None, _clock=None) -> dict:
    return sparring.choose(state_from_view(view, rng), view["seat"], rng)


WITH_SPARRING = tournament.WithSparring(BOTS, sparring_action)


def has_choice(view: dict) -> bool:
    return len(view["legal"]) > 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=PLAYERS, help="the level of the one seat")
    parser.add_argument("b", choices=PLAYERS, help="the level of the other seats")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 5])
    parser.add_argument("--games", type=int, default=30, help="per player count, whole sets")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="captain, seconds")
    parser.add_argument("--fixed", action="store_true", help="captain: fixed work, no clock")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    args = parser.parse_args(argv)
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Einauge bot tournament: one {args.a} v {args.b}, players {args.players}, "
        f"seed {args.seed!r}, captain budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    for players in args.players:
        setup = tournament.Setup(
            GAME,
            players,
            budget=args.time_budget,
            clock=None if args.fixed else time.process_time,
            timed=has_choice,
            bots=WITH_SPARRING,
        )
        levels = [args.a] + [args.b] * (players - 1)
        jobs = tournament.schedule(levels, args.games, f"{args.seed}-{players}")
        results = tournament.run(setup, jobs, args.jobs, noun="games")
        print(f"\n{players} players:")
        print(tournament.report(results, LEVELS, points="jewels"))
    print(f"\nWall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
