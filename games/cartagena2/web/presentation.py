"""Cartagena 2's words and marks (CARTAGENA2.md, glossary): the seven symbols, the cards, the
pirates of each seat (a colour, a shape and a number: never colour alone) and the places a
pirate stands on."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from games.cartagena2.board import SYMBOLS
from games.cartagena2.cards import KINDS, is_privateer, symbol

# CG1: the symbols, in their fixed order (glossary terms).
SYMBOL_NAMES = {
    "parrot": pgettext_lazy("cartagena2", "parrot"),
    "chest": pgettext_lazy("cartagena2", "treasure chest"),
    "telescope": pgettext_lazy("cartagena2", "telescope"),
    "ducat": pgettext_lazy("cartagena2", "ducat"),
    "map": pgettext_lazy("cartagena2", "treasure map"),
    "cannon": pgettext_lazy("cartagena2", "cannon"),
    "compass": pgettext_lazy("cartagena2", "compass"),
}
assert tuple(SYMBOL_NAMES) == SYMBOLS

BOT_NAMES = {
    "deckhand": gettext_lazy("Deckhand"),
    "bosun": gettext_lazy("Bosun"),
    "corsair": gettext_lazy("Corsair"),
}

# CG1 Decided: the colour is cosmetic; each seat's pirates also carry a shape and a number.
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
SHAPE_NAMES = {
    "circle": pgettext_lazy("cartagena2 pirate", "circle"),
    "square": pgettext_lazy("cartagena2 pirate", "square"),
    "triangle": pgettext_lazy("cartagena2 pirate", "triangle"),
    "diamond": pgettext_lazy("cartagena2 pirate", "diamond"),
    "hexagon": pgettext_lazy("cartagena2 pirate", "hexagon"),
}


def symbol_name(sym: str) -> str:
    return str(SYMBOL_NAMES[sym])


def card_label(card: str) -> str:
    """A card in words: "parrot", or "parrot (privateer card)" (CG1, CG9)."""
    name = symbol_name(symbol(card))
    if is_privateer(card):
        return pgettext("cartagena2", "%(symbol)s (privateer card)") % {"symbol": name}
    return name


def pirate_mark(seat: int) -> dict:
    """How a seat's pirates look: its colour class, shape and number (1-5)."""
    shape = SHAPES[seat]
    return {"seat": seat, "shape": shape, "shape_name": str(SHAPE_NAMES[shape]), "n": seat + 1}


def pirates_of(name: str, seat: int) -> str:
    """ "Anna's pirates (circle 1)": a seat's pirates by name and mark, for screen readers."""
    mark = pirate_mark(seat)
    return _("%(name)s (%(shape)s %(n)s)") % {
        "name": name,
        "shape": mark["shape_name"],
        "n": mark["n"],
    }


def position_label(position) -> str:
    """Where a pirate stands, in words (the view's notation: "start", 1-35, "boat", "nest")."""
    if position == "start":
        return pgettext("cartagena2", "the start")
    if position == "boat":
        return pgettext("cartagena2", "the boat")
    if position == "nest":
        return pgettext("cartagena2", "the pirates' nest")
    return pgettext("cartagena2", "space %(n)s") % {"n": position}


def hand_kinds(hand: list[str]) -> list[dict]:
    """The hand grouped by kind, in CG1 order (plain before gold): one card face each, with
    how many the seat holds."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    return [
        {
            "id": kind,
            "symbol": symbol(kind),
            "gold": is_privateer(kind),
            "count": counts[kind],
            "label": card_label(kind),
        }
        for kind in KINDS
        if kind in counts
    ]
