"""Bot tournaments for Wolf und Schafe: measured strength and speed (GAMES.md point 2).

    python -m games.wolf_und_schafe.bots.tournament --games 200 perfect random
    python -m games.wolf_und_schafe.bots.tournament --games 100 perfect sparring

(games/core has no shared tournament harness yet; when it lands this becomes a thin call of
it.) Games come in pairs with the roles swapped and the same random sources: each level plays
the sheep in one game of the pair and the wolf in the other. Prints per level its win rate with
a 95% Wilson interval, its wins as the sheep and as the wolf, and the time per decision
(median, p95, max) of the decisions that needed thought (a lone legal choice is played at once
and not timed). When the perfect level plays, the time to build its table is measured first
(once per process, as on the site). "sparring" is the sparring partner (sparring.py), an
alpha-beta player written apart from the levels.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .. import GAME
from . import BOTS, LEVELS, solver, sparring

ROLES = ("sheep", "wolf")  # by seat (WS2)
# The site's levels and the sparring partner (sparring.py), which is not one of them.
PLAYERS = LEVELS + ("sparring",)


def choose(player: str, view: dict, rng: random.Random) -> dict:
    if player == "sparring":
        return sparring.choose(view, rng)
    return BOTS.choose(player, view, rng)


@dataclass
class GameResult:
    index: int
    levels: tuple[str, str]  # per seat: the sheep's level, the wolf's
    winner: int
    end_reason: str
    plies: int
    move_times: dict[str, list[float]] = field(default_factory=dict)


def play_game(index: int, seed: str, levels: tuple[str, str]) -> GameResult:
    """One whole game, each seat choosing from its own view only."""
    state = GAME.new(2, seed, {})
    # The pair's two games share the random sources of the levels, whatever their roles.
    rngs = {level: random.Random(f"{seed}:{level}") for level in levels}
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(GAME.traits.max_actions):
        status = GAME.status(state)
        if status.over:
            break
        seat = status.to_act[0]
        level = levels[seat]
        view = GAME.view(state, seat)
        started = time.perf_counter()
        action = choose(level, view, rngs[level])
        if len(view["legal_moves"]) > 1:
            times[level].append(time.perf_counter() - started)
        state = GAME.apply(state, action)
    else:
        raise RuntimeError(f"game {index} did not end")
    return GameResult(index, levels, state.winners[0], state.end_reason, state.plies, dict(times))


def schedule(a: str, b: str, games: int, seed: str) -> list[tuple]:
    """Pairs of games on one seed, A the sheep in the first and the wolf in the second."""
    jobs = []
    for pair in range(math.ceil(games / 2)):
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


def report(results: list[GameResult]) -> str:
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    by_role: dict[str, Counter[str]] = defaultdict(Counter)  # "sheep", "sheep won", ...
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, level in enumerate(r.levels):
            played[level] += 1
            by_role[level][ROLES[seat]] += 1
            if seat == r.winner:
                won[level] += 1
                by_role[level][ROLES[seat] + " won"] += 1
        for level, ts in r.move_times.items():
            times[level].extend(ts)
    head = (
        f"{'level':<10} {'games':>5}  {'won':<6} {'95% CI':<16} {'as sheep':>9} {'as wolf':>9}"
        f"  {'moves':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"
    )
    lines = [head, "-" * len(head)]
    for level in sorted(played, key=PLAYERS.index, reverse=True):
        n, k, roles, ts = played[level], won[level], by_role[level], times[level]
        low, high = wilson(k, n)
        lines.append(
            f"{level:<10} {n:>5}  {k / n:<6.1%} {f'[{low:.1%}, {high:.1%}]':<16}"
            + "".join(f" {str(roles[r + ' won']) + '/' + str(roles[r]):>9}" for r in ROLES)
            + f"  {len(ts):>6} {percentile(ts, 0.5) * 1e3:>7.2f} "
            f"{percentile(ts, 0.95) * 1e3:>7.2f} {max(ts, default=0) * 1e3:>7.2f}"
        )
    reasons = Counter(r.end_reason for r in results)
    plies = sum(r.plies for r in results) / len(results)
    lines += [
        "",
        f"{len(results)} games, {plies:.1f} moves per game on average; ended by "
        + ", ".join(f"{reason} {count}" for reason, count in reasons.most_common())
        + ".",
        "won: share of the level's games (no draws, WS4); 95% CI: Wilson score interval;",
        "as sheep / as wolf: wins / games in that role. Move times: decisions with more than",
        "one legal choice.",
    ]
    return "\n".join(lines)


def measure_table() -> str:
    wall, cpu = time.perf_counter(), time.process_time()
    table = solver.table()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return (
        f"perfect level's table: {len(table)} positions, {table.nbytes() / 1e6:.1f} MB of "
        f"codes, built in {wall:.2f} s ({cpu:.2f} s of CPU)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs=2, choices=PLAYERS, metavar="LEVEL", help=str(PLAYERS))
    parser.add_argument("--games", type=int, default=200, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    a, b = args.levels
    jobs = schedule(a, b, args.games, args.seed)
    print(
        f"wolf_und_schafe bot tournament: {a} vs {b}, {len(jobs)} games ({len(jobs) // 2} "
        f"pairs, roles swapped), seed {args.seed!r}",
        flush=True,
    )
    if "perfect" in (a, b):
        print(measure_table(), flush=True)
    started = time.perf_counter()
    results = [play_game(*job) for job in jobs]
    print(report(results))
    print(f"Wall time {time.perf_counter() - started:.1f} s.")


if __name__ == "__main__":
    main()
