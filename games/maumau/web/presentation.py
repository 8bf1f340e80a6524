"""Words and faces for Mau Mau's things (MM1): suits, ranks, card names, the wished suit, the
direction of play. Colour is never the only cue: every face shows its rank and its suit's
symbol, and its accessible name is the card in words ("jack of hearts")."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy

from games.maumau.cards import SUITS, rank, suit
from games.plugin import french_cards

SYMBOLS, RED, SUIT_NAMES = french_cards.SYMBOLS, french_cards.RED, french_cards.SUIT_NAMES
RANK_NAMES = french_cards.RANK_NAMES
BOT_LEVEL_NAMES = {
    "dabbler": gettext_lazy("Dabbler"),
    "regular": pgettext_lazy("maumau", "Regular"),
    "shark": pgettext_lazy("maumau", "Shark"),
}


def card_label(card: str) -> str:
    """The card in words, e.g. "jack of hearts", "10 of clubs"."""
    return french_cards.card_label(rank(card), suit(card))


def suit_info(s: str) -> Mapping:
    return _suit_info(s, get_language())


@lru_cache(maxsize=64)
def _suit_info(s: str, language: str) -> Mapping:
    return MappingProxyType(
        {"suit": s, "symbol": SYMBOLS[s], "name": str(SUIT_NAMES[s]), "red": s in RED}
    )


def suits_info() -> list[Mapping]:
    return [suit_info(s) for s in SUITS]


# A card's face for the templates, in the active language; a jack says so (MM6: it wishes).
FACES = french_cards.CardFaces(rank, suit, card_label, more=lambda r: {"jack": r == "J"})
card_info, cards_info = FACES.info, FACES.infos
