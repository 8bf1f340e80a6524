"""Determinization: one guess at the hidden cards that fits everything a seat has seen.

The unknown cards (knowledge.Knowledge.unknown_cards) are dealt at random: each opponent keeps
the cards it is known to hold (taken face up this round, not discarded since) and gets random
unknown cards for the rest of its hand; the stock gets its count in random order; whatever is
left over stands for the penalty cards of earlier rounds, out of play (R8).

A uniformly random hand is weaker than a real one: opponents have been drawing and keeping what
fits all round. So each guessed hand is then improved as its owner would have: for every card
that opponent drew blind from the stock this round, a random unknown card comes in and the
hand's worst card goes back to the unknown cards (the greedy discard, never a card known to be
held). Checked against Boatswain play: the chance that some opponent's limit is at most L comes
out close to the truth (a little high early in a round, a little low late).
"""

from __future__ import annotations

import random

from .hands import best_crew, best_discard, masks_of
from .knowledge import Knowledge
from .simulate import Table


def determinize(k: Knowledge, rng: random.Random, improve: bool = True) -> Table:
    pool = k.unknown_cards()
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for seat in range(k.players):
        if seat == k.seat:
            hands.append(list(k.hand))
            continue
        need = max(0, k.unknown_in_hand(seat))
        hand = [*k.known[seat], *pool[:need]]
        del pool[:need]
        if improve and need:
            for _ in range(k.stock_draws[seat]):
                _improve(hand, k.known[seat], k.pier_colour, pool, rng)
        hands.append(hand)
    stock = pool[: k.stock_count]
    return Table(
        players=k.players,
        hands=hands,
        pier=list(k.pier),
        discard=list(k.discard),
        stock=stock,
        to_move=k.seat,
        drawn=len(k.hand) == 13,
        must_sail=k.must_sail,
        turns=k.turns,
    )


def _improve(hand: list[int], fixed: set[int], pier: int, pool: list[int], rng) -> None:
    """One blind draw and greedy discard, in place; the discarded card rejoins the pool."""
    if not pool:
        return
    i = rng.randrange(len(pool))
    hand.append(pool[i])
    card = best_discard(hand, pier)[0]
    if card in fixed:
        free = [c for c in hand if c not in fixed]
        card = min(free, key=lambda c: best_crew(masks_of([x for x in hand if x != c]), pier)[:2])
    hand.remove(card)
    pool[i] = card
