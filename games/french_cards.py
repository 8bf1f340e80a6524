"""The French-suited pack's words, shared by the card games that use it (Whist, Mau Mau,
Doppelkopf; their faces are drawn by templatetags/playing_cards.py, docs/cards.md): the suits by
their letters (C, D, H, S), with their symbols and names, the court cards' names and the letters
on their faces. A card's name in words is never told by colour alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from types import MappingProxyType

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

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


class CardFaces:
    """A game's cards as the card component draws them (templatetags/playing_cards.py, read-only
    mappings made once per card and language and shared). `rank` and `suit` read a card's
    letters, `label` names it in words; `suit_classes` names a suit for the component's class
    (its letter if not given); `more(rank)` adds a game's own keys."""

    def __init__(
        self,
        rank: Callable[[str], str],
        suit: Callable[[str], str],
        label: Callable[[str], str],
        suit_classes: Mapping[str, str] | None = None,
        more: Callable[[str], dict] | None = None,
    ) -> None:
        self.rank, self.suit, self.label = rank, suit, label
        self.suit_classes, self.more = suit_classes or {}, more
        self._face = lru_cache(maxsize=512)(self._make)  # a pack in a handful of languages

    def info(self, card: str) -> Mapping:
        return self._face(card, get_language())

    def infos(self, cards) -> list[Mapping]:
        language = get_language()
        return [self._face(c, language) for c in cards]

    def _make(self, card: str, language: str) -> Mapping:  # language: the cache's key
        s, r = self.suit(card), self.rank(card)
        face = {
            "id": card,
            "suit": self.suit_classes.get(s, s),
            "rank": str(RANK_LETTERS.get(r, r)),
            "symbol": SYMBOLS[s],
            "red": s in RED,
            "label": self.label(card),
        }
        if self.more:
            face.update(self.more(r))
        return MappingProxyType(face)
