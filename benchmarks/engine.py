"""Engine benchmark for any game, through the protocol (run by hand, prints figures):

    .venv/bin/python -m benchmarks.engine --game korsaren [--players 4] [--seconds 10]

Random legal play (the server's own steps taken as they come): whole matches per second on one
core, and the time of single legal_actions, apply and view calls. Korsaren's own benchmark,
with a cheaper random player than the legal-action lists, is `python -m games.korsaren.bench`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="korsaren", help="a slug: games/<slug>/")
    parser.add_argument("--players", type=int, default=None, help="default: the fewest")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    game = importlib.import_module(f"games.{args.game}").GAME
    players = args.players or game.player_counts[0]
    rng = random.Random(1)
    timings: dict[str, list[float]] = {"legal_actions": [], "apply": [], "view": []}
    matches = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        state = game.new(players, f"bench-{matches}", {})
        status = game.status(state)
        while not status.over:
            t0 = time.perf_counter()
            if status.server_step is not None:
                action = status.server_step
            else:
                action = rng.choice(game.legal_actions(state, rng.choice(status.to_act)))
            t1 = time.perf_counter()
            state = game.apply(state, action)
            t2 = time.perf_counter()
            game.view(state, actions % players)
            t3 = time.perf_counter()
            status = game.status(state)
            timings["legal_actions"].append(t1 - t0)
            timings["apply"].append(t2 - t1)
            timings["view"].append(t3 - t2)
            actions += 1
        matches += 1
    elapsed = time.perf_counter() - started
    print(
        f"{args.game}, {players} players, random legal play: {matches / elapsed:.1f} matches "
        f"per second on one core ({matches} matches, {actions / max(matches, 1):.0f} actions each)"
    )
    for name, values in timings.items():
        print(
            f"  {name:14} median {statistics.median(values) * 1e6:8.1f} us, "
            f"p99 {percentile(values, 0.99) * 1e6:8.1f} us"
        )


if __name__ == "__main__":
    main()
