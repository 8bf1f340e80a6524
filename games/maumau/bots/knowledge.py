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


def fitted_then(card: str, event: dict) -> bool:
    """Would `card` have fitted when the drawer of `event` drew (MM5)? The top, the suit to
    follow and the pending 7s are in the event."""
    if event["pending"]:
        return rank(card) == "7"
    top, follow = event["top"], event["suit"]
    if rank(top) == "J":
        return rank(card) != "J" and suit(card) == follow
    return rank(card) == "J" or suit(card) == follow or rank(card) == rank(top)


def shortages(view: dict) -> dict[int, tuple[dict, int]]:
    """Per other seat, from the log: its latest draw (the position it faced) and how many
    cards it has taken since, that draw included. A player who draws usually holds nothing
    that fits (a 7, when 7s are pending): so at most that many cards of its hand fit there."""
    out: dict[int, tuple[dict, int]] = {}
    for event in view["log"]:
        seat = event.get("seat")
        if seat is None or seat == view["seat"]:
            continue
        if event["action"] == "draw":
            out[seat] = (event, event["count"])
        elif event["action"] == "penalty" and seat in out:
            out[seat] = (out[seat][0], out[seat][1] + event["count"])
    return out
