"""Bot tournaments for Dame and Schlagdame: measured strength and speed (GAMES.md point 2).

    python -m games.dame.bots.tournament --game dame --games 200 grandmaster man
    python -m games.dame.bots.tournament --game schlagdame --games 100 grandmaster king

Games come in pairs with the colours swapped and the same random sources, so each level plays
each side of the same pairing equally often. Prints per level its wins, draws and losses with
95% Wilson intervals (a draw is not a win), and the time per move (median, p95, max) of its
decisions that needed thought (a lone legal move is played at once and not timed). The time
budget is the grandmaster's per move; every bot gets time.perf_counter as its clock.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import Pool

from . import LEVELS

GAMES = ("dame", "schlagdame")
MAX_PLIES = 5000  # a safety net: the draw rules end every game long before (DA6)


@dataclass
class GameResult:
    index: int
    levels: tuple[str, str]  # per seat: White, Black
    winners: tuple[int, ...]
    end_reason: str
    plies: int
    move_times: dict[str, list[float]] = field(default_factory=dict)


def _engine(slug: str):
    if slug == "dame":
        from games.dame import GAME
    else:
        from games.schlagdame import GAME
    return GAME


def play_game(
    slug: str, index: int, seed: str, levels: tuple[str, str], budget: float | None
) -> GameResult:
    """One whole game, each seat choosing from its own view only."""
    game = _engine(slug)
    state = game.new(2, seed, {})
    # The pair's two games share the random sources of the levels, whatever their colours.
    rngs = {level: random.Random(f"{seed}:{level}") for level in levels}
    if levels[0] == levels[1]:
        rngs = {levels[0]: random.Random(f"{seed}:{levels[0]}")}  # one stream, both seats
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(MAX_PLIES):
        if state.over:
            break
        seat = state.to_move
        level = levels[seat]
        view = game.view(state, seat)
        started = time.perf_counter()
        action = game.bots.choose(level, view, rngs[level], budget, time.perf_counter)
        if len(view["legal_moves"]) > 1:
            times[level].append(time.perf_counter() - started)
        state = game.apply(state, action)
    else:
        raise RuntimeError(f"game {index} did not end")
    return GameResult(index, levels, state.winners, state.end_reason, state.plies, dict(times))


def _play(job: tuple) -> GameResult:
    return play_game(*job)


def schedule(slug: str, a: str, b: str, games: int, seed: str, budget: float | None) -> list[tuple]:
    """Pairs of games on one seed, A White in the first and Black in the second."""
    jobs = []
    for pair in range(math.ceil(games / 2)):
        for levels in ((a, b), (b, a)):
            jobs.append((slug, len(jobs), f"{seed}-{pair}", levels, budget))
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


def report(results: list[GameResult]) -> str:
    played: Counter[str] = Counter()
    outcome: dict[str, Counter[str]] = defaultdict(Counter)
    as_white: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, level in enumerate(r.levels):
            played[level] += 1
            if len(r.winners) == 2:
                outcome[level]["draw"] += 1
            elif seat in r.winners:
                outcome[level]["win"] += 1
                as_white[level] += seat == 0
            else:
                outcome[level]["loss"] += 1
        for level, ts in r.move_times.items():
            times[level].extend(ts)
    head = (
        f"{'level':<12} {'games':>5}  {'won':<6} {'95% CI':<16} {'drawn':<6} {'95% CI':<16} "
        f"{'lost':>6}  {'moves':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"
    )
    lines = [head, "-" * len(head)]
    for level in sorted(played, key=LEVELS.index, reverse=True):
        n = played[level]
        row = f"{level:<12} {n:>5}"
        for kind in ("win", "draw"):
            k = outcome[level][kind]
            low, high = wilson(k, n)
            row += f"  {k / n:<6.1%} {f'[{low:.1%}, {high:.1%}]':<16}"
        ts = times[level]
        row += (
            f" {outcome[level]['loss'] / n:>6.1%}  {len(ts):>6} {percentile(ts, 0.5) * 1e3:>7.1f} "
            f"{percentile(ts, 0.95) * 1e3:>7.1f} {max(ts, default=0) * 1e3:>7.1f}"
        )
        lines.append(row)
    reasons = Counter(r.end_reason for r in results)
    plies = sum(r.plies for r in results) / len(results)
    lines += [
        "",
        f"{len(results)} games, {plies:.1f} moves (plies) per game on average; ended by "
        + ", ".join(f"{reason} {count}" for reason, count in reasons.most_common())
        + ".",
        "won/drawn/lost: share of the level's games; 95% CI: Wilson score interval. A draw is",
        "not a win. Move times: decisions with more than one legal move.",
    ]
    for level in played:
        if outcome[level]["win"]:
            lines.append(
                f"{level}: {as_white[level]} of its {outcome[level]['win']} wins as White."
            )
    return "\n".join(lines)


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
    jobs = schedule(args.game, a, b, args.games, args.seed, args.time_budget)
    budget = "default" if args.time_budget is None else f"{args.time_budget} s"
    print(
        f"{args.game} bot tournament: {a} vs {b}, {len(jobs)} games ({len(jobs) // 2} pairs, "
        f"colours swapped), seed {args.seed!r}, time budget {budget}, {args.jobs} jobs",
        flush=True,
    )
    started = time.perf_counter()
    results: list[GameResult] = []
    step = max(1, len(jobs) // 10)
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = pool.imap_unordered(_play, jobs) if pool else map(_play, jobs)
        for result in played:
            results.append(result)
            if len(results) % step == 0:
                elapsed = time.perf_counter() - started
                print(f"  {len(results)}/{len(jobs)} games, {elapsed:.0f} s", file=sys.stderr)
    results.sort(key=lambda r: r.index)
    print(report(results))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
