"""The 110 cards (RULES.md R1): ten colours x numbers 1-11, written "<colour>-<number>"."""

from __future__ import annotations

from collections.abc import Iterable

# R1: the fixed colour order, used for sorting and notation.
COLOURS: tuple[str, ...] = (
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "violet",
    "pink",
    "brown",
    "grey",
    "black",
)
NUMBERS: tuple[int, ...] = tuple(range(1, 12))

ALL_CARDS: tuple[str, ...] = tuple(f"{c}-{n}" for c in COLOURS for n in NUMBERS)

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# Parsed once: card -> (colour, number). Every lookup in the engine goes through these dicts.
_PARSED: dict[str, tuple[str, int]] = {f"{c}-{n}": (c, n) for c in COLOURS for n in NUMBERS}
_SORT_KEY: dict[str, int] = {card: i for i, card in enumerate(ALL_CARDS)}


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in _PARSED


def is_colour(name: object) -> bool:
    return isinstance(name, str) and name in _COLOUR_INDEX


def colour(card: str) -> str:
    return _PARSED[card][0]


def number(card: str) -> int:
    """A card's number, which is also its value (R1)."""
    return _PARSED[card][1]


def card_key(card: str) -> int:
    """Sort key: colour order of R1, then number."""
    return _SORT_KEY[card]


def colour_key(name: str) -> int:
    return _COLOUR_INDEX[name]


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_SORT_KEY.__getitem__)


def sort_colours(colours: Iterable[str]) -> list[str]:
    return sorted(colours, key=_COLOUR_INDEX.__getitem__)


def value(cards: Iterable[str]) -> int:
    """Sum of the cards' values (a limit, R5)."""
    return sum(_PARSED[c][1] for c in cards)
