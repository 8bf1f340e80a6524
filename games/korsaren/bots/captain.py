"""Captain, the strong level: determinized Monte Carlo search within a time budget.

For a draw, or a discard / set-sail decision, it lists a few candidate moves (the best discards
by limit, setting sail), then repeats until the budget is spent: guess the hidden cards
(determinize.py), give each opponent a style (STYLES: the greedy policy; issue 36 tried others),
and from that guess play each candidate and the rest of the round (simulate.py, its best
discards remembered: the same moves as the greedy policy). Each
result is scored as the seat's chance to win the match (value.py), so a penalty card counts for
more near the end, and a sweep or the last round settle everything. The same guesses serve every
candidate (common random numbers), and candidates clearly behind are dropped as it goes.

Laying down after another player sets sail needs no search: hands.opponent_plan is exact.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from .determinize import determinize
from .hands import best_crew, masks_of, names
from .knowledge import Knowledge, read_view
from .laydowns import sail_with, settled_action
from .legal import pending_task
from .simulate import (
    FastGreedyPolicy,
    Outcome,
    Policy,
    Table,
    discard,
    draw,
    play_out,
)
from .value import match_value

DEFAULT_TIME_BUDGET = 0.5  # seconds per decision
FIXED_ITERATIONS = 48  # determinizations per decision when the caller gives no clock
DISCARDS_TRIED = 4  # the best discards by the greedy measure
SAILS_TRIED = 2  # setting sail with the best discards
CHECK_EVERY = 8  # iterations between dropping candidates that are clearly behind
DROP_AT = 2.5  # ... by this many standard errors of the paired difference

POLICY = FastGreedyPolicy()
# Opponents' styles in the rollouts, with their weights. Issue 36 tried a sweep racer (never
# sets sail short of a sweep) beside our greedy policy, half and half, with the discard that
# leaves the fewest stowaways as one more candidate: against the sparring partner, 0.5 s a
# decision, the same 40 paired matches, it won 52.5% [37.5, 67.1] where this Captain won 65.0%
# [49.5, 77.9]; so opponents are modelled by the greedy policy alone until a style shows a gain
# (benchmarks/korsaren_sparring.py measures one: add it here with a weight).
STYLES: tuple[tuple[Policy, float], ...] = ((POLICY, 1.0),)
RACING_CANDIDATE = False  # also try the discard that leaves the fewest stowaways (R9)


@dataclass(frozen=True)
class Move:
    kind: str  # "draw", "discard" or "sail"
    source: str = ""  # for a draw
    card: int = -1  # for a discard or setting sail


def choose(
    view: dict,
    rng: random.Random,
    budget: float,
    iterations: int | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """The Captain's action, searching for `budget` seconds of `clock`; or, if `iterations` is
    given (FIXED_ITERATIONS without a clock), for exactly that many determinizations whatever
    the time (tests use that to be independent of the machine's speed)."""
    if clock is None and iterations is None:
        iterations = FIXED_ITERATIONS
    settled = settled_action(view, pending_task(view))
    if settled is not None:
        return settled
    k = read_view(view)
    moves = candidates(k)
    if len(moves) > 1:
        deadline = clock() + budget if clock else 0.0
        scores = search(k, moves, rng, deadline, iterations, clock)
        moves = [max(scores, key=scores.__getitem__)]
    return to_action(moves[0], view)


def candidates(k: Knowledge) -> list[Move]:
    if len(k.hand) == 12:  # the draw
        piles = {"stock": k.stock_count, "discard": k.discard, "pier": k.pier}
        return [Move("draw", source=s) for s, pile in piles.items() if pile]
    by_limit = sorted(
        (best_crew(masks_of([c for c in k.hand if c != card]), k.pier_colour)[:2], card)
        for card in set(k.hand)
    )
    if by_limit[0][0][0] == 0:
        return [Move("sail", card=by_limit[0][1])]  # a sweep wins the match at once (R9)
    sails = [Move("sail", card=card) for _, card in by_limit[:SAILS_TRIED]]
    if k.must_sail:
        return sails
    discards = [card for _, card in by_limit[:DISCARDS_TRIED]]
    racing = min(by_limit, key=lambda found: (found[0][1], found[0][0]))[1]
    if RACING_CANDIDATE and racing not in discards:
        discards.append(racing)  # the fewest stowaways: the discard of the sweep race (R9)
    return [Move("discard", card=card) for card in discards] + sails


def search(
    k: Knowledge,
    moves: list[Move],
    rng: random.Random,
    deadline: float,
    iterations: int | None = None,
    clock: Callable[[], float] | None = None,
) -> dict[Move, float]:
    """Mean match value per move, over as many determinizations as the time allows."""
    values: dict[Move, list[float]] = {m: [] for m in moves}
    alive = list(moves)
    done = 0
    while True:
        table = determinize(k, rng)
        styles = opponent_styles(k, rng)
        for move in alive:
            outcome = play(table.copy(), move, styles)
            values[move].append(match_value(k.penalties, outcome, k.seat, k.is_last_round))
        done += 1
        if len(alive) == 1 or done == iterations:
            break
        if iterations is None and clock() >= deadline:
            break
        if done % CHECK_EVERY == 0:
            alive = still_in_the_running(alive, values)
    # Survivors have played every guess; dropped moves count as lost.
    return {m: statistics.fmean(values[m]) if m in alive else -1.0 for m in moves}


def still_in_the_running(alive: list[Move], values: dict[Move, list[float]]) -> list[Move]:
    """Drop the moves whose paired difference to the best one is clearly negative."""
    best = max(alive, key=lambda m: statistics.fmean(values[m]))
    kept = []
    for move in alive:
        diffs = [b - v for b, v in zip(values[best], values[move], strict=True)]
        mean = statistics.fmean(diffs)
        error = statistics.pstdev(diffs) / len(diffs) ** 0.5
        if move == best or mean <= DROP_AT * error:
            kept.append(move)
    return kept


def opponent_styles(k: Knowledge, rng: random.Random) -> list[Policy]:
    """Per seat, the policy it follows in one determinization's rollouts: the Captain's own
    seat the greedy policy; each opponent, independently, one of STYLES by their weights
    (issue 36: opponents are not all alike, and do not all play as we would)."""
    if len(STYLES) == 1:
        return [STYLES[0][0]] * k.players  # (draws no random number: the Captain as before)
    policies = [policy for policy, _ in STYLES]
    weights = [weight for _, weight in STYLES]
    return [
        POLICY if seat == k.seat else rng.choices(policies, weights)[0] for seat in range(k.players)
    ]


def play(table: Table, move: Move, styles: list[Policy] | None = None) -> Outcome:
    """Play `move` for the seat to move in this determinization, then the rest of the round,
    each seat following its style (all greedy if none are given)."""
    seat = table.to_move
    styles = styles or [POLICY] * table.players
    if move.kind == "draw":
        outcome = draw(table, move.source)
        if outcome:
            return outcome
        card, sail = styles[seat].discard(table, seat)
        outcome = discard(table, card, sail)
    else:
        outcome = discard(table, move.card, move.kind == "sail")
    return outcome or play_out(table, styles)


def to_action(move: Move, view: dict) -> dict:
    seat = view["seat"]
    if move.kind == "draw":
        return {"seat": seat, "action": "draw", "from": move.source}
    [card] = names([move.card])
    if move.kind == "discard":
        return {"seat": seat, "action": "discard", "card": card}
    out_of_reach = [*view["discard"], *view["pier"]]
    return sail_with(seat, view["hand"], card, view["pier_colour"], out_of_reach)
