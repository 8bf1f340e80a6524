"""What a bot works out from its view alone: the table around it and the cards it cannot see."""

from __future__ import annotations

from collections import Counter

from ..cards import SUITS, pack, rank, suit


def next_seat(view: dict, seat: int) -> int:
    """MM4: the next seat in the direction of play still holding cards."""
    n, sizes, s = view["players"], view["hand_sizes"], seat
    for _ in range(n):
        s = (s + view["direction"]) % n
        if sizes[s]:
            return s
    return seat


def unseen(view: dict) -> list[str]:
    """The cards of the table's pack that are neither in the seat's hand nor on the pile: the
    other hands and the stock (MM14)."""
    opts = view["options"]
    left = Counter(pack(opts["deck"], view["players"], opts["interject"]))
    left.subtract(view["hand"])
    left.subtract(view["discard"])
    return sorted((+left).elements())


def best_wish(cards: list[str], fallback: str) -> str:
    """MM6: the suit held most among `cards` other than jacks (ties C, D, H, S)."""
    counts = Counter(suit(c) for c in cards if rank(c) != "J")
    if not counts:
        return fallback
    return max(SUITS, key=lambda s: (counts[s], -SUITS.index(s)))
