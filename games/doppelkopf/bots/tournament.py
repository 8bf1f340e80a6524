"""Doppelkopf bot tournaments over paired deals.

    python -m games.doppelkopf.bots.tournament master dabbler --matches 40
    python -m games.doppelkopf.bots.tournament club dabbler --mode one --matches 40 --deals 8

Matches come in groups on one seed, so the same deals are played by every seating: mode `pair`
puts level A in seats 0 and 2 and B in 1 and 3, then the other way round (each level holds every
hand the other held); mode `one` puts a single A seat among three B seats, rotated over the four
seats. Parties change every deal (DK7), so "A wins a match" means: in `pair`, A's two seats
together end above B's two; in `one`, the A seat has the best match score (ties share the win;
a fair share is 25%). Prints the win rate with a 95% Wilson interval, A's mean score per seat
and deal with a 95% interval, and per level the time per decision (reservations and cards with
more than one choice): CPU median, p95, max. Calls are asked of every bot whenever it may call
(Status.optional and its own turn) through BOTS.optional. Everything is determined by --seed,
except how far the Master searches within its time budget (--fixed: fixed work, repeatable).
(games/core has no shared tournament harness yet: this is the game's own small one.)
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import Pool

from games.doppelkopf import GAME

from . import LEVELS, choose_action, optional_action
from .sparring import Sparring

OPPONENTS = (*LEVELS, "sparring")  # the sparring partner: rules of thumb with card counting


@dataclass
class MatchResult:
    index: int
    levels: tuple[str, ...]  # per seat
    scores: list[int]
    deals: int
    calls: int
    times: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds per decision


def play_match(index, seed, levels, options, budget, fixed) -> MatchResult:
    """One match, each seat deciding from its own view only."""
    state = GAME.new(4, seed, options)
    rngs = [random.Random(f"{seed}:{index}:{seat}") for seat in range(4)]
    times: dict[str, list[float]] = defaultdict(list)
    clock = None if fixed else time.process_time  # CPU time: the machine may be shared
    calls = 0
    sparring = {s: Sparring(s) for s in range(4) if levels[s] == "sparring"}

    def optional(seat: int, view: dict) -> dict | None:
        if seat in sparring:
            return sparring[seat].optional(view)
        return optional_action(levels[seat], view, rngs[seat])

    for _ in range(GAME.traits.max_actions):
        status = GAME.status(state)
        if status.over:
            break
        if status.server_step:
            state = GAME.apply(state, status.server_step)
            continue
        for seat, player in sparring.items():  # it sees every card fall
            player.observe(GAME.view(state, seat))
        for seat in (*status.optional, *status.to_act):
            call = optional(seat, GAME.view(state, seat))
            if call:
                state = GAME.apply(state, call)
                calls += 1
        seat = status.to_act[0]
        started = time.process_time()
        view = GAME.view(state, seat)
        if seat in sparring:
            action = sparring[seat].choose(view)
        else:
            action = choose_action(levels[seat], view, rngs[seat], budget, clock)
        legal = view["legal"]
        if len(set(legal["cards"])) > 1 or len(legal["reservations"]) > 1:
            times[levels[seat]].append(time.process_time() - started)
        state = GAME.apply(state, action)
    else:
        raise RuntimeError(f"match {index} did not end")
    return MatchResult(index, tuple(levels), state.scores[:], state.deal.round, calls, dict(times))


def _play(job: tuple) -> MatchResult:
    return play_match(*job)


def schedule(a: str, b: str, matches: int, mode: str, seed: str) -> list[tuple]:
    seatings = (
        [(a, b, a, b), (b, a, b, a)]
        if mode == "pair"
        else [tuple(a if s == i else b for s in range(4)) for i in range(4)]
    )
    jobs = []
    for group in range(math.ceil(matches / len(seatings))):
        for levels in seatings:
            jobs.append((len(jobs), f"{seed}-{group}", levels))
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


def share_of_win(result: MatchResult, a: str, mode: str) -> float:
    seats_a = [s for s in range(4) if result.levels[s] == a]
    if mode == "pair":
        total = sum(result.scores[s] for s in seats_a)
        return 1.0 if total > 0 else 0.5 if total == 0 else 0.0
    best = max(result.scores)
    top = [s for s in range(4) if result.scores[s] == best]
    return 1 / len(top) if seats_a[0] in top else 0.0


def report(results: list[MatchResult], a: str, b: str, mode: str, deals: int) -> str:
    n = len(results)
    won = sum(share_of_win(r, a, mode) for r in results)
    per_deal = [
        statistics.mean(r.scores[s] for s in range(4) if r.levels[s] == a) / deals for r in results
    ]
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(n) if n > 1 else 0.0
    low, high = wilson(won, n)
    fair = "50%" if mode == "pair" else "25%"
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for level, ts in r.times.items():
            times[level].extend(ts)
    calls = sum(r.calls for r in results) / (n * deals)
    lines = [
        f"{a} (A) v {b} (B), mode {mode}: {n} matches of {deals} counting deals",
        f"matches won by A: {won:g}/{n} = {won / n:.1%}  95% CI [{low:.1%}, {high:.1%}]"
        f" (fair share {fair})",
        f"A's mean score per seat and deal: {mean:+.3f}  95% CI [{mean - half:+.3f}, "
        f"{mean + half:+.3f}]; calls per deal (all seats) {calls:.2f}",
        "",
        f"{'level':<8} {'decisions':>9}  {'CPU ms: median':>14} {'p95':>7} {'max':>7}",
    ]
    for level in sorted(times, key=OPPONENTS.index, reverse=True):
        ts = times[level]
        lines.append(
            f"{level:<8} {len(ts):>9}  {percentile(ts, 0.5) * 1e3:>14.1f} "
            f"{percentile(ts, 0.95) * 1e3:>7.1f} {max(ts) * 1e3:>7.1f}"
        )
    lines += [
        "",
        "Matches are grouped by seed (same deals, seatings rotated); the intervals treat",
        "matches as independent, so they are a little narrow.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=LEVELS, help="level A")
    parser.add_argument("b", choices=OPPONENTS, help="level B (or the sparring partner)")
    parser.add_argument("--mode", choices=("pair", "one"), default="pair")
    parser.add_argument("--matches", type=int, default=40, help="rounded up to whole groups")
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
    jobs = [
        (i, seed, levels, options, args.time_budget, args.fixed)
        for i, seed, levels in schedule(args.a, args.b, args.matches, args.mode, args.seed)
    ]
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Doppelkopf bot tournament: {args.a} v {args.b}, {len(jobs)} matches, options "
        f"{options}, seed {args.seed!r}, Master budget {budget}, {args.jobs} jobs",
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
    print(report(results, args.a, args.b, args.mode, args.deals))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
