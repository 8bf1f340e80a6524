"""Engine benchmark (run by hand, prints figures): `python -m games.korsaren.bench`.

Random play: each seat draws from a random source, sets sail one turn in ten with a random crew
(at once when it drew the last stock card), else discards a random card; opponents lay down with
a random crew and random attachments. Measures whole 4-player matches per second on one core,
and the time of single `apply` and `view` calls.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .actions import Attach, Deal, Discard, Draw, SetSail
from .engine import apply, new_match, seats_to_act
from .laydown import attach_choices, crew_choices
from .state import ATTACH, DISCARD, DRAW, MatchState
from .views import view


def random_action(state: MatchState, rng: random.Random):
    r = state.round
    seat = rng.choice(seats_to_act(state))
    if r.phase == DRAW:
        sources = [
            s for s, pile in (("stock", r.stock), ("discard", r.discard), ("pier", r.pier)) if pile
        ]
        return Draw(seat, rng.choice(sources))
    if r.phase == DISCARD:
        card = rng.choice(r.hands[seat])
        if r.must_sail or rng.random() < 0.1:
            return SetSail(seat, card, rng.choice(crew_choices(r.pier_colour)))
        return Discard(seat, card)
    if r.phase == ATTACH:
        cards = rng.choice(attach_choices(r.hands[seat], r.laydowns[r.closer]))
        return Attach(seat, cards, rng.choice(crew_choices(r.pier_colour)))
    return Deal(seat)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()

    rng = random.Random(1)
    matches = actions = 0
    apply_times: list[float] = []
    view_times: list[float] = []
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        state = new_match(args.players, f"bench-{matches}")
        while not state.match_over:
            action = random_action(state, rng)
            t0 = time.perf_counter()
            state = apply(state, action)
            t1 = time.perf_counter()
            view(state, actions % args.players)
            t2 = time.perf_counter()
            apply_times.append(t1 - t0)
            view_times.append(t2 - t1)
            actions += 1
        matches += 1
    elapsed = time.perf_counter() - started

    # Whole matches without the per-call timers and views: the simulation rate itself.
    rng = random.Random(2)
    t0 = time.perf_counter()
    sim = 0
    while time.perf_counter() - t0 < args.seconds:
        state = new_match(args.players, f"sim-{sim}")
        while not state.match_over:
            state = apply(state, random_action(state, rng))
        sim += 1
    sim_rate = sim / (time.perf_counter() - t0)

    us = 1e6
    print(f"{args.players}-player random-play matches: {sim_rate:.0f} per second on one core")
    print(f"  ({matches} timed matches, {actions} actions, {actions / matches:.0f} per match)")
    print(
        f"apply: median {statistics.median(apply_times) * us:.1f} us, "
        f"p99 {percentile(apply_times, 0.99) * us:.1f} us"
    )
    print(
        f"view:  median {statistics.median(view_times) * us:.1f} us, "
        f"p99 {percentile(view_times, 0.99) * us:.1f} us"
    )
    print(f"(timed loop: {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
