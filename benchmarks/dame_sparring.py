"""Dame and Schlagdame: the grandmaster against a sparring partner written apart from the bots
(issue 36, GAMES.md point 2), run by hand; prints the score with a 95% Wilson interval, move
times, and for each searching player the depth it finished and its nodes a second.

    .venv/bin/python -m benchmarks.dame_sparring --game dame --games 20 grandmaster sparring
    .venv/bin/python -m benchmarks.dame_sparring --game schlagdame --games 20 grandmaster sparring
    .venv/bin/python -m benchmarks.dame_sparring --games 20 grandmaster old-grandmaster
    .venv/bin/python -m benchmarks.dame_sparring --speed 40    # depth and nodes/s, old v new

Players: the site's levels (man, king, grandmaster), "sparring" (games/dame/bots/sparring.py)
and "old-grandmaster" (the grandmaster before issue 36: games/dame/bots/search.py over lists,
evaluation.py), all with the same time per move and time.perf_counter as their clock. Games
come in pairs on one seed with the colours swapped. The score counts a draw as half a win;
its interval is Wilson's on that score.
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
from multiprocessing import Pool

from games.dame.bots import BOTS, LEVELS, bitboard_search, sparring
from games.dame.bots import search as old_search
from games.dame.bots.evaluation import EVALUATIONS
from games.dame.bots.position import Position
from games.dame.rules import legal_moves, move_name

PLAYERS = LEVELS + ("sparring", "old-grandmaster")
STATS: dict[str, list] = defaultdict(list)  # per player, this process: (depth, nodes, seconds)


def old_grandmaster(view, rng, budget, clock) -> str:
    """The grandmaster as it was before issue 36 (its choose(), kept here to compare)."""
    if len(view["legal_moves"]) == 1:
        return view["legal_moves"][0]
    misere = view["game"] == "schlagdame"
    pos = Position.from_view(view)
    moves = legal_moves(pos.board, pos.side)
    moves.sort(key=move_name)
    rng.shuffle(moves)
    search = old_search.Search(
        pos, EVALUATIONS[misere], misere, deadline=clock() + budget, clock=clock, contempt=15
    )
    started = clock()
    best, _, done = search.iterate(40, moves)
    STATS["old-grandmaster"].append((done, search.nodes, clock() - started))
    return move_name(best)


class RecordingSearch(bitboard_search.Search):
    def iterate(self, *args):
        started = time.perf_counter()
        result = super().iterate(*args)
        STATS["grandmaster"].append((self.depth_reached, self.nodes, time.perf_counter() - started))
        return result


class RecordingSparring(sparring.Sparring):
    nodes = 0
    depth = 0

    def negamax(self, *args):
        self.nodes += 1
        return super().negamax(*args)


def sparring_choose(view, rng, budget, clock) -> str:
    made = []

    class Recorded(RecordingSparring):
        def __init__(self, *a):
            super().__init__(*a)
            made.append(self)

    sparring.Sparring = Recorded
    started = clock()
    move = sparring.choose(view, rng, budget, clock)
    if made and len(view["legal_moves"]) > 1:
        STATS["sparring"].append((made[0].depth, made[0].nodes, clock() - started))
    return move


def choose(player, view, rng, budget) -> str:
    if player == "sparring":
        return sparring_choose(view, rng, budget, time.perf_counter)
    if player == "old-grandmaster":
        return old_grandmaster(view, rng, budget, time.perf_counter)
    return BOTS.choose(player, view, rng, budget, time.perf_counter)["move"]


def _engine(slug: str):
    if slug == "dame":
        from games.dame import GAME
    else:
        from games.schlagdame import GAME
    return GAME


def play(job):
    slug, index, seed, players, budget = job
    from games.dame.bots import grandmaster

    grandmaster.Search = RecordingSearch
    STATS.clear()
    game = _engine(slug)
    state = game.new(2, seed, {})
    rngs = [random.Random(f"{seed}:{p}:{seat}") for seat, p in enumerate(players)]
    times = defaultdict(list)
    moves = []
    while not state.over:
        seat = state.to_move
        view = game.view(state, seat)
        started = time.perf_counter()
        move = choose(players[seat], view, rngs[seat], budget)
        if len(view["legal_moves"]) > 1:
            times[players[seat]].append(time.perf_counter() - started)
        state = game.apply(state, {"seat": seat, "action": "move", "move": move})
        moves.append(move)
    print(f"  game {index} {players}: {' '.join(moves)}", file=sys.stderr)
    return index, players, state.winners, state.end_reason, state.plies, dict(times), dict(STATS)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def speed(budget: float, positions: int) -> None:
    """Depth finished and nodes a second of the old and the new grandmaster, one after the
    other on the same positions (from random games, one in four plies), same time a move."""
    from games.dame import GAME
    from games.dame.bots import grandmaster

    grandmaster.Search = RecordingSearch
    rng = random.Random(36)
    views = []
    while len(views) < positions:
        state = GAME.new(2, "", {})
        while not state.over and len(views) < positions:
            view = GAME.view(state, state.to_move)
            if state.plies % 4 == 3 and len(view["legal_moves"]) > 1:
                views.append(view)
            move = rng.choice(view["legal_moves"])
            state = GAME.apply(state, {"seat": state.to_move, "action": "move", "move": move})
    for player in ("old-grandmaster", "grandmaster"):
        STATS.clear()
        for view in views:
            choose(player, view, random.Random(1), budget)
        depths = [d for d, _, _ in STATS[player]]
        nps = sum(n for _, n, _ in STATS[player]) / sum(t for _, _, t in STATS[player])
        print(
            f"{player:<16} {len(depths)} positions, {budget} s: depth finished mean "
            f"{statistics.mean(depths):.1f}, median {statistics.median(depths)}; "
            f"{nps:,.0f} nodes a second"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", help=f"two of {', '.join(PLAYERS)}")
    parser.add_argument("--speed", type=int, default=0, help="only time N positions, old v new")
    parser.add_argument("--game", choices=("dame", "schlagdame"), default="dame")
    parser.add_argument("--games", type=int, default=20, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="36")
    parser.add_argument("--time-budget", type=float, default=0.5, help="seconds a move, both")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.speed:
        speed(args.time_budget, args.speed)
        return
    if len(args.players) != 2 or not set(args.players) <= set(PLAYERS):
        parser.error(f"name two players of {', '.join(PLAYERS)}")
    a, b = args.players
    jobs = []
    for pair in range(math.ceil(args.games / 2)):
        for players in ((a, b), (b, a)):
            jobs.append((args.game, len(jobs), f"{args.seed}-{pair}", players, args.time_budget))
    print(f"{args.game}: {a} vs {b}, {len(jobs)} games in pairs, {args.time_budget} s a move")
    started = time.perf_counter()
    results = []
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for r in pool.imap_unordered(play, jobs) if pool else map(play, jobs):
            results.append(r)
            print(f"  game {r[0]}: {r[1]} winners {r[2]} ({r[3]}, {r[4]} plies)", file=sys.stderr)
    tally = {p: [0, 0, 0] for p in (a, b)}
    times, stats = defaultdict(list), defaultdict(list)
    for _, players, winners, _, _, ts, st in results:
        for seat, p in enumerate(players):
            tally[p][
                0 if len(winners) == 1 and seat in winners else 1 if len(winners) == 2 else 2
            ] += 1
        for p, t in ts.items():
            times[p] += t
        for p, s in st.items():
            stats[p] += s
    n = len(results)
    for p in (a, b):
        won, drawn, lost = tally[p]
        score = won + drawn / 2
        low, high = wilson(score, n)
        print(
            f"{p:<16} won {won} drawn {drawn} lost {lost} of {n}: score {score / n:.1%} "
            f"[{low:.1%}, {high:.1%}]; move ms p50 {percentile(times[p], 0.5) * 1e3:.0f} "
            f"p95 {percentile(times[p], 0.95) * 1e3:.0f} max {max(times[p], default=0) * 1e3:.0f}"
        )
        if stats[p]:
            depths = [d for d, _, _ in stats[p]]
            nps = sum(nodes for _, nodes, _ in stats[p]) / sum(s for _, _, s in stats[p])
            print(
                f"{'':<16} depth finished: mean {statistics.mean(depths):.1f}, median "
                f"{statistics.median(depths)}, min {min(depths)}; {nps:,.0f} nodes a second"
            )
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
