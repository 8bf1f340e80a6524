"""The 52-card French pack in Whist's notation (WH2): "<rank><suit>", e.g. "AS", "10D", "2C"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SUITS = ("C", "D", "H", "S")  # WH2: the fixed order for sorting and notation
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high in play
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)  # sorted order
_INDEX = {card: i for i, card in enumerate(DECK)}


def is_card(value: Any) -> bool:
    return isinstance(value, str) and value in _INDEX


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> int:
    """0 for the two ... 12 for the ace: the order in play (WH5)."""
    return _INDEX[card] % 13


def index(card: str) -> int:
    """Position in the sorted pack (WH2): suits C, D, H, S, then ranks 2 ... A."""
    return _INDEX[card]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_INDEX.__getitem__)


def cut_order(card: str) -> int:
    """WH3: for the cut the ace is the lowest card; equal ranks go clubs, diamonds, hearts,
    spades. Lower is lower."""
    ace_low = (rank(card) + 1) % 13  # A -> 0, 2 -> 1, ..., K -> 12
    return ace_low * 4 + SUITS.index(suit(card))
