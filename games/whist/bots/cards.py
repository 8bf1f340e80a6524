"""Cards as small integers for fast bot arithmetic: card = suit * 13 + rank (rank 0 = two,
12 = ace; suits C, D, H, S = 0..3), a hand as a 52-bit mask. Within a suit the bit order is the
rank order, so a suit's highest card is its mask's highest bit."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import DECK, index

SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
FULL = (1 << 52) - 1
SUIT_LETTERS = ("C", "D", "H", "S")


def to_int(card: str) -> int:
    return index(card)


def to_str(card: int) -> str:
    return DECK[card]


def mask_of(cards: Iterable[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << index(c)
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_index(letter: str | None) -> int:
    """-1 for no trump."""
    return -1 if letter is None else SUIT_LETTERS.index(letter)


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1
