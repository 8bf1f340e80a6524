"""Bot tournaments for Dame and Schlagdame: measured strength and speed (GAMES.md point 2), over
games/core/tournament.py.

    python -m games.dame.bots.tournament --game dame --games 200 grandmaster man
    python -m games.dame.bots.tournament --game schlagdame --games 100 grandmaster king

Games come in pairs with the colours swapped and the same random sources, so each level plays
each side of the same pairing equally often. Prints per level its score (a draw half a win) with
a 95% Wilson interval, then its wins, draws and losses with intervals, and the time per move
(median, p95) of its decisions that needed thought (a lone legal move is played at once and not
timed). The time budget is the grandmaster's per move; every bot gets time.perf_counter as its
clock.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from games.core import tournament

from . import LEVELS

GAMES = ("dame", "schlagdame")


def engine(slug: str):
    if slug == "dame":
        from games.dame import GAME
    else:
        from games.schlagdame import GAME
    return GAME


def needs_thought(view: dict) -> bool:
    return len(view["legal_moves"]) > 1


def summary(game, state) -> dict:
    return {"end_reason": state.end_reason, "plies": state.plies}


def outcomes(results: list[tournament.Result]) -> str:
    """Wins, draws and losses per level with Wilson intervals; wins by colour; the endings."""
    played: Counter[str] = Counter()
    outcome: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        for seat, level in enumerate(r.levels):
            played[level] += 1
            kind = "draw" if r.ranking == (1, 1) else "win" if r.ranking[seat] == 1 else "loss"
            outcome[level][kind] += 1
    head = f"{'level':<12} {'won':<6} {'95% CI':<16} {'drawn':<6} {'95% CI':<16} {'lost':>6}"
    lines = ["", head, "-" * len(head)]
    for level in sorted(played, key=LEVELS.index, reverse=True):
        n = played[level]
        row = f"{level:<12}"
        for kind in ("win", "draw"):
            k = outcome[level][kind]
            low, high = tournament.wilson(k, n)
            row += f" {k / n:<6.1%} {f'[{low:.1%}, {high:.1%}]':<16}"
        lines.append(row + f" {outcome[level]['loss'] / n:>6.1%}")
    plies = sum(r.extra["plies"] for r in results) / len(results)
    return "\n".join(
        [
            *lines,
            "",
            tournament.by_seat(results, LEVELS, ("White", "Black")),
            "",
            f"{len(results)} games, {plies:.1f} moves (plies) per game on average; "
            f"{tournament.endings(results)}.",
            "Move times: decisions with more than one legal move.",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs=2, choices=LEVELS, metavar="LEVEL", help=str(LEVELS))
    parser.add_argument("--game", choices=GAMES, default="dame")
    parser.add_argument("--games", type=int, default=100, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="grandmaster, seconds")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    args = parser.parse_args(argv)
    a, b = args.levels
    setup = tournament.Setup(
        engine(args.game), 2, budget=args.time_budget, timed=needs_thought, summary=summary
    )
    # Two different levels swap colours; one level against itself plays each seed once.
    jobs = tournament.schedule([a, b], args.games, args.seed)
    budget = "default" if args.time_budget is None else f"{args.time_budget} s"
    print(
        f"{args.game} bot tournament: {a} vs {b}, {len(jobs)} games ({len(jobs) // 2} pairs, "
        f"colours swapped), seed {args.seed!r}, time budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, args.jobs, noun="games")
    print(tournament.report(results, LEVELS, points=None))
    print(outcomes(results))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
