"""Einauge bot tournaments: one seat of level A against seats of level B, seats rotated.

    python -m games.einauge.bots.tournament captain deckhand --games 30
    python -m games.einauge.bots.tournament captain merchant --players 3 --games 60 --fixed
    python -m games.einauge.bots.tournament captain sparring --fixed   # bots/sparring.py

For each player count (default 2, 3 and 5), games come in groups on one seed (the same colours,
start player and draw pile): level A takes each seat in turn, the others play level B. Prints
A's win rate (a shared victory counts as a share) against its fair share 1/n, with a 95% Wilson
interval, A's mean jewel margin over the best B, and per level the time per decision (moves
with more than one legal action), CPU: median, p95, max. The captain's time budget runs on the
process's CPU clock; --fixed: a fixed amount of search, repeatable.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from contextlib import nullcontext
from multiprocessing import Pool

from games.einauge import GAME

from ..views import state_from_view
from . import LEVELS, choose_action, sparring

PLAYERS = (*LEVELS, "sparring")  # the sparring partner is no level (bots/sparring.py)


def decide(level: str, view: dict, rng: random.Random, budget, clock) -> dict:
    if level == "sparring":
        return sparring.choose(state_from_view(view, rng), view["seat"], rng)
    return choose_action(level, view, rng, budget, clock)


def play(job: tuple) -> dict:
    """One game: level A in seat `a_seat`, B elsewhere; each seat sees only its view."""
    seed, players, a_seat, a, b, budget, fixed = job
    state = GAME.new(players, seed, {})
    rngs = [random.Random(f"{seed}:{a_seat}:{seat}") for seat in range(players)]
    times: dict[str, list[float]] = defaultdict(list)
    clock = None if fixed else time.process_time
    for _ in range(GAME.traits.max_actions):
        status = GAME.status(state)
        if status.over:
            break
        seat = status.to_act[0]
        level = a if seat == a_seat else b
        view = GAME.view(state, seat)
        started = time.process_time()
        action = decide(level, view, rngs[seat], budget, clock)
        if len(view["legal"]) > 1:
            times[level].append(time.process_time() - started)
        state = GAME.apply(state, action)
    else:
        raise RuntimeError(f"game {seed} did not end")
    result = state.result
    scores = result["scores"]
    best_b = max(s for i, s in enumerate(scores) if i != a_seat)
    won = a_seat in result["winners"]
    return {
        "players": players,
        "share": 1 / len(result["winners"]) if won else 0.0,
        "margin": scores[a_seat] - best_b,
        "times": dict(times),
    }


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


def report(results: list[dict], a: str, b: str) -> str:
    lines = [f"{'players':>7} {'games':>5}  {a} wins  {'rate':>6}  {'95% CI':>15}  fair  margin"]
    times: dict[str, list[float]] = defaultdict(list)
    for n in sorted({r["players"] for r in results}):
        group = [r for r in results if r["players"] == n]
        won = sum(r["share"] for r in group)
        low, high = wilson(won, len(group))
        margin = sum(r["margin"] for r in group) / len(group)
        lines.append(
            f"{n:>7} {len(group):>5}  {won:>{len(a) + 5}.1f}  {won / len(group):>6.1%}  "
            f"[{low:>5.1%}, {high:>5.1%}]  {1 / n:.0%}  {margin:+.1f}"
        )
        for r in group:
            for level, ts in r["times"].items():
                times[level].extend(ts)
    lines += ["", f"{'level':<9} {'decisions':>9}  {'CPU ms: median':>14} {'p95':>7} {'max':>7}"]
    for level in sorted(times, key=PLAYERS.index, reverse=True):
        ts = times[level]
        lines.append(
            f"{level:<9} {len(ts):>9}  {percentile(ts, 0.5) * 1e3:>14.1f} "
            f"{percentile(ts, 0.95) * 1e3:>7.1f} {max(ts) * 1e3:>7.1f}"
        )
    lines.append("Games on one seed are paired (A in every seat); the intervals treat them as")
    lines.append("independent, so they are a little narrow.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", choices=PLAYERS, help="the level of the one seat")
    parser.add_argument("b", choices=PLAYERS, help="the level of the other seats")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 5])
    parser.add_argument("--games", type=int, default=30, help="per player count, rounded up")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="captain, seconds")
    parser.add_argument("--fixed", action="store_true", help="captain: fixed work, no clock")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    jobs = []
    for n in args.players:
        for group in range(math.ceil(args.games / n)):
            for a_seat in range(n):
                seed = f"{args.seed}-{n}-{group}"
                jobs.append((seed, n, a_seat, args.a, args.b, args.time_budget, args.fixed))
    budget = "fixed work" if args.fixed else f"{args.time_budget or 'default'} s"
    print(
        f"Einauge tournament: one {args.a} v {args.b}s, {len(jobs)} games, players "
        f"{args.players}, seed {args.seed!r}, captain budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        results = list(pool.imap(play, jobs) if pool else map(play, jobs))
    print(report(results, args.a, args.b))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
