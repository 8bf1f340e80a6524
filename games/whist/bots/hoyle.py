"""Hoyle: determinized search (perfect-information Monte Carlo) from its own view only.

For each sampled deal consistent with everything the seat has seen (worlds.py), every candidate
card is valued by the tricks its partnership then takes: exactly with the double-dummy solver
once few cards are left, by a quick playout (sim.quick_card for all four seats) before that.
The card with the best total over the worlds is played. With a clock the search samples worlds
until its time budget is spent; without one it samples a fixed number, so tests repeat.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import club
from .cards import SUIT_MASKS, to_str
from .knowledge import Knowledge, read
from .sim import above, playout
from .solver import NodeLimit, Solver
from .worlds import sample

DEFAULT_TIME_BUDGET = 0.4  # seconds per decision (GAMES.md: p95 <= 1 s)
FIXED_WORLDS = 48  # without a clock
MAX_WORLDS = 400  # with a clock, within the time budget
MIN_WORLDS = 24  # before stopping early: the best card is clear (Z standard errors ahead)
Z = 3.0
SOLVE_CARDS = 20  # solve exactly from this many cards in the hands (5 tricks) on
NODE_LIMIT = 20_000  # per world; past it the world is valued by playouts instead


def choose(
    view: dict,
    rng: random.Random,
    time_budget: float = DEFAULT_TIME_BUDGET,
    clock: Callable[[], float] | None = None,
) -> str:
    k = read(view)
    candidates = distinct_cards(k)
    if len(candidates) == 1:
        return to_str(candidates[0])
    values: list[list[int]] = [[] for _ in candidates]  # per candidate, per world
    deadline = clock() + time_budget if clock else None
    team = k.seat % 2
    limit = MAX_WORLDS if clock else FIXED_WORLDS
    for worlds in range(1, limit + 1):
        hands = sample(k, rng)
        for i, value in enumerate(evaluate(k, hands, candidates, team)):
            values[i].append(value)
        if worlds >= MIN_WORLDS and worlds % 8 == 0 and settled(values):
            break
        if deadline is not None and clock() >= deadline:
            break
    totals = [sum(v) for v in values]
    best = max(totals)
    tied = [c for c, t in zip(candidates, totals, strict=True) if t == best]
    if len(tied) > 1:  # equal in search: the club player's card if it is one of them
        preferred = club.choose(view, rng)
        for card in tied:
            if to_str(card) == preferred:
                return preferred
        return to_str(min(tied, key=lambda c: (c % 13, c)))
    return to_str(tied[0])


def settled(values: list[list[int]]) -> bool:
    """The leading card is ahead of the next best by more than Z standard errors of their
    paired difference over the worlds (or the two are equal in every world)."""
    totals = [sum(v) for v in values]
    order = sorted(range(len(values)), key=totals.__getitem__, reverse=True)
    diffs = [a - b for a, b in zip(values[order[0]], values[order[1]], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean * mean * n > Z * Z * var if var else True


def distinct_cards(k: Knowledge) -> list[int]:
    """The legal cards, one per run of touching cards in the seat's hand (the cards between
    them gone): they are worth the same in every deal."""
    live = k.in_play
    for card in k.trick:
        live |= 1 << card
    out = []
    for card in k.legal:
        higher = above(live & SUIT_MASKS[card // 13], card)
        if higher and (higher & -higher) & k.hand:
            continue
        out.append(card)
    return out


def evaluate(k: Knowledge, hands: list[int], candidates: list[int], team: int) -> list[float]:
    """Tricks `team` takes from the current trick on after each candidate, in this world."""
    left = sum(h.bit_count() for h in hands)
    if left <= SOLVE_CARDS:
        solver = Solver(k.trump, team, NODE_LIMIT)
        try:
            return [_after(hands, k, card, solver.value) for card in candidates]
        except NodeLimit:
            pass

    def play_out(h: list[int], leader: int, trick: list[int]) -> int:
        return playout(h, leader, trick, k.trump)[team]

    return [_after(hands, k, card, play_out) for card in candidates]


def _after(hands: list[int], k: Knowledge, card: int, value) -> float:
    h = hands[:]
    h[k.seat] &= ~(1 << card)
    return value(h, k.leader, [*k.trick, card])
