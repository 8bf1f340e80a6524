"""Words and faces for Whist's things: suits, ranks, card names, partnerships (translatable).

Cards are never told apart by colour alone: every face shows its rank and its suit's symbol,
and its accessible name is the card in words ("queen of hearts").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.plugin import french_cards
from games.whist.cards import suit

SUITS_SHOWN = ("S", "H", "C", "D")  # a hand on screen: black and red suits alternate
SYMBOLS, RED, SUIT_NAMES = french_cards.SYMBOLS, french_cards.RED, french_cards.SUIT_NAMES
RANK_LETTERS = french_cards.RANK_LETTERS
RANK_NAMES = french_cards.RANK_NAMES

BOT_LEVEL_NAMES = {
    "dabbler": gettext_lazy("Dabbler"),
    "club": gettext_lazy("Club player"),
    "hoyle": gettext_lazy("Hoyle"),
}


def rank_of(card: str) -> str:
    return card[:-1]


def card_label(card: str) -> str:
    """The card in words, e.g. "queen of hearts", "10 of clubs"."""
    return french_cards.card_label(rank_of(card), suit(card))


def suit_label(s: str | None) -> str:
    return str(SUIT_NAMES[s]) if s else _("no trumps")


def card_info(card: str) -> Mapping:
    """A card's face for the templates, in the active language (read-only, shared)."""
    return _card_info(card, get_language())


@lru_cache(maxsize=512)  # 52 cards in a handful of languages
def _card_info(card: str, language: str) -> Mapping:
    s, r = suit(card), rank_of(card)
    return MappingProxyType(
        {
            "id": card,
            "suit": s,
            "rank": str(RANK_LETTERS.get(r, r)),
            "symbol": SYMBOLS[s],
            "red": s in RED,
            "label": card_label(card),
        }
    )


def cards_info(cards) -> list[Mapping]:
    language = get_language()
    return [_card_info(c, language) for c in cards]


def shown_order(cards: list[str]) -> list[str]:
    """A hand as the table shows it: suits spades, hearts, clubs, diamonds; high to low."""
    from games.whist.cards import rank

    return sorted(cards, key=lambda c: (SUITS_SHOWN.index(suit(c)), -rank(c)))


def team_name(team: int, names: list[str]) -> str:
    """A partnership by its players (WH1: team 0 = seats 0 and 2, team 1 = seats 1 and 3)."""
    return _("%(a)s & %(b)s") % {"a": names[team], "b": names[team + 2]}
