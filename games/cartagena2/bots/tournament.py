"""Bot tournaments for Cartagena 2: measured strength and speed (GAMES.md point 2).

    python -m games.cartagena2.bots.tournament corsair deckhand --players 2 3 5 --games 60
    python -m games.cartagena2.bots.tournament corsair bosun --players 2 --games 100

One seat plays the first level (the hero), every other seat the second (the field). Games come
in rotations: the same seed is played with the hero in each seat in turn, so every seat and
every deal counts alike. Prints per player count the hero's wins with a 95% Wilson interval
against its fair share (1/players), and per level the time per decision (median, p95, max) of
decisions with more than one legal action. Each bot gets time.perf_counter as its clock.
(games/core/tournament.py has not landed on main yet: when it does, this becomes a thin call.)
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

from .. import GAME
from . import LEVELS

# The rules let a game go on for ever (the boat ferried to and fro, CG7): a game not over after
# this many actions is counted as unfinished (no winner) and reported.
CAP = 5000


@dataclass
class GameResult:
    players: int
    hero_seat: int
    winner: int | None
    actions: int
    move_times: dict[str, list[float]] = field(default_factory=dict)


def play_game(players: int, seed: str, hero: str, field_level: str, hero_seat: int, budget):
    levels = [field_level] * players
    levels[hero_seat] = hero
    state = GAME.new(players, seed, {})
    rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
    times: dict[str, list[float]] = defaultdict(list)
    actions = 0
    while not GAME.status(state).over:
        if actions >= CAP:
            return GameResult(players, hero_seat, None, actions, dict(times))
        seat = GAME.status(state).to_act[0]
        view = GAME.view(state, seat)
        started = time.perf_counter()
        action = GAME.bots.choose(levels[seat], view, rngs[seat], budget, time.perf_counter)
        if len(view["legal"]) > 1:
            times[levels[seat]].append(time.perf_counter() - started)
        state = GAME.apply(state, action)
        actions += 1
    return GameResult(players, hero_seat, state.winner, actions, dict(times))


def _play(job: tuple) -> GameResult:
    return play_game(*job)


def schedule(hero, field_level, counts, games, seed, budget) -> list[tuple]:
    """Per player count, whole rotations of the hero through the seats on one seed."""
    jobs = []
    for players in counts:
        for r in range(math.ceil(games / players)):
            for hero_seat in range(players):
                s = f"{seed}-{players}-{r}"
                jobs.append((players, s, hero, field_level, hero_seat, budget))
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


def report(results: list[GameResult], hero: str, field_level: str) -> str:
    lines = [
        f"{'players':>7} {'games':>5}  {hero + ' won':<12} {'95% CI':<16} {'fair':>5} "
        f"{'x fair':>6} {'actions/game':>12} {'unfinished':>10}"
    ]
    for players in sorted({r.players for r in results}):
        rs = [r for r in results if r.players == players]
        wins = sum(r.winner == r.hero_seat for r in rs)
        low, high = wilson(wins, len(rs))
        share = wins / len(rs)
        lines.append(
            f"{players:>7} {len(rs):>5}  {share:<12.1%} {f'[{low:.1%}, {high:.1%}]':<16} "
            f"{1 / players:>5.0%} {share * players:>6.2f} "
            f"{sum(r.actions for r in rs) / len(rs):>12.1f} "
            f"{sum(r.winner is None for r in rs):>10}"
        )
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for level, ts in r.move_times.items():
            times[level].extend(ts)
    lines += ["", f"{'level':<10} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"]
    for level in sorted(times, key=LEVELS.index, reverse=True):
        ts = times[level]
        lines.append(
            f"{level:<10} {len(ts):>9} {percentile(ts, 0.5) * 1e3:>7.2f} "
            f"{percentile(ts, 0.95) * 1e3:>7.2f} {max(ts) * 1e3:>7.1f}"
        )
    lines.append(
        f"\nOne {hero} against {field_level} in every other seat; 95% CI: Wilson score "
        "interval; x fair: wins over the fair share. Times: decisions with more than one "
        "legal action."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs=2, choices=LEVELS, metavar="LEVEL", help=str(LEVELS))
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 5])
    parser.add_argument("--games", type=int, default=60, help="per player count, whole rotations")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="seconds per decision")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one core each)")
    args = parser.parse_args(argv)
    hero, field_level = args.levels
    jobs = schedule(hero, field_level, args.players, args.games, args.seed, args.time_budget)
    print(
        f"cartagena2 bot tournament: {hero} vs {field_level}, {len(jobs)} games, players "
        f"{args.players}, seed {args.seed!r}, time budget {args.time_budget or 'default'}",
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
    print(report(results, hero, field_level))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
