"""The double pack in Doppelkopf's notation (DK2): "<rank><suit>", e.g. "10H", "QC", "9D".

Each card exists twice and the two copies are indistinguishable, so hands are multisets (lists
with repeats). With the option `nines` off the eight nines are left out (40 cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

SUITS = ("C", "S", "H", "D")  # DK2: the sort order for display and outputs
RANKS = ("A", "10", "K", "Q", "J", "9")  # DK2: within a suit, the sort order
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # DK2: card points (Augen)
NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)  # sorted order
_INDEX = {card: i for i, card in enumerate(NAMES)}
TOTAL_POINTS = 240  # DK2: with or without nines


def pack(nines: bool = True) -> list[str]:
    """The whole pack, each card twice, in sort order (the order a shuffle starts from)."""
    return [c for c in NAMES for _ in range(2) if nines or rank(c) != "9"]


def hand_size(nines: bool = True) -> int:
    return 12 if nines else 10


def is_card(value: Any, nines: bool = True) -> bool:
    return isinstance(value, str) and value in _INDEX and (nines or rank(value) != "9")


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def points(card: str) -> int:
    return POINTS[rank(card)]


def sort_key(card: str) -> int:
    return _INDEX[card]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_INDEX.__getitem__)


def is_pack(hands: list[list[str]], nines: bool) -> bool:
    """The four hands hold exactly the pack (each card twice)."""
    return Counter(c for h in hands for c in h) == Counter(pack(nines))
