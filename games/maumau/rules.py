"""What the rules allow in a position (MM5, MM7, MM10): pure questions, no changes."""

from __future__ import annotations

from .cards import is_special, rank, suit
from .state import PLAY, Match


def suit_to_follow(m: Match) -> str:
    """MM5: the top card's suit, or the suit wished with a jack on top."""
    top = m.discard[-1]
    return m.wish if rank(top) == "J" and m.wish else suit(top)


def fits(m: Match, card: str) -> bool:
    """MM5: may `card` be laid on the discard pile now?"""
    top = m.discard[-1]
    r = rank(card)
    if m.pending:
        return r == "7"  # MM5/MM6 Decided: only a 7 answers a 7
    if rank(top) == "J":
        return r != "J" and suit(card) == suit_to_follow(m)  # no jack on a jack
    return r == "J" or suit(card) == suit(top) or r == rank(top)


def playable(m: Match, seat: int) -> list[str]:
    """The distinct cards of `seat`'s hand that fit (MM5), in hand order."""
    out: list[str] = []
    for card in m.hands[seat]:
        if card not in out and fits(m, card):
            out.append(card)
    return out


def nothing_to_draw(m: Match) -> bool:
    """MM7: the stock is empty and the discard pile holds only its top card."""
    return not m.stock and len(m.discard) == 1


def interjecting_allowed(m: Match) -> bool:
    """MM10: the option is on, the game runs and the top card is not a special card."""
    return m.options["interject"] and m.phase == PLAY and not is_special(m.discard[-1])


def can_interject(m: Match, seat: int) -> bool:
    """MM10: `seat` is still in the game and holds the twin of the top card."""
    return interjecting_allowed(m) and m.discard[-1] in m.hands[seat]
