"""Bot tournaments: measured strength and speed (issue 5), over games/core/tournament.py.

    python -m games.korsaren.bots.tournament --players 2 --matches 400 boatswain deckhand
    python -m games.korsaren.bots.tournament --players 4 --matches 200 \
        captain boatswain boatswain boatswain

One level per seat. Matches come in sets that share a seed (so the same first deal) and rotate
the levels round the table, so every level plays every seat of every deal. Prints per level: the
win rate with a 95% Wilson interval, mean penalty cards per match, sweeps, and the time per
move (median, p95). A shared first place counts as 1/k of a win for each of the k seats sharing
it. Everything is determined by --seed, except how deep the Captain searches in its time budget.
"""

from __future__ import annotations

import argparse
import time

from games.core import tournament
from games.korsaren import GAME

from . import LEVELS


def summary(game, state) -> dict:
    """Whether the match was won by a sweep (R9: the last round's result says so)."""
    return {"sweep": bool(game.round_result(state).get("sweep"))}


def sweeps(results: list[tournament.Result]) -> str:
    """Matches won by a sweep, per level of the winner."""
    won: dict[str, int] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            won[level] = won.get(level, 0) + (r.extra["sweep"] and r.ranking[seat] == 1)
    return "sweeps (R9), matches won by one: " + ", ".join(
        f"{level} {won[level]}" for level in sorted(won, key=LEVELS.index, reverse=True)
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="+", choices=LEVELS, help="one level per seat")
    parser.add_argument("--players", type=int, default=None, help="default: one per level")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="Captain, seconds")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    players = args.players or len(args.levels)
    if players not in GAME.player_counts or len(args.levels) != players:
        parser.error("give 2, 3 or 4 levels, one per seat (and --players to match)")

    setup = tournament.Setup(GAME, players, budget=args.time_budget, summary=summary)
    jobs = tournament.schedule(args.levels, args.matches, args.seed)
    seatings = len({job.levels for job in jobs})
    budget = "default" if args.time_budget is None else f"{args.time_budget} s"
    print(
        f"Korsaren bot tournament: {players} players ({' '.join(args.levels)}), "
        f"{len(jobs)} matches ({len(jobs) // seatings} seeds x {seatings} seatings), "
        f"seed {args.seed!r}, Captain time budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, args.jobs)
    print(tournament.report(results, LEVELS, points="penalty"))
    print(sweeps(results))
    print("penalty: mean penalty cards per seat per match (fewer is better).")
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
