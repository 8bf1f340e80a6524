"""Dame and Schlagdame: the grandmaster against a sparring partner written apart from the bots
(issue 36, GAMES.md point 2), through the shared tournament harness (games/core/tournament.py);
run by hand. Prints win rates with 95% Wilson intervals (a draw is half a win), wins, draws and
losses, move times, and for each searching player the depth it finished and its nodes a second.

    .venv/bin/python -m benchmarks.dame_sparring --game dame --games 20 grandmaster sparring
    .venv/bin/python -m benchmarks.dame_sparring --game schlagdame --games 20 grandmaster sparring
    .venv/bin/python -m benchmarks.dame_sparring --games 20 grandmaster old-grandmaster
    .venv/bin/python -m benchmarks.dame_sparring --speed 40    # depth and nodes/s, old v new

Players: the site's levels (man, king, grandmaster), "sparring" (games/dame/bots/sparring.py)
and "old-grandmaster" (the grandmaster before issue 36: games/dame/bots/search.py over lists,
evaluation.py), all with the same time per move and time.perf_counter as their clock. Games
come in pairs on one seed with the colours swapped.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter, defaultdict

from games.core import tournament
from games.dame.bots import BOTS, LEVELS, bitboard_search, grandmaster, sparring
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
    made: list = []

    def __init__(self, *args):
        super().__init__(*args)
        self.nodes = self.depth = 0
        RecordingSparring.made.append(self)

    def negamax(self, *args):
        self.nodes += 1
        return super().negamax(*args)


grandmaster.Search = RecordingSearch  # the site's grandmaster, counted
sparring.Sparring = RecordingSparring


class Players:
    """Setup.bots for the harness: the levels, the sparring partner and the old grandmaster.
    `odds`: the sparring partner's time a move as a multiple of everyone else's (a stand-in
    for an outsider with a faster engine; 1 is a fair match)."""

    levels = PLAYERS

    def __init__(self, odds: float = 1.0) -> None:
        self.odds = odds

    def choose(self, level, view, rng, budget=None, clock=None) -> dict:
        if level == "old-grandmaster":
            move = old_grandmaster(view, rng, budget, clock)
        elif level == "sparring":
            RecordingSparring.made.clear()
            started = clock()
            move = sparring.choose(view, rng, budget * self.odds, clock)
            for search in RecordingSparring.made:
                STATS["sparring"].append((search.depth, search.nodes, clock() - started))
        else:
            return BOTS.choose(level, view, rng, budget, clock)
        return {"seat": view["seat"], "action": "move", "move": move}


def needs_thought(view: dict) -> bool:
    return len(view["legal_moves"]) > 1


def summary(game, state) -> dict:
    """The match's end, and the search figures its process gathered (then cleared)."""
    stats = {player: list(rows) for player, rows in STATS.items()}
    STATS.clear()
    return {"end_reason": state.end_reason, "plies": state.plies, "stats": stats}


def engine(slug: str):
    if slug == "dame":
        from games.dame import GAME
    else:
        from games.schlagdame import GAME
    return GAME


def depth_line(rows: list) -> str:
    depths = [d for d, _, _ in rows]
    nps = sum(n for _, n, _ in rows) / max(1e-9, sum(t for _, _, t in rows))
    return (
        f"depth finished mean {statistics.mean(depths):.1f}, median "
        f"{statistics.median(depths)}; {nps:,.0f} nodes a second"
    )


def outcomes(results, players) -> str:
    tally: dict[str, Counter] = defaultdict(Counter)
    stats: dict[str, list] = defaultdict(list)
    for r in results:
        for seat, level in enumerate(r.levels):
            kind = "drawn" if r.ranking == (1, 1) else "won" if r.ranking[seat] == 1 else "lost"
            tally[level][kind] += 1
        for player, rows in r.extra["stats"].items():
            stats[player] += rows
    lines = []
    for p in players:
        t = tally[p]
        lines.append(f"{p}: won {t['won']}, drawn {t['drawn']}, lost {t['lost']}")
        if stats[p]:
            lines.append(f"    {depth_line(stats[p])}")
    lines.append(f"{tournament.endings(results)}.")
    return "\n".join(lines)


def speed(budget: float, positions: int) -> None:
    """Depth finished and nodes a second of the old and the new grandmaster, one after the
    other on the same positions (from random games, one in four plies), same time a move."""
    from games.dame import GAME

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
            Players().choose(player, view, random.Random(1), budget, time.perf_counter)
        print(f"{player:<16} {len(views)} positions, {budget} s: {depth_line(STATS[player])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", help=f"two of {', '.join(PLAYERS)}")
    parser.add_argument("--speed", type=int, default=0, help="only time N positions, old v new")
    parser.add_argument("--game", choices=("dame", "schlagdame"), default="dame")
    parser.add_argument("--games", type=int, default=20, help="rounded up to whole pairs")
    parser.add_argument("--seed", default="36")
    parser.add_argument("--time-budget", type=float, default=0.5, help="seconds a move, both")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--odds", type=float, default=1.0, help="sparring's time, times budget")
    args = parser.parse_args()
    if args.speed:
        speed(args.time_budget, args.speed)
        return
    if len(args.players) != 2 or not set(args.players) <= set(PLAYERS):
        parser.error(f"name two players of {', '.join(PLAYERS)}")
    setup = tournament.Setup(
        engine(args.game),
        2,
        budget=args.time_budget,
        timed=needs_thought,
        summary=summary,
        bots=Players(args.odds),
    )
    jobs = tournament.schedule(args.players, args.games, args.seed)
    print(
        f"{args.game}: {' vs '.join(args.players)}, {len(jobs)} games in pairs (colours "
        f"swapped), {args.time_budget} s a move (sparring x{args.odds}), seed {args.seed!r}"
    )
    started = time.perf_counter()
    results = tournament.run(setup, jobs, args.jobs, noun="games")
    print(tournament.report(results, PLAYERS, points=None))
    print(outcomes(results, args.players))
    print(f"Wall time {time.perf_counter() - started:.0f} s.")


if __name__ == "__main__":
    main()
