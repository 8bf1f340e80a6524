"""Whist bot tournaments: partnerships of two levels over paired deals.

    python -m games.whist.bots.tournament hoyle dabbler --rubbers 100
    python -m games.whist.bots.tournament club dabbler --rubbers 1000 --variant long

Rubbers come in pairs on one seed: the same cut and the same sequence of deals ("deal-<n>"),
first with level A in seats 0 and 2 and level B in 1 and 3, then with the partnerships' seats
swapped, so each level holds every card the other held. Prints A's rubber and deal win rates
with 95% Wilson intervals, mean rubber points and values, and per level the time per decision
(moves with more than one legal card), CPU and wall-clock: median, p95, max. Everything is
determined by --seed, except how far Hoyle searches within its time budget (--fixed: a fixed
amount of search, repeatable).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import Pool

from games.whist import GAME

from . import LEVELS, choose_action

MAX_ACTIONS = 20_000  # a safety net: a rubber never needs nearly this many


@dataclass
class RubberResult:
    index: int
    levels: tuple[str, str]  # team 0's level, team 1's level
    winner: int  # team
    rubber_points: list[int]
    rubber_value: int
    deals: list[list[int]]  # tricks per team, per deal
    decision_times: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds
    wall_times: dict[str, list[float]] = field(default_factory=dict)


def play_rubber(
    index: int,
    seed: str,
    levels: tuple[str, str],
    options: dict,
    budget: float | None,
    fixed: bool = False,
) -> RubberResult:
    """One rubber, each seat choosing from its own view only."""
    state = GAME.new(4, seed, options)
    rngs = [random.Random(f"{seed}:{index}:{seat}") for seat in range(4)]
    times: dict[str, list[float]] = defaultdict(list)
    walls: dict[str, list[float]] = defaultdict(list)
    deals = []
    clock = None if fixed else time.process_time  # CPU time: the machine may be shared
    for _ in range(MAX_ACTIONS):
        status = GAME.status(state)
        if status.over:
            break
        if status.server_step:
            state = GAME.apply(state, status.server_step)
            continue
        seat = status.to_act[0]
        view = GAME.view(state, seat)
        level = levels[seat % 2]
        started, wall = time.process_time(), time.perf_counter()
        action = choose_action(level, view, rngs[seat], budget, clock)
        if len(view["legal"]) > 1:
            times[level].append(time.process_time() - started)
            walls[level].append(time.perf_counter() - wall)
        state = GAME.apply(state, action)
        if state.deal.result and not any(state.deal.hands):
            deals.append(state.deal.result["tricks"])
    else:
        raise RuntimeError(f"rubber {index} did not end")
    return RubberResult(
        index=index,
        levels=levels,
        winner=state.winner,
        rubber_points=state.rubber_points(),
        rubber_value=state.rubber_value(),
        deals=deals,
        decision_times=dict(times),
        wall_times=dict(walls),
    )


def _play(job: tuple) -> RubberResult:
    return play_rubber(*job)


def schedule(a: str, b: str, rubbers: int, seed: str) -> list[tuple[int, str, tuple[str, str]]]:
    """Pairs of rubbers on one seed, the partnerships' seats swapped in the second."""
    jobs = []
    for pair in range(math.ceil(rubbers / 2)):
        for levels in ((a, b), (b, a)):
            jobs.append((len(jobs), f"{seed}-{pair}", levels))
    return jobs


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def report(results: list[RubberResult], a: str, b: str) -> str:
    rubbers = len(results)
    won = deals = deals_won = tricks = points_a = points_b = value_a = 0
    times: dict[str, list[float]] = defaultdict(list)
    walls: dict[str, list[float]] = defaultdict(list)
    for r in results:
        team_a = r.levels.index(a) if r.levels[0] != r.levels[1] else 0
        won += r.winner == team_a
        points_a += r.rubber_points[team_a]
        points_b += r.rubber_points[1 - team_a]
        value_a += r.rubber_value if r.winner == team_a else -r.rubber_value
        for d in r.deals:
            deals += 1
            deals_won += d[team_a] >= 7
            tricks += d[team_a]
        for level, ts in r.decision_times.items():
            times[level].extend(ts)
        for level, ts in r.wall_times.items():
            walls[level].extend(ts)
    low, high = wilson(won, rubbers)
    dlow, dhigh = wilson(deals_won, deals)
    lines = [
        f"{a} (A) v {b} (B): {rubbers} rubbers, {deals} deals",
        f"rubbers won by A: {won}/{rubbers} = {won / rubbers:.1%}  95% CI [{low:.1%}, {high:.1%}]",
        f"deals won by A (7+ tricks): {deals_won}/{deals} = {deals_won / deals:.1%}  "
        f"95% CI [{dlow:.1%}, {dhigh:.1%}]; mean tricks per deal A {tricks / deals:.2f}",
        f"mean rubber points per rubber: A {points_a / rubbers:.2f}, B {points_b / rubbers:.2f};"
        f" mean rubber value for A {value_a / rubbers:+.2f}",
        "",
        f"{'level':<8} {'decisions':>9}  {'CPU ms: median':>14} {'p95':>7} {'max':>7}"
        f"  {'wall ms: median':>15} {'p95':>7} {'max':>7}",
    ]
    for level in sorted(times, key=LEVELS.index, reverse=True):
        ts, ws = times[level], walls[level]
        lines.append(
            f"{level:<8} {len(ts):>9}  {percentile(ts, 0.5) * 1e3:>14.1f} "
            f"{percentile(ts, 0.95) * 1e3:>7.1f} {max(ts) * 1e3:>7.1f}"
            f"  {percentile(ws, 0.5) * 1e3:>15.1f} {percentile(ws, 0.95) * 1e3:>7.1f}"
            f" {max(ws) * 1e3:>7.1f}"
        )
    lines += [
        "",
        "Rubbers are paired (same seed: same deals, the partnerships' seats swapped); the",
        "Wilson intervals treat rubbers and deals as independent, so they are a little narrow.",
        "decisions: moves with more than one legal card, timed including reading the view;",
        "Hoyle's time budget runs on the process's CPU clock (the machine may be shared).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=LEVELS, help="level of partnership A")
    parser.add_argument("b", choices=LEVELS, help="level of partnership B")
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

    options = {"variant": args.variant, "trump": args.trump}
    jobs = [
        (i, seed, levels, options, args.time_budget, args.fixed)
        for i, seed, levels in schedule(args.a, args.b, args.rubbers, args.seed)
    ]
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Whist bot tournament: {args.a} v {args.b}, {len(jobs)} rubbers ({len(jobs) // 2} "
        f"paired seeds), {args.variant} whist, trump {args.trump}, seed {args.seed!r}, "
        f"Hoyle budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results: list[RubberResult] = []
    step = max(1, len(jobs) // 10)
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = pool.imap_unordered(_play, jobs) if pool else map(_play, jobs)
        for result in played:
            results.append(result)
            if len(results) % step == 0:
                elapsed = time.perf_counter() - started
                print(f"  {len(results)}/{len(jobs)} rubbers, {elapsed:.0f} s", file=sys.stderr)
    results.sort(key=lambda r: r.index)
    print(report(results, args.a, args.b))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
