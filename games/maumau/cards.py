"""Mau Mau's cards (MM1): French suits, "<rank><suit>" names ("7H", "10C", "JD"), the 32- and
52-card packs (MM2), doubled for interjecting (MM10), and the penalty points of MM12."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SUITS = ("C", "D", "H", "S")  # MM1: the fixed order for sorting and notation
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
DECK_52: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)  # in sort order (MM1)
DECK_32: tuple[str, ...] = tuple(c for c in DECK_52 if RANKS.index(c[:-1]) >= RANKS.index("7"))
_ORDER = {card: i for i, card in enumerate(DECK_52)}
SPECIAL_RANKS = ("7", "8", "9", "J")  # MM1/MM6: every 7, 8, 9 and jack
# MM12: penalty points of the cards left in a hand (scoring = points).
POINTS = {"10": 10, "Q": 10, "K": 10, "A": 11, "7": 15, "8": 15, "9": 15, "J": 20}
POINTS.update({r: int(r) for r in ("2", "3", "4", "5", "6")})


def is_card(value: Any) -> bool:
    return isinstance(value, str) and value in _ORDER


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def is_special(card: str) -> bool:
    return card[:-1] in SPECIAL_RANKS


def sort_cards(cards: Iterable[str]) -> list[str]:
    """MM1: by suit C, D, H, S, then by rank 2 ... A."""
    return sorted(cards, key=_ORDER.__getitem__)


def deck_size(deck_option: str, players: int) -> int:
    """MM2: `auto` is the 32-card pack for 2-4 players, the 52-card pack for 5-7."""
    if deck_option == "auto":
        return 32 if players <= 4 else 52
    return int(deck_option)


def pack(deck_option: str, players: int, interject: bool) -> list[str]:
    """The table's pack in sort order; doubled with interjecting (MM10), each card twice in a row
    (the fixed, documented order the deal's shuffle starts from)."""
    cards = DECK_32 if deck_size(deck_option, players) == 32 else DECK_52
    return [c for c in cards for _ in range(2 if interject else 1)]


def points(cards: Iterable[str]) -> int:
    return sum(POINTS[rank(c)] for c in cards)
