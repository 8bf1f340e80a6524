"""Bot tournaments for Halma-Dame: measured strength and speed (GAMES.md point 2), over
games/core/tournament.py.

    python -m games.halma_dame.bots.tournament                       # master vs novice, 100 games
    python -m games.halma_dame.bots.tournament --games 40 master sparring --time-budget 0.2

Games come in pairs with the colours swapped and the same random sources. Prints per level its
win rate with a 95% Wilson interval (a draw is half a win), its wins as Black and as White, how
the games ended, and the time per decision (median, p95) of the decisions that needed thought
(a lone legal move is played at once and not timed); time budgets run on the CPU clock.
"sparring" is the sparring partner (sparring.py), an alpha-beta player written apart from the
levels.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from games.core import tournament

from .. import GAME
from . import BOTS, LEVELS, sparring

COLOURS = ("Black", "White")  # by seat (HD2)
PLAYERS = LEVELS + ("sparring",)  # the site's levels and the sparring partner


def sparring_move(view: dict, rng: random.Random, budget=None, clock=None) -> dict:
    move = sparring.choose(view, rng, budget, clock)
    return {"seat": view["seat"], "action": "move", "move": move}


def needs_thought(view: dict) -> bool:
    return len(view["legal_moves"]) > 1


def summary(game, state) -> dict:
    return {"end_reason": state.end_reason, "plies": state.plies, "passes": sum(state.passes)}


# The bots' clock is this process's CPU time: a time budget means the same search however
# busy the machine is (GAMES.md: move times on one core).
SETUP = tournament.Setup(
    GAME,
    2,
    bots=tournament.WithSparring(BOTS, sparring_move),
    timed=needs_thought,
    summary=summary,
    clock=time.process_time,
)


def details(results: list[tournament.Result]) -> str:
    plies = sum(r.extra["plies"] for r in results) / len(results)
    passes = sum(r.extra["passes"] for r in results) / len(results)
    return "\n".join(
        [
            "",
            tournament.by_seat(results, PLAYERS, COLOURS),
            "",
            f"{len(results)} games, {plies:.1f} moves and {passes:.1f} automatic passes per "
            f"game on average; {tournament.endings(results)}.",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "levels", nargs="*", default=["master", "novice"], metavar="LEVEL", help=str(PLAYERS)
    )
    parser.add_argument("--games", type=int, default=100, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="seconds per move")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    args = parser.parse_args(argv)
    if len(args.levels) != 2 or set(args.levels) - set(PLAYERS):
        parser.error(f"name two of {', '.join(PLAYERS)}")
    jobs = tournament.schedule(args.levels, args.games, args.seed)
    budget = "default" if args.time_budget is None else f"{args.time_budget} s"
    print(
        f"halma_dame bot tournament: {' vs '.join(args.levels)}, {len(jobs)} games "
        f"({len(jobs) // 2} pairs, colours swapped), seed {args.seed!r}, time budget {budget}",
        flush=True,
    )
    started = time.perf_counter()
    setup = dataclasses.replace(SETUP, budget=args.time_budget)
    results = tournament.run(setup, jobs, processes=args.jobs, noun="games")
    print(tournament.report(results, PLAYERS, points=None))
    print(details(results))
    print(f"Wall time {time.perf_counter() - started:.1f} s.")


if __name__ == "__main__":
    main()
