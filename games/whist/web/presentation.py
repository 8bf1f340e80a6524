"""Words and faces for Whist's things: suits, ranks, card names, partnerships (translatable).

Cards are never told apart by colour alone: every face shows its rank and its suit's symbol,
and its accessible name is the card in words ("queen of hearts").
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.plugin import french_cards
from games.whist.cards import suit

SUITS_SHOWN = ("S", "H", "C", "D")  # a hand on screen: black and red suits alternate
SUIT_NAMES = french_cards.SUIT_NAMES
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


FACES = french_cards.CardFaces(rank_of, suit, card_label)  # a card's face for the templates
card_info, cards_info = FACES.info, FACES.infos


def shown_order(cards: list[str]) -> list[str]:
    """A hand as the table shows it: suits spades, hearts, clubs, diamonds; high to low."""
    from games.whist.cards import rank

    return sorted(cards, key=lambda c: (SUITS_SHOWN.index(suit(c)), -rank(c)))


def team_name(team: int, names: list[str]) -> str:
    """A partnership by its players (WH1: team 0 = seats 0 and 2, team 1 = seats 1 and 3)."""
    return _("%(a)s & %(b)s") % {"a": names[team], "b": names[team + 2]}
