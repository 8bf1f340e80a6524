"""Trumps and fehl suits per contract (DK8), following (DK9) and who wins a trick.

A card's *class* is "T" for a trump or its printed suit for a fehl card: following means playing
a card of the led class. The order kinds are the solo names of DK7.4; the normal game, weddings,
the silent wedding and the wedding solo all play with "diamonds" (the normal trumps).
"""

from __future__ import annotations

from functools import cache

from .cards import RANKS, SUITS, points, sort_key, suit

ORDER_KINDS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleischlos")
QUEENS = ("QC", "QS", "QH", "QD")
JACKS = ("JC", "JS", "JH", "JD")


@cache
def trumps(kind: str) -> tuple[str, ...]:
    """DK8: the trump names of a contract, highest first."""
    if kind == "queens":
        return QUEENS
    if kind == "jacks":
        return JACKS
    if kind == "fleischlos":
        return ()
    trump_suit = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}[kind]
    # the Dulle on top, then the queens and jacks, then the trump suit's A 10 K 9 (DK8)
    low = tuple(r + trump_suit for r in ("A", "10", "K", "9") if r + trump_suit != "10H")
    return ("10H", *QUEENS, *JACKS, *low)


@cache
def strengths(kind: str) -> dict[str, int]:
    """A number per card name: trumps 100+ (higher is higher), fehl cards by rank within their
    suit (A 10 K Q J 9 as far as they are not trumps)."""
    order = trumps(kind)
    out = {card: 100 + len(order) - i for i, card in enumerate(order)}
    for s in SUITS:
        for i, r in enumerate(RANKS):
            out.setdefault(r + s, len(RANKS) - i)
    return out


def is_trump(card: str, kind: str) -> bool:
    return strengths(kind)[card] >= 100


def card_class(card: str, kind: str) -> str:
    """DK9: "T" for a trump, else the fehl suit (a trump never follows its printed suit)."""
    return "T" if is_trump(card, kind) else suit(card)


def legal_cards(hand: list[str], trick: list[str], kind: str) -> list[str]:
    """DK9: any card to lead; otherwise a card of the led class if the hand holds one."""
    if trick:
        led = card_class(trick[0], kind)
        following = [c for c in hand if card_class(c, kind) == led]
        if following:
            return following
    return list(hand)


def winning_index(cards: list[str], kind: str) -> int:
    """DK9 (TSR 5.3): the highest trump, else the highest card of the led fehl suit; of two equal
    cards the one played first (strictly higher is needed to take over)."""
    table = strengths(kind)
    led = card_class(cards[0], kind)
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        if card_class(card, kind) not in ("T", led):
            continue
        if table[card] > table[cards[best]]:  # a trump (100+) beats any fehl card
            best = i
    return best


def low_key(card: str, kind: str) -> tuple[int, int, int]:
    """DK17's timeout order: fewest card points, then lowest rank (DK8), then the sort order."""
    return points(card), strengths(kind)[card], sort_key(card)
