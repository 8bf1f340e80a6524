"""Bot tournaments for Wolf und Schafe: measured strength and speed (GAMES.md point 2), over
games/core/tournament.py.

    python -m games.wolf_und_schafe.bots.tournament --games 200 perfect random
    python -m games.wolf_und_schafe.bots.tournament --games 100 perfect sparring

Games come in pairs with the roles swapped and the same random sources: each level plays the
sheep in one game of the pair and the wolf in the other. Prints per level its win rate with a
95% Wilson interval, its wins as the sheep and as the wolf, and the time per decision (median,
p95) of the decisions that needed thought (a lone legal choice is played at once and not timed).
When the perfect level plays, the time to build its table is measured first (once per process,
as on the site). "sparring" is the sparring partner (sparring.py), an alpha-beta player written
apart from the levels.
"""

from __future__ import annotations

import argparse
import random
import time

from games.core import tournament

from .. import GAME
from . import BOTS, LEVELS, solver, sparring

ROLES = ("sheep", "wolf")  # by seat (WS2)
# The site's levels and the sparring partner (sparring.py), which is not one of them.
PLAYERS = LEVELS + ("sparring",)


def sparring_move(view: dict, rng: random.Random, _budget=None, _clock=None) -> dict:
    return sparring.choose(view, rng)


def needs_thought(view: dict) -> bool:
    return len(view["legal_moves"]) > 1


def summary(game, state) -> dict:
    return {"end_reason": state.end_reason, "plies": state.plies}


SETUP = tournament.Setup(
    GAME, 2, bots=tournament.WithSparring(BOTS, sparring_move), timed=needs_thought, summary=summary
)


def roles(results: list[tournament.Result]) -> str:
    """Per level its wins and games as the sheep and as the wolf; how the games ended."""
    plies = sum(r.extra["plies"] for r in results) / len(results)
    return "\n".join(
        [
            "",
            tournament.by_seat(results, PLAYERS, ROLES),
            "",
            f"{len(results)} games, {plies:.1f} moves per game on average; "
            f"{tournament.endings(results)}.",
            "No draws (WS4). Move times: decisions with more than one legal choice.",
        ]
    )


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
    jobs = tournament.schedule([a, b], args.games, args.seed)
    print(
        f"wolf_und_schafe bot tournament: {a} vs {b}, {len(jobs)} games ({len(jobs) // 2} "
        f"pairs, roles swapped), seed {args.seed!r}",
        flush=True,
    )
    if "perfect" in (a, b):
        print(measure_table(), flush=True)
    started = time.perf_counter()
    results = tournament.run(SETUP, jobs, noun="games")
    print(tournament.report(results, PLAYERS, points=None))
    print(roles(results))
    print(f"Wall time {time.perf_counter() - started:.1f} s.")


if __name__ == "__main__":
    main()
