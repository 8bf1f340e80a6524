"""Mau Mau bot tournaments: one level against another at 2, 4 and 7 players.

    python -m games.maumau.bots.tournament shark dabbler --games 210 --fixed
    python -m games.maumau.bots.tournament shark regular --players 4 --games 100 --interject
    python -m games.maumau.bots.tournament shark sparring --players 2 --games 400 --fixed

Each game is a one-game match (target_wins 1) dealt from its own seed. Seats are rotated over
one seed: level A plays the same deal from every seat in turn (n games), the other seats level
B, so luck of the deal and of the seat evens out. Prints per table size A's games won against
its fair share 1/n, with 95% Wilson intervals, and per level the time per decision (moves with
more than one choice; CPU seconds, the machine may be shared): median, p95, max. Everything is
determined by --seed, except how far the shark searches within its time budget (--fixed: a fixed
amount of search, repeatable). Interjections (--interject) are offered after every move to the
other seats in a seeded random order (MM10); the first that takes one plays it.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from contextlib import nullcontext
from multiprocessing import Pool

from games.maumau import GAME

from . import LEVELS, choose_action, optional_action, shark, sparring

OPPONENTS = (*LEVELS, "sparring")  # the sparring partner is no level of the site (sparring.py)


def _choose(level, view, rng, budget, clock):
    if level == "sparring":
        return sparring.choose(view, rng)
    return choose_action(level, view, rng, budget, clock)


def _optional(level, view, rng):
    if level == "sparring":
        return sparring.optional(view, rng)
    return optional_action(level, view, rng)


def play_game(job: tuple) -> tuple[int, int, dict[str, list[float]]]:
    """(A's seat, the winner's seat, decision times per level) of one game."""
    players, seed, seat_a, a, b, options, budget, fixed = job
    levels = [a if s == seat_a else b for s in range(players)]
    state = GAME.new(players, seed, {**options, "target_wins": 1})
    rngs = [random.Random(f"{seed}:{seat_a}:{s}") for s in range(players)]
    order = random.Random(f"{seed}:{seat_a}:order")
    clock = None if fixed else time.process_time
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(GAME.traits.max_actions):
        status = GAME.status(state)
        if status.over:
            break
        seat = status.to_act[0]
        view = GAME.view(state, seat)
        started = time.process_time()
        action = _choose(levels[seat], view, rngs[seat], budget, clock)
        if len(view["legal"]) > 1:
            times[levels[seat]].append(time.process_time() - started)
        state = GAME.apply(state, action)
        optional = list(GAME.status(state).optional)
        order.shuffle(optional)
        for other in optional:
            extra = _optional(levels[other], GAME.view(state, other), rngs[other])
            if extra:
                state = GAME.apply(state, extra)
                break
    return seat_a, state.match_winners[0], dict(times)


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


def run_table(players, games, a, b, options, seed, budget, fixed, pool) -> tuple[str, dict]:
    seeds = math.ceil(games / players)
    jobs = [
        (players, f"{seed}-{players}-{i}", s, a, b, options, budget, fixed)
        for i in range(seeds)
        for s in range(players)
    ]
    results = list(pool.imap(play_game, jobs) if pool else map(play_game, jobs))
    won = sum(seat_a == winner for seat_a, winner, _ in results)
    n = len(results)
    low, high = wilson(won, n)
    times: dict[str, list[float]] = defaultdict(list)
    for _, _, ts in results:
        for level, values in ts.items():
            times[level].extend(values)
    fair = 1 / players
    line = (
        f"{players} players: {a} won {won}/{n} = {won / n:.1%}  95% CI [{low:.1%}, {high:.1%}]"
        f"  fair share {fair:.1%}, {won / n / fair:.2f}x"
    )
    return line, times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=LEVELS, help="the level measured (one seat)")
    parser.add_argument("b", choices=OPPONENTS, help="the level in every other seat")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 7])
    parser.add_argument("--games", type=int, default=140, help="per table size, rounded up")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--interject", action="store_true", help="MM10: the doubled pack")
    parser.add_argument("--play-for-places", action="store_true", help="MM11")
    parser.add_argument("--time-budget", type=float, default=None, help="shark, seconds")
    parser.add_argument("--fixed", action="store_true", help="shark: fixed work, no clock")
    parser.add_argument("--iterations", type=int, default=None, help="shark's fixed work")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.iterations:
        shark.FIXED_ITERATIONS = args.iterations  # read by the workers, forked after this

    options = {"interject": args.interject, "play_for_places": args.play_for_places}
    fixed = f"fixed work ({shark.FIXED_ITERATIONS} iterations)"
    budget = fixed if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Mau Mau bot tournament: {args.a} (one seat, rotated) v {args.b}, options {options}, "
        f"seed {args.seed!r}, shark budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    times: dict[str, list[float]] = defaultdict(list)
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for players in args.players:
            line, table_times = run_table(
                players, args.games, args.a, args.b, options, args.seed, args.time_budget,
                args.fixed, pool,
            )  # fmt: skip
            print(line, flush=True)
            for level, values in table_times.items():
                times[level].extend(values)
    print(f"\n{'level':<8} {'decisions':>9}  {'CPU ms: median':>14} {'p95':>7} {'max':>7}")
    for level in sorted(times, key=OPPONENTS.index, reverse=True):
        ts = times[level]
        print(
            f"{level:<8} {len(ts):>9}  {percentile(ts, 0.5) * 1e3:>14.1f} "
            f"{percentile(ts, 0.95) * 1e3:>7.1f} {max(ts) * 1e3:>7.1f}"
        )
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
