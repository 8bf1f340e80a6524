"""The cards of Einauge sei wachsam! (EA1): 56 island cards, 8 ship cards, and what they show.

Island cards are "<colour>-<price>" ("red-5"), ship cards "ship-1" ... "ship-8". The canonical
order (used for every sorted list): islands by colour (EA1 order), then price; ships last.
"""

from __future__ import annotations

from typing import NamedTuple

# EA1 Decided: the project's colour names, in their fixed order.
COLOURS = ("red", "orange", "yellow", "green", "blue", "violet", "pink", "brown")
PRICES = (2, 3, 4, 5, 6, 7, 8)
SHIP_PRICE = 5  # EA1, EA10
ROW_LIMIT = 7  # EA5
DISPLAY_SIZE = 6  # EA2, EA9
TABLE_SIZE = 6  # EA2, EA8
# EA2: colours removed from the game per player count.
REMOVED_COLOURS = {2: 3, 3: 2, 4: 1, 5: 0}


class Shows(NamedTuple):
    """EA1: what the top of a card shows."""

    chests: int
    sabres: int
    ducats: int
    jewels: int


# EA1 Decided (the card list): the same seven cards in every colour.
ISLAND = {
    2: Shows(3, 0, 0, 0),
    3: Shows(2, 0, 1, 0),
    4: Shows(1, 1, 1, 0),
    5: Shows(1, 0, 3, 0),
    6: Shows(0, 2, 2, 0),
    7: Shows(0, 0, 0, 1),
    8: Shows(0, 0, 0, 2),
}
NOTHING = Shows(0, 0, 0, 0)  # EA10: a ship shows nothing

SHIPS = tuple(f"ship-{i}" for i in range(1, 9))
ISLANDS = tuple(f"{c}-{p}" for c in COLOURS for p in PRICES)
ALL_CARDS = ISLANDS + SHIPS
_ORDER = {card: i for i, card in enumerate(ALL_CARDS)}
COLOUR_ORDER = {c: i for i, c in enumerate(COLOURS)}


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in _ORDER


def is_ship(card: str) -> bool:
    return card.startswith("ship-")


def colour(card: str) -> str | None:
    """The island card's colour; None for a ship."""
    return None if is_ship(card) else card.rsplit("-", 1)[0]


def price(card: str) -> int:
    """EA1: the price printed at the bottom; a ship costs 5 ducats (EA10)."""
    return SHIP_PRICE if is_ship(card) else int(card.rsplit("-", 1)[1])


def shows(card: str) -> Shows:
    return NOTHING if is_ship(card) else ISLAND[price(card)]


def fight_cost(card: str) -> int:
    """EA7: 3 sabres, or 4 if the card shows a sabre (the 4- and 6-ducat cards); a ship 3."""
    return 4 if shows(card).sabres else 3


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=_ORDER.__getitem__)


def islands_of(colours) -> list[str]:
    """The island cards in play for these colours, in canonical order (EA2)."""
    chosen = set(colours)
    return [c for c in ISLANDS if colour(c) in chosen]
