"""The French-suited pack's words, shared by the card games that use it (Whist, Mau Mau,
Doppelkopf; their faces are drawn by templatetags/playing_cards.py, docs/cards.md): the suits by
their letters (C, D, H, S), with their symbols and names, the court cards' names and the letters
on their faces. A card's name in words is never told by colour alone."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED = {"D", "H"}
SUIT_NAMES = {
    "C": gettext_lazy("clubs"),
    "D": gettext_lazy("diamonds"),
    "H": gettext_lazy("hearts"),
    "S": gettext_lazy("spades"),
}
RANK_NAMES = {
    "A": gettext_lazy("ace"),
    "K": gettext_lazy("king"),
    "Q": gettext_lazy("queen"),
    "J": gettext_lazy("jack"),
}
# The letter on a card's face (the languages' own court-card letters).
RANK_LETTERS = {
    "A": pgettext_lazy("card face: ace", "A"),
    "K": pgettext_lazy("card face: king", "K"),
    "Q": pgettext_lazy("card face: queen", "Q"),
    "J": pgettext_lazy("card face: jack", "J"),
}


def card_label(rank: str, suit: str, rank_names=RANK_NAMES) -> str:
    """The card in words, e.g. "queen of hearts", "10 of clubs" (a game may name its court
    cards in its own words: `rank_names`)."""
    return _("%(rank)s of %(suit)s") % {
        "rank": rank_names.get(rank, rank),
        "suit": SUIT_NAMES[suit],
    }
