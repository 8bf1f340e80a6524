"""The cards (CG1): 105, fifteen of each symbol, one of which is its privateer card (`-gold`)."""

from __future__ import annotations

from collections import Counter

from .board import SYMBOLS

GOLD = "-gold"
PLAIN_PER_SYMBOL = 14
KINDS = tuple(s + g for s in SYMBOLS for g in ("", GOLD))  # CG1 order, plain before gold
# The fixed order the deal shuffles from: each symbol's 14 plain cards, then its privateer card.
DECK = tuple(card for s in SYMBOLS for card in [s] * PLAIN_PER_SYMBOL + [s + GOLD])
COPIES = Counter(DECK)  # of each kind: 14 plain, 1 gold
_ORDER = {kind: i for i, kind in enumerate(KINDS)}


def is_card(card) -> bool:
    return isinstance(card, str) and card in _ORDER


def symbol(card: str) -> str:
    """CG1: a privateer card counts as a card of its symbol."""
    return card[: -len(GOLD)] if card.endswith(GOLD) else card


def is_privateer(card: str) -> bool:
    return card.endswith(GOLD)


def sort_cards(cards) -> list[str]:
    """CG1 symbol order, plain before gold (the scenario format's order)."""
    return sorted(cards, key=_ORDER.__getitem__)


def remove(hand: list[str], cards) -> list[str] | None:
    """`hand` without `cards` (a multiset), or None if it does not hold them all."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return rest
