"""Whist bot tournaments: partnerships of two levels over paired deals, over
games/core/tournament.py.

    python -m games.whist.bots.tournament hoyle dabbler --rubbers 100
    python -m games.whist.bots.tournament club dabbler --rubbers 1000 --variant long
    python -m games.whist.bots.tournament hoyle sparring --rubbers 200

Rubbers come in pairs on one seed: the same cut and the same sequence of deals ("deal-<n>"),
first with level A in seats 0 and 2 and level B in 1 and 3, then with the partnerships' seats
swapped, so each level holds every card the other held. Prints A's rubber and deal win rates
with 95% Wilson intervals, mean rubber points and values, and per level the time per decision
(moves with more than one legal card), CPU and wall-clock: median, p95. Everything is
determined by --seed, except how far Hoyle searches within its time budget (--fixed: a fixed
amount of search, repeatable). `sparring` (bots/sparring.py) is the sparring partner written
apart from the levels, from the rules file alone: a club player's rules of thumb with card
counting; it is no level of the site.
"""

from __future__ import annotations

import argparse
import random
import time

from games.core import tournament
from games.whist import GAME

from . import BOTS, LEVELS, sparring

OPPONENTS = (*LEVELS, "sparring")  # the sparring partner is no level of the site


def sparring_card(view: dict, rng: random.Random, _budget=None, _clock=None) -> dict:
    return {"seat": view["seat"], "action": "play", "card": sparring.choose(view, rng)}


PLAYERS = tournament.WithSparring(BOTS, sparring_card)


def has_choice(view: dict) -> bool:
    return len(view["legal"]) > 1


def summary(game, state) -> dict:
    """The rubber's winning team, its points and value (WH9), and tricks per team per deal."""
    return {
        "winner": state.winner,
        "rubber_points": state.rubber_points(),
        "rubber_value": state.rubber_value(),
        "deals": [line["tricks"] for line in state.sheet],
    }


def rubbers(results: list[tournament.Result], a: str, b: str) -> str:
    """A's rubbers and deals won, with Wilson intervals; rubber points and values."""
    won = deals = deals_won = tricks = points_a = points_b = value_a = 0
    for r in results:
        team_a = r.levels.index(a) % 2 if a != b else 0
        x = r.extra
        won += x["winner"] == team_a
        points_a += x["rubber_points"][team_a]
        points_b += x["rubber_points"][1 - team_a]
        value_a += x["rubber_value"] if x["winner"] == team_a else -x["rubber_value"]
        for d in x["deals"]:
            deals += 1
            deals_won += d[team_a] >= 7
            tricks += d[team_a]
    n = len(results)
    low, high = tournament.wilson(won, n)
    dlow, dhigh = tournament.wilson(deals_won, deals)
    return "\n".join(
        [
            f"{a} (A) v {b} (B): {n} rubbers, {deals} deals",
            f"rubbers won by A: {won}/{n} = {won / n:.1%}  95% CI [{low:.1%}, {high:.1%}]",
            f"deals won by A (7+ tricks): {deals_won}/{deals} = {deals_won / deals:.1%}  "
            f"95% CI [{dlow:.1%}, {dhigh:.1%}]; mean tricks per deal A {tricks / deals:.2f}",
            f"mean rubber points per rubber: A {points_a / n:.2f}, B {points_b / n:.2f};"
            f" mean rubber value for A {value_a / n:+.2f}",
            "",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=OPPONENTS, help="level of partnership A")
    parser.add_argument("b", choices=OPPONENTS, help="level of partnership B (or sparring)")
    parser.add_argument("--rubbers", type=int, default=100, help="rounded up to pairs")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--variant", choices=("short", "long", "american"), default="short")
    parser.add_argument(
        "--trump", choices=("turn_up", "second_pack", "fixed", "fixed_no_trump"), default="turn_up"
    )
    parser.add_argument("--time-budget", type=float, default=None, help="Hoyle, seconds")
    parser.add_argument("--fixed", action="store_true", help="Hoyle: fixed work, no clock")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    setup = tournament.Setup(
        GAME,
        4,
        options={"variant": args.variant, "trump": args.trump},
        budget=args.time_budget,
        # CPU time: the machine may be shared.
        clock=None if args.fixed else time.process_time,
        timed=has_choice,
        summary=summary,
        bots=PLAYERS,
    )
    jobs = tournament.schedule([args.a, args.b, args.a, args.b], args.rubbers, args.seed)
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Whist bot tournament: {args.a} v {args.b}, {len(jobs)} rubbers ({len(jobs) // 2} "
        f"paired seeds), {args.variant} whist, trump {args.trump}, seed {args.seed!r}, "
        f"Hoyle budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, args.jobs, noun="rubbers")
    print(rubbers(results, args.a, args.b))
    print(tournament.report(results, OPPONENTS, points="rub. pts"))
    print(
        "Rubbers are paired (same seed: same deals, the partnerships' seats swapped);\n"
        "rubber points: the team's WH9 points. Hoyle's time budget runs on the process's CPU\n"
        "clock (the machine may be shared)."
    )
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
