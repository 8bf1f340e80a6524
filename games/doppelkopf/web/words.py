"""Doppelkopf's things in words (translatable), from the rules file's glossary: cards, suits,
contracts, reservations, calls, parties and the items of a deal's score (DK2, DK5, DK7, DK10,
DK12, DK13). Cards are never told apart by colour alone: every face shows its rank and suit
symbol, and its accessible name is the card in words ("queen of clubs")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from games.doppelkopf.cards import RANKS, SUITS, rank, suit
from games.doppelkopf.trumps import is_trump, trumps
from games.plugin import french_cards

SUIT_CLASSES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {  # the glossary's words (Spanish "dama", as in "damas de tréboles")
    "A": pgettext_lazy("doppelkopf", "ace"),
    "K": pgettext_lazy("doppelkopf", "king"),
    "Q": pgettext_lazy("doppelkopf", "queen"),
    "J": pgettext_lazy("doppelkopf", "jack"),
}

BOT_LEVEL_NAMES = {
    "dabbler": gettext_lazy("Dabbler"),
    "club": gettext_lazy("Club player"),
    "master": pgettext_lazy("doppelkopf", "Master"),
}

# DK7: the contracts; the solos by kind (DK7.4).
CONTRACTS = {
    "normal": pgettext_lazy("doppelkopf", "normal game"),
    "wedding": pgettext_lazy("doppelkopf", "wedding"),
    "silent_wedding": pgettext_lazy("doppelkopf", "silent wedding"),
    "wedding_solo": pgettext_lazy("doppelkopf", "wedding solo"),
}
SOLO_NAMES = {
    "diamonds": pgettext_lazy("doppelkopf", "diamonds solo"),
    "hearts": pgettext_lazy("doppelkopf", "hearts solo"),
    "spades": pgettext_lazy("doppelkopf", "spades solo"),
    "clubs": pgettext_lazy("doppelkopf", "clubs solo"),
    "queens": pgettext_lazy("doppelkopf", "queens solo"),
    "jacks": pgettext_lazy("doppelkopf", "jacks solo"),
    "fleischlos": pgettext_lazy("doppelkopf", "fleischlos (no trumps)"),
}
# DK5: what a player declares.
RESERVATIONS = {
    "healthy": pgettext_lazy("doppelkopf", "healthy"),
    "reservation": pgettext_lazy("doppelkopf", "reservation"),
    "wedding": pgettext_lazy("doppelkopf", "wedding"),
    **SOLO_NAMES,
}
# DK10.1: the calls.
CALLS = {
    "re": pgettext_lazy("doppelkopf", "Re"),
    "kontra": pgettext_lazy("doppelkopf", "Kontra"),
    "no90": pgettext_lazy("doppelkopf", "no 90"),
    "no60": pgettext_lazy("doppelkopf", "no 60"),
    "no30": pgettext_lazy("doppelkopf", "no 30"),
    "black": pgettext_lazy("doppelkopf", "black"),
}
PARTIES = {"re": CALLS["re"], "kontra": CALLS["kontra"]}
# DK12, DK13: the items of a deal's score, in the engine's order (scoring.ORDER).
SCORE_ITEMS = {
    "won": pgettext_lazy("doppelkopf", "won"),
    "under_90": pgettext_lazy("doppelkopf", "the others under 90"),
    "under_60": pgettext_lazy("doppelkopf", "the others under 60"),
    "under_30": pgettext_lazy("doppelkopf", "the others under 30"),
    "black": pgettext_lazy("doppelkopf", "the others black (no trick)"),
    "re_announced": pgettext_lazy("doppelkopf", "Re announced"),
    "kontra_announced": pgettext_lazy("doppelkopf", "Kontra announced"),
    "re_no90": pgettext_lazy("doppelkopf", "Re's no 90"),
    "re_no60": pgettext_lazy("doppelkopf", "Re's no 60"),
    "re_no30": pgettext_lazy("doppelkopf", "Re's no 30"),
    "re_black": pgettext_lazy("doppelkopf", "Re's black"),
    "kontra_no90": pgettext_lazy("doppelkopf", "Kontra's no 90"),
    "kontra_no60": pgettext_lazy("doppelkopf", "Kontra's no 60"),
    "kontra_no30": pgettext_lazy("doppelkopf", "Kontra's no 30"),
    "kontra_black": pgettext_lazy("doppelkopf", "Kontra's black"),
    "reached_120_vs_no90": pgettext_lazy("doppelkopf", "120 reached against no 90"),
    "reached_90_vs_no60": pgettext_lazy("doppelkopf", "90 reached against no 60"),
    "reached_60_vs_no30": pgettext_lazy("doppelkopf", "60 reached against no 30"),
    "reached_30_vs_black": pgettext_lazy("doppelkopf", "30 reached against black"),
    "against_club_queens": pgettext_lazy("doppelkopf", "against the club queens"),
    "doppelkopf": pgettext_lazy("doppelkopf", "Doppelkopf (a trick of 40 or more)"),
    "fox": pgettext_lazy("doppelkopf", "fox caught"),
    "karlchen": pgettext_lazy("doppelkopf", "Karlchen (last trick won by a jack of clubs)"),
}
ITEM_VALUES = {"re_announced": 2, "kontra_announced": 2}  # DK12.1 c); every other item is 1


def card_label(card: str) -> str:
    """The card in words, e.g. "queen of clubs", "10 of hearts"."""
    return french_cards.card_label(rank(card), suit(card), RANK_NAMES)


# A card's face for the card component (games/templatetags/playing_cards.py).
FACES = french_cards.CardFaces(rank, suit, card_label, suit_classes=SUIT_CLASSES)
card_info, cards_info = FACES.info, FACES.infos


def shown_order(cards, kind: str = "diamonds") -> list[str]:
    """A hand as the table shows it (issue 35): the trumps first, highest first (DK8), then the
    fehl suits in the order of DK2 (clubs, spades, hearts, diamonds; A 10 K Q J 9)."""
    order = trumps(kind)

    def key(card: str):
        if is_trump(card, kind):
            return (0, order.index(card))
        return (1, SUITS.index(suit(card)) * 10 + RANKS.index(rank(card)))

    return sorted(cards, key=key)


def contract_name(contract: str | None, solo: str | None) -> str:
    if contract in ("solo",) and solo:
        return str(SOLO_NAMES[solo])
    return str(CONTRACTS.get(contract, "")) if contract else ""


def call_name(call: str) -> str:
    return str(CALLS[call])


def party_name(party: str | None) -> str:
    return str(PARTIES[party]) if party else ""


def signed(n: int) -> str:
    """A deal's score as the sheet writes it: +3, −3, 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")
