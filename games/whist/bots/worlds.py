"""Deals consistent with what a seat has seen: its own hand, the cards gone, the turned-up card
in the dealer's hand, the hand sizes and every void shown by a failure to follow suit (WH5)."""

from __future__ import annotations

import random

from .cards import cards_of
from .knowledge import Knowledge

ATTEMPTS = 50


def sample(k: Knowledge, rng: random.Random) -> list[int]:
    """Four hands (masks): the unseen cards shared out at random among the other seats, each
    card only to a seat not known to be void in its suit, the most constrained cards first.
    Should the voids ever leave no room (they cannot, for a view of a real deal), they are
    dropped rather than fail."""
    unseen = cards_of(k.unseen)
    others = [s for s in range(4) if s != k.seat]
    for attempt in range(ATTEMPTS + 1):
        hands = [k.known[s] for s in range(4)]
        hands[k.seat] = k.hand
        need = [k.sizes[s] - hands[s].bit_count() for s in range(4)]
        need[k.seat] = 0
        strict = attempt < ATTEMPTS
        options = {}
        for card in unseen:
            s = card // 13
            options[card] = [o for o in others if not (strict and (k.voids[o] >> s) & 1)]
        cards = unseen[:]
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        for card in cards:
            seats = [o for o in options[card] if need[o] > 0]
            if not seats:
                break
            total = sum(need[o] for o in seats)
            r = rng.randrange(total)
            for o in seats:
                r -= need[o]
                if r < 0:
                    break
            hands[o] |= 1 << card
            need[o] -= 1
        else:
            return hands
    raise ValueError("no deal fits this view")  # only for a view of an impossible deal
