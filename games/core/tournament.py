"""Bot tournaments over the game protocol: measured strength and speed (GAMES.md point 2).

One module for every game; a game's `python -m games.<slug>.bots.tournament` is a thin call:

    from games.core import tournament

    def main(argv=None):
        args = ...  # the game's own options: levels, matches, seed, time budget, jobs
        setup = tournament.Setup(GAME, players=4, options={...}, budget=args.time_budget)
        jobs = tournament.schedule(levels, args.matches, args.seed)  # one level per seat
        results = tournament.run(setup, jobs, processes=args.jobs)
        print(tournament.report(results, GAME.bots.levels))

- `schedule`: matches come in sets that share a seed (the same deals, the same opening) with the
  levels rotated round the table, one seat each time, every distinct seating once: two levels
  on two seats swap colours; Whist's (A, B, A, B) swaps partnerships; three levels on three
  seats take every seat each. Bots draw from one random stream per level and seed, so a level
  meets the same luck in every seating of a set.
- `play`: one match, each seat choosing from its own `view` only; server steps (the next deal)
  are applied as the server would. Every bot decision is timed on the CPU clock and the wall
  clock (`Setup.timed` says which decisions count, e.g. only those with a choice).
- `report`: per level its matches, its win rate with a 95% Wilson interval (a first place shared
  by k sides counts 1/k: a draw is half a win), the fair share, its mean points (`Status.scores`
  at the end, where the game keeps any) and its decision times (median, p95). A side is a team
  where the game has partnerships (`Game.teams`), else a seat; a level holding part of a side
  gets that part of the side's result.
- `Setup.summary(game, state) -> dict`: a module-level function for the game's own figures at
  a match's end (sweeps, end reasons, tricks per deal), kept in `Result.extra` for the game's
  report; `by_seat` (wins per level and seat: as White, as the wolf) and `endings` (by
  `extra["end_reason"]`) print what two-seat games commonly add.

- Optional moves (Status.optional): before each turn the seats named there are asked, in a
  random order, through `bots.optional(level, view, rng) -> action | None` where the game's bots
  have it (Mau Mau's interjection, Doppelkopf's announcements); the first move offered is
  applied, and the seats are asked again.
- `Setup.bots`: who chooses, the game's bots by default; `WithSparring(bots, choose)` adds a
  sparring partner written apart from the levels (GAMES.md 2) under the name "sparring".
Everything is determined by the seed except how far a bot searches within a time budget (a
`Setup` with `clock=None`: a fixed amount of work, repeatable). Jobs run in `processes` worker
processes (Setup's functions must be module-level so they can be pickled).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

SAFETY_NET = 100_000  # actions, for a game that declares no Traits.max_actions


class WithSparring:
    """Setup.bots for a game's tournament command: the game's levels (`bots`), and its sparring
    partner, which is no level of the site, as the level "sparring". `choose(view, rng,
    time_budget, clock)` and `optional(view, rng)` give the partner's actions: module-level
    functions, as the jobs are pickled to worker processes."""

    def __init__(self, bots, choose: Callable, optional: Callable | None = None) -> None:
        self.bots, self._choose, self._optional = bots, choose, optional
        self.levels = (*bots.levels, "sparring")

    def choose(self, level, view, rng, time_budget=None, clock=None) -> dict:
        if level == "sparring":
            return self._choose(view, rng, time_budget, clock)
        return self.bots.choose(level, view, rng, time_budget, clock)

    def optional(self, level, view, rng, time_budget=None, clock=None) -> dict | None:
        if level == "sparring":
            return self._optional(view, rng) if self._optional else None
        return self.bots.optional(level, view, rng)


@dataclass(frozen=True)
class Setup:
    """What every match of a tournament shares."""

    game: Any  # a games.core.protocol.Game
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    budget: float | None = None  # seconds per decision for a searching bot; None: its default
    clock: Callable[[], float] | None = time.perf_counter  # the bots' clock; None: fixed work
    timed: Callable[[dict], bool] | None = None  # view -> is this decision timed? None: all
    summary: Callable[[Any, Any], dict] | None = None  # (game, final state) -> the game's figures
    bots: Any = None  # who chooses (a sparring partner besides the levels); None: game.bots


@dataclass(frozen=True)
class Job:
    index: int
    seed: str  # the set's seed: the same deals in every seating
    levels: tuple[str, ...]  # per seat


@dataclass
class Result:
    index: int
    seed: str
    levels: tuple[str, ...]
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    sides: list[list[int]]  # teams, or one seat each
    rounds: int
    actions: int
    cpu: dict[str, list[float]] = field(default_factory=dict)  # seconds per timed decision
    wall: dict[str, list[float]] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)  # Setup.summary's figures


def schedule(levels: Sequence[str], matches: int, seed: str) -> list[Job]:
    """Sets of matches on one seed (`<seed>-<set>`), one per distinct rotation of `levels`;
    `matches` rounded up to whole sets."""
    levels = tuple(levels)
    seatings = []
    for turn in range(len(levels)):
        seating = levels[turn:] + levels[:turn]
        if seating not in seatings:
            seatings.append(seating)
    jobs = []
    for number in range(math.ceil(matches / len(seatings))):
        for seating in seatings:
            jobs.append(Job(len(jobs), f"{seed}-{number}", seating))
    return jobs


def play(setup: Setup, job: Job) -> Result:
    """One whole match, each seat choosing from its own view only."""
    game = setup.game
    bots = setup.bots or game.bots
    optional = getattr(bots, "optional", None)
    state = game.new(setup.players, job.seed, setup.options)
    rngs = {level: random.Random(f"{job.seed}:{level}") for level in job.levels}
    order = random.Random(f"{job.seed}:optional")  # who is asked first for an optional move
    cpu: dict[str, list[float]] = defaultdict(list)
    wall: dict[str, list[float]] = defaultdict(list)
    traits = getattr(game, "traits", None)
    limit = traits.max_actions if traits else SAFETY_NET
    actions = 0
    while not (status := game.status(state)).over:
        if actions == limit:
            raise RuntimeError(
                f"match {job.index} (seed {job.seed!r}) did not end in {limit} actions"
            )
        actions += 1
        if status.server_step:
            state = game.apply(state, status.server_step)
            continue
        if (
            optional
            and status.optional
            and (extra := _optional(game, state, status, job, rngs, order, optional))
        ):
            state = game.apply(state, extra)
            continue
        seat = status.to_act[0]
        level = job.levels[seat]
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        seen = game.view(state, seat)
        action = bots.choose(level, seen, rngs[level], setup.budget, setup.clock)
        if setup.timed is None or setup.timed(seen):
            cpu[level].append(time.process_time() - started_cpu)
            wall[level].append(time.perf_counter() - started_wall)
        state = game.apply(state, action)
    teams = game.teams(setup.players, setup.options)
    return Result(
        index=job.index,
        seed=job.seed,
        levels=job.levels,
        ranking=tuple(status.ranking),
        scores=tuple(status.scores),
        sides=teams or [[seat] for seat in range(setup.players)],
        rounds=status.round,
        actions=actions,
        cpu=dict(cpu),
        wall=dict(wall),
        extra=setup.summary(game, state) if setup.summary else {},
    )


def _optional(game, state, status, job: Job, rngs: dict, order: random.Random, optional):
    """The first optional move a seat's bot takes now, asking the seats in a random order."""
    seats = list(status.optional)
    order.shuffle(seats)
    for seat in seats:
        level = job.levels[seat]
        action = optional(level, game.view(state, seat), rngs[level])
        if action is not None:
            return action
    return None


def _play(args: tuple[Setup, Job]) -> Result:
    return play(*args)


def run(
    setup: Setup, jobs: Sequence[Job], processes: int = 1, noun: str = "matches"
) -> list[Result]:
    """Every job played (in `processes` processes), in job order; progress on stderr."""
    started = time.perf_counter()
    results: list[Result] = []
    step = max(1, len(jobs) // 10)
    with Pool(processes) if processes > 1 else nullcontext() as pool:
        work = [(setup, job) for job in jobs]
        played = pool.imap_unordered(_play, work) if pool else map(_play, work)
        for result in played:
            results.append(result)
            if len(results) % step == 0:
                elapsed = time.perf_counter() - started
                print(f"  {len(results)}/{len(jobs)} {noun}, {elapsed:.0f} s", file=sys.stderr)
    return sorted(results, key=lambda r: r.index)


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate (successes may be fractional: half a win)."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


@dataclass
class Standing:
    """One level's figures over a tournament."""

    played: float = 0.0  # sides played (a level on half a team: half a match)
    wins: float = 0.0  # a first place shared by k sides: 1/k
    points: float = 0.0  # sum of its sides' final scores, weighted like `played`
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


def standings(results: Sequence[Result]) -> dict[str, Standing]:
    """Per level: sides played, wins (a shared first place split), points and decision times."""
    table: dict[str, Standing] = defaultdict(Standing)
    for r in results:
        firsts = sum(1 for side in r.sides if r.ranking and r.ranking[side[0]] == 1)
        for side in r.sides:
            won = 1 / firsts if r.ranking and r.ranking[side[0]] == 1 else 0.0
            for seat in side:
                row = table[r.levels[seat]]
                row.played += 1 / len(side)
                row.wins += won / len(side)
                if r.scores:
                    row.points += r.scores[seat] / len(side)
        for level, ts in r.cpu.items():
            table[level].cpu.extend(ts)
        for level, ts in r.wall.items():
            table[level].wall.extend(ts)
    return dict(table)


def report(results: Sequence[Result], levels: Sequence[str], points: str | None = "points") -> str:
    """The table per level, strongest (last in `levels`, the game's easiest-first order) first.
    `points`: the scores' column heading, None to leave it out."""
    table = standings(results)
    sides = len(results[0].sides) if results else 1
    show_points = points is not None and any(r.scores for r in results)
    head = f"{'level':<12} {'played':>6} {'win rate':>8}  {'95% CI':<16} {'share':>5}"
    if show_points:
        head += f" {points:>8}"
    head += f"  {'moves':>6} {'CPU ms p50':>10} {'p95':>7}  {'wall ms p50':>11} {'p95':>7}"
    lines = [head, "-" * len(head)]
    # The strongest level first; names that are no level (a sparring partner) last.
    rank = {level: i for i, level in enumerate(levels)}
    for level in sorted(table, key=lambda lv: rank.get(lv, -1), reverse=True):
        row = table[level]
        low, high = wilson(row.wins, row.played)
        played = f"{row.played:g}" if row.played == int(row.played) else f"{row.played:.1f}"
        line = (
            f"{level:<12} {played:>6} {row.win_rate:>8.1%}  "
            f"{f'[{low:.1%}, {high:.1%}]':<16} {1 / sides:>5.1%}"
        )
        if show_points:
            line += f" {row.points / row.played:>8.2f}"
        line += (
            f"  {len(row.cpu):>6} {percentile(row.cpu, 0.5) * 1e3:>10.2f} "
            f"{percentile(row.cpu, 0.95) * 1e3:>7.2f}  {percentile(row.wall, 0.5) * 1e3:>11.2f} "
            f"{percentile(row.wall, 0.95) * 1e3:>7.2f}"
        )
        lines.append(line)
    count = max(1, len(results))
    rounds = sum(r.rounds for r in results) / count
    actions = sum(r.actions for r in results) / count
    per_match = f"{rounds:.1f} rounds and " if any(r.rounds > 1 for r in results) else ""
    lines += [
        "",
        f"{len(results)} matches, {per_match}{actions:.1f} actions per match on average.",
        "win rate: matches won per side played (a side: a seat, or a team); a first place",
        "shared by k sides counts 1/k (a draw: half). 95% CI: Wilson score interval (a level on",
        "several sides of one match is not independent: optimistic). share: 1 / sides.",
        "moves: timed bot decisions; CPU and wall-clock milliseconds, median and p95.",
    ]
    return "\n".join(lines)


def by_seat(results: Sequence[Result], levels: Sequence[str], seats: Sequence[str]) -> str:
    """Per level, its wins (first place alone) and matches in each seat, named by `seats`
    (White and Black, the sheep and the wolf): how much a seat is worth to each level."""
    counts: dict[str, Counter[tuple[int, bool]]] = defaultdict(Counter)
    for r in results:
        for seat, level in enumerate(r.levels):
            counts[level][seat, False] += 1
            counts[level][seat, True] += r.ranking[seat] == 1 and r.ranking.count(1) == 1
    head = f"{'level':<12}" + "".join(f" {'as ' + name:>10}" for name in seats)
    lines = [head, "-" * len(head)]
    rank = {level: i for i, level in enumerate(levels)}
    for level in sorted(counts, key=lambda lv: rank.get(lv, -1), reverse=True):
        cells = [f"{counts[level][s, True]}/{counts[level][s, False]}" for s in range(len(seats))]
        lines.append(f"{level:<12}" + "".join(f" {cell:>10}" for cell in cells))
    lines.append("as <seat>: matches won alone / played in that seat.")
    return "\n".join(lines)


def endings(results: Sequence[Result]) -> str:
    """How the matches ended, by `Result.extra["end_reason"]`, most often first."""
    reasons = Counter(r.extra["end_reason"] for r in results)
    return "ended by " + ", ".join(f"{reason} {n}" for reason, n in reasons.most_common())
