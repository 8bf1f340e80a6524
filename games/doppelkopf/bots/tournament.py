"""Doppelkopf bot tournaments over paired deals, a thin call of games/core/tournament.py.

    python -m games.doppelkopf.bots.tournament master dabbler --matches 40
    python -m games.doppelkopf.bots.tournament master sparring --matches 80 --fixed
    python -m games.doppelkopf.bots.tournament club dabbler --mode one --deals 8

Matches come in sets on one seed, so every seating plays the same deals: mode `pair` seats
level A at 0 and 2 and B at 1 and 3, then the other way round (each level holds every hand the
other held); mode `one` puts one A seat among three B seats, rotated over the four seats.
Parties change every deal (DK7), so the shared report ranks seats (fair share 25%); the lines
before it give the pair figures: how often A's two seats together end above B's two, and A's
mean score per seat and deal, with 95% intervals. Calls come through the bots' `optional` (out
of turn) and `choose` (on their turn). `sparring` is the sparring partner written apart from
the levels (sparring.py): it counts cards, as it sees every card fall. Everything is determined
by --seed, except how far the Master searches within its time budget (--fixed: fixed work).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from games.core import tournament
from games.doppelkopf import GAME

from . import LEVELS, choose_action, optional_action
from .sparring import Sparring

OPPONENTS = (*LEVELS, "sparring")


class TournamentBots:
    """The levels, and the sparring partner with a memory per seat."""

    levels = OPPONENTS

    def __init__(self) -> None:
        self.partners: dict[int, Sparring] = {}

    def _partner(self, view: dict) -> Sparring:
        # one per seat; its memory starts afresh with every deal (Sparring.observe)
        return self.partners.setdefault(view["seat"], Sparring(view["seat"]))

    def choose(self, level, view, rng, time_budget=None, clock=None) -> dict:
        if level == "sparring":
            return self._partner(view).choose(view)
        return choose_action(level, view, rng, time_budget, clock)

    def optional(self, level, view, rng) -> dict | None:
        if level == "sparring":
            return self._partner(view).optional(view)
        return optional_action(level, view, rng)


def has_choice(view: dict) -> bool:
    legal = view["legal"]
    return len(set(legal["cards"])) > 1 or len(legal["reservations"]) > 1


def summary(game, state) -> dict:
    return {"scores": state.scores[:], "deals": state.options["deals"]}


def pairs(results: list[tournament.Result], a: str, b: str) -> str:
    """A's matches won as two seats against B's two (pair mode), its score per seat and deal."""
    per_deal, won = [], 0.0
    for r in results:
        seats = [s for s in range(4) if r.levels[s] == a]
        scores, deals = r.extra["scores"], r.extra["deals"]
        per_deal.append(statistics.mean(scores[s] for s in seats) / deals)
        total = sum(scores[s] for s in seats)
        won += 1.0 if total > 0 else 0.5 if total == 0 else 0.0
    n = len(results)
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(n) if n > 1 else 0.0
    low, high = tournament.wilson(won, n)
    lines = [f"{a} (A) v {b} (B): {n} matches"]
    if len({lv for lv in results[0].levels}) == 2 and results[0].levels.count(a) == 2:
        lines.append(
            f"matches won by A's two seats: {won:g}/{n} = {won / n:.1%}  "
            f"95% CI [{low:.1%}, {high:.1%}]"
        )
    lines += [
        f"A's mean score per seat and deal: {mean:+.3f}  95% CI [{mean - half:+.3f}, "
        f"{mean + half:+.3f}]",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=LEVELS, help="level A")
    parser.add_argument("b", choices=OPPONENTS, help="level B (or the sparring partner)")
    parser.add_argument("--mode", choices=("pair", "one"), default="pair")
    parser.add_argument("--matches", type=int, default=40, help="rounded up to whole sets")
    parser.add_argument("--deals", type=int, choices=(4, 8, 12, 16, 20, 24), default=4)
    parser.add_argument("--nines", choices=("true", "false"), default="true")
    parser.add_argument("--compulsory-solo", action="store_true")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="Master, seconds")
    parser.add_argument("--fixed", action="store_true", help="Master: fixed work, no clock")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    options = {
        "deals": args.deals,
        "nines": args.nines == "true",
        "compulsory_solo": args.compulsory_solo,
    }
    setup = tournament.Setup(
        GAME,
        players=4,
        options=options,
        budget=args.time_budget,
        clock=None if args.fixed else time.process_time,  # CPU time: the machine may be shared
        timed=has_choice,
        summary=summary,
        bots=TournamentBots(),
    )
    levels = (args.a, args.b, args.a, args.b) if args.mode == "pair" else (args.a, *[args.b] * 3)
    jobs = tournament.schedule(levels, args.matches, args.seed)
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Doppelkopf bot tournament: {args.a} v {args.b}, mode {args.mode}, {len(jobs)} matches, "
        f"options {options}, seed {args.seed!r}, Master budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, processes=args.jobs)
    print(pairs(results, args.a, args.b))
    print(tournament.report(results, OPPONENTS, points="points"))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
