"""Bot tournament for Halma-Dame: measured strength and speed (GAMES.md point 2).

    python -m games.halma_dame.bots.tournament                      # master vs novice, 100 games
    python -m games.halma_dame.bots.tournament --games 40 master master --time-budget 0.2

Games come in pairs with the sides swapped and the same random sources, so each level plays each
side of the same pairing equally often. Prints per level its score (a draw counts half) with a
95% Wilson interval, its wins, draws and losses, and its time per move (median, p95, max) over
decisions that needed thought (a lone legal move is played at once and not timed). Every bot
gets time.perf_counter as its clock. (A thin call of the shared harness once games/core has one.)
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter, defaultdict

from games.halma_dame import GAME

from . import LEVELS, sparring

# The sparring partner (sparring.py) plays here too, though it is no level of the site.
PLAYERS = (*LEVELS, "sparring")


def choose(level: str, view: dict, rng: random.Random, budget: float | None) -> dict:
    if level == "sparring":
        move = sparring.choose(view, rng, budget, time.perf_counter)
        return {"seat": view["seat"], "action": "move", "move": move}
    return GAME.bots.choose(level, view, rng, budget, time.perf_counter)


def play_game(seed: str, levels: tuple[str, str], budget: float | None):
    """One whole game, each seat choosing from its own view only: the final state and the
    thinking times per level."""
    state = GAME.new(2, seed, {})
    rngs = {level: random.Random(f"{seed}:{level}") for level in levels}
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(GAME.traits.max_actions):
        if state.over:
            return state, times
        seat = state.to_move
        view = GAME.view(state, seat)
        started = time.perf_counter()
        action = choose(levels[seat], view, rngs[levels[seat]], budget)
        if len(view["legal_moves"]) > 1:
            times[levels[seat]].append(time.perf_counter() - started)
        state = GAME.apply(state, action)
    raise RuntimeError(f"game {seed} did not end within traits.max_actions")


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="*", default=[LEVELS[-1], LEVELS[0]], metavar="LEVEL")
    parser.add_argument("--games", type=int, default=100, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--time-budget", type=float, default=None, help="seconds per move")
    args = parser.parse_args(argv)
    if len(args.levels) != 2 or set(args.levels) - set(PLAYERS):
        parser.error(f"name two of {', '.join(PLAYERS)}")
    a, b = args.levels
    pairs = math.ceil(args.games / 2)
    print(f"halma_dame: {a} vs {b}, {2 * pairs} games (sides swapped in pairs), seed {args.seed}")
    points: Counter[str] = Counter()
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    reasons: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    for pair in range(pairs):
        for levels in ((a, b), (b, a)):
            state, game_times = play_game(f"{args.seed}-{pair}", levels, args.time_budget)
            reasons[state.end_reason] += 1
            for seat, level in enumerate(levels):
                key = f"{level} as seat {seat}" if a == b else level
                score = GAME.status(state).scores[seat]
                points[key] += score
                tally[key][{1: "won", 0.5: "drawn", 0: "lost"}[score]] += 1
            for level, ts in game_times.items():
                times[level].extend(ts)
    for key in sorted(tally):
        n = sum(tally[key].values())
        low, high = wilson(points[key], n)
        counts = ", ".join(f"{tally[key][k]} {k}" for k in ("won", "drawn", "lost"))
        print(
            f"  {key:<20} score {points[key] / n:6.1%}  95% CI [{low:.1%}, {high:.1%}]  ({counts})"
        )
    for level, ts in sorted(times.items()):
        print(
            f"  {level:<20} {len(ts)} timed moves: median {percentile(ts, 0.5) * 1e3:.0f} ms, "
            f"p95 {percentile(ts, 0.95) * 1e3:.0f} ms, max {max(ts, default=0) * 1e3:.0f} ms"
        )
    print("  ended by " + ", ".join(f"{r} {c}" for r, c in reasons.most_common()))
    print(f"  wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
