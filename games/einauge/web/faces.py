"""Einauge's cards and amounts in words and in the shape its templates draw them (EA1).

Every island card is drawn with its colour's name and pattern (EA1 Decided: colour is never the
only cue), its price, and what it shows: chests, sabres, ducats and jewels."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from ..cards import colour, fight_cost, is_ship, price, shows

# EA1 Decided: the project's colour names (context: the game's own meaning of the words).
COLOUR_NAMES = {
    "red": pgettext_lazy("einauge colour", "red"),
    "orange": pgettext_lazy("einauge colour", "orange"),
    "yellow": pgettext_lazy("einauge colour", "yellow"),
    "green": pgettext_lazy("einauge colour", "green"),
    "blue": pgettext_lazy("einauge colour", "blue"),
    "violet": pgettext_lazy("einauge colour", "violet"),
    "pink": pgettext_lazy("einauge colour", "pink"),
    "brown": pgettext_lazy("einauge colour", "brown"),
}


def colour_name(name: str) -> str:
    return str(COLOUR_NAMES.get(name, name))


def card_label(card: str) -> str:
    """ "red 5", "ship" (ships are interchangeable, EA1)."""
    if is_ship(card):
        return pgettext("einauge", "ship")
    return _("%(colour)s %(price)s") % {"colour": colour_name(colour(card)), "price": price(card)}


def amounts(sabres: int = 0, ducats: int = 0, jewels: int = 0, chests: int = 0) -> str:
    """ "3 sabres, 6 ducats and 1 jewel"; "nothing"."""
    parts = []
    if chests:
        parts.append(ngettext("%(n)s chest", "%(n)s chests", chests) % {"n": chests})
    if sabres:
        parts.append(ngettext("%(n)s sabre", "%(n)s sabres", sabres) % {"n": sabres})
    if ducats:
        parts.append(ngettext("%(n)s ducat", "%(n)s ducats", ducats) % {"n": ducats})
    if jewels:
        parts.append(ngettext("%(n)s jewel", "%(n)s jewels", jewels) % {"n": jewels})
    if not parts:
        return pgettext("einauge", "nothing")
    if len(parts) == 1:
        return parts[0]
    return _("%(list)s and %(last)s") % {"list": ", ".join(parts[:-1]), "last": parts[-1]}


def shows_text(card: str) -> str:
    """What the card shows (EA1): "1 chest and 3 ducats"; a ship: "nothing (a joker)"."""
    if is_ship(card):
        return _("nothing: a joker for any row")
    s = shows(card)
    return amounts(s.sabres, s.ducats, s.jewels, s.chests)


def card_info(card: str) -> dict:
    """What a card face shows (piece/card.jinja)."""
    ship = is_ship(card)
    s = shows(card)
    return {
        "id": card,
        "ship": ship,
        "colour": "ship" if ship else colour(card),
        "colour_name": pgettext("einauge", "ship") if ship else colour_name(colour(card)),
        "price": price(card),
        "fight": fight_cost(card),
        "marks": [
            ("chest", s.chests),
            ("sabre", s.sabres),
            ("ducat", s.ducats),
            ("jewel", s.jewels),
        ],  # fmt: skip
        "label": card_label(card),
        "shows": shows_text(card),
    }


def cards_info(cards) -> list[dict]:
    return [card_info(c) for c in cards]
