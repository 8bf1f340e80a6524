"""Bot tournaments: measured strength and speed (issue 5).

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
import math
import random
import sys
import time
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import Pool

from games.korsaren import apply, new_match, seats_to_act, view

from . import LEVELS, choose_action

MAX_ACTIONS = 20_000  # a safety net: a match never needs nearly this many


@dataclass
class MatchResult:
    index: int
    levels: list[str]  # per seat
    penalties: list[int]
    winners: list[int]
    sweep: bool
    rounds: int
    move_times: dict[str, list[float]] = field(default_factory=dict)


def play_match(index: int, seed: str, levels: list[str], budget: float | None) -> MatchResult:
    """One whole match, each seat choosing from its own view only."""
    state = new_match(len(levels), seed)
    rngs = [random.Random(f"{seed}:{index}:{s}") for s in range(len(levels))]
    times: dict[str, list[float]] = defaultdict(list)
    sweep = False
    for _ in range(MAX_ACTIONS):
        if state.match_over:
            break
        seat = seats_to_act(state)[0]
        seen = view(state, seat)
        started = time.perf_counter()
        action = choose_action(levels[seat], seen, rngs[seat], budget, time.perf_counter)
        times[levels[seat]].append(time.perf_counter() - started)
        state = apply(state, action)
        result = state.round.result
        sweep = bool(result and result.get("sweep"))
    else:
        raise RuntimeError(f"match {index} did not end")
    return MatchResult(
        index=index,
        levels=levels,
        penalties=state.penalties(),
        winners=state.winners,
        sweep=sweep,
        rounds=state.round.number,
        move_times=dict(times),
    )


def _play(job: tuple) -> MatchResult:
    return play_match(*job)


def schedule(levels: list[str], matches: int, seed: str) -> list[tuple[int, str, list[str]]]:
    """Sets of len(levels) matches on one seed, the levels rotated one seat each time."""
    n = len(levels)
    deals = math.ceil(matches / n)
    jobs = []
    for deal in range(deals):
        for turn in range(n):
            seating = levels[turn:] + levels[:turn]
            jobs.append((len(jobs), f"{seed}-{deal}", seating))
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


def report(results: list[MatchResult], players: int) -> str:
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    penalties: dict[str, int] = defaultdict(int)
    sweeps: dict[str, int] = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, level in enumerate(r.levels):
            seats[level] += 1
            penalties[level] += r.penalties[seat]
            if seat in r.winners:
                wins[level] += 1 / len(r.winners)
                sweeps[level] += r.sweep
        for level, ts in r.move_times.items():
            times[level].extend(ts)
    head = (
        f"{'level':<10} {'seats':>5} {'win rate':>8}  {'95% CI':<15} {'share':>5}  "
        f"{'penalty':>7} {'sweeps':>6}  {'moves':>7} {'median ms':>9} {'p95 ms':>7}"
    )
    lines = [head, "-" * len(head)]
    for level in sorted(seats, key=lambda lv: LEVELS.index(lv), reverse=True):
        n = seats[level]
        low, high = wilson(wins[level], n)
        ts = times[level]
        lines.append(
            f"{level:<10} {n:>5} {wins[level] / n:>8.1%}  "
            f"[{low:>5.1%}, {high:>5.1%}] {1 / players:>5.1%}  "
            f"{penalties[level] / n:>7.1f} {sweeps[level]:>6}  {len(ts):>7} "
            f"{percentile(ts, 0.5) * 1e3:>9.2f} {percentile(ts, 0.95) * 1e3:>7.2f}"
        )
    rounds = sum(r.rounds for r in results) / len(results)
    lines += [
        "",
        f"{len(results)} matches, {rounds:.1f} rounds per match on average.",
        "win rate: matches won per seat played; a first place shared by k seats counts 1/k.",
        "95% CI: Wilson score interval (for a level on several seats the matches are not",
        "independent, so it is optimistic). share: a fair share of the wins (1 / players).",
        "penalty: mean penalty cards per seat per match. sweeps: matches won by a sweep (R9).",
        "moves: bot decisions timed, including the obvious ones (deals, forced draws).",
    ]
    return "\n".join(lines)


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
    if players not in (2, 3, 4) or len(args.levels) != players:
        parser.error("give 2, 3 or 4 levels, one per seat (and --players to match)")

    jobs = [
        (i, seed, seating, args.time_budget)
        for i, seed, seating in schedule(args.levels, args.matches, args.seed)
    ]
    budget = "default" if args.time_budget is None else f"{args.time_budget} s"
    print(
        f"Korsaren bot tournament: {players} players ({' '.join(args.levels)}), "
        f"{len(jobs)} matches ({len(jobs) // players} seeds x {players} seatings), "
        f"seed {args.seed!r}, Captain time budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results: list[MatchResult] = []
    step = max(1, len(jobs) // 10)
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = pool.imap_unordered(_play, jobs) if pool else map(_play, jobs)
        for result in played:
            results.append(result)
            if len(results) % step == 0:
                elapsed = time.perf_counter() - started
                print(f"  {len(results)}/{len(jobs)} matches, {elapsed:.0f} s", file=sys.stderr)
    results.sort(key=lambda r: r.index)
    print(report(results, players))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
