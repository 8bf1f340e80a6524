"""What the bots share: the position a view shows, where an action takes a pirate, and which
cards to give up in a privateer's discards."""

from __future__ import annotations

from collections import Counter

from ..board import parse_position, progress
from ..cards import is_privateer, symbol
from ..rules import advance_destination, occupancy, play_destination
from ..state import State


def public_state(view: dict) -> State:
    """The board as the view shows it (own hand only; the other hands and the pile empty):
    enough to see where any action takes a pirate, which depends on nothing hidden."""
    hands = [[] for _ in range(view["players"])]
    if view["seat"] is not None:
        hands[view["seat"]] = list(view["hand"])
    return State(
        players=view["players"],
        tiles=view["tiles"],
        boat=view["boat"],
        pirates=[sorted(parse_position(p) for p in ps) for ps in view["pirates"]],
        hands=hands,
        deck=[],
        discard=[],
        turn=view["turn"] or 0,
    )


def steps(state: State, action: dict, occ=None) -> tuple[int, int]:
    """(steps the pirate goes, cards drawn) for a play or advance."""
    occ = occ or occupancy(state)
    start = parse_position(action["from"])
    if action["action"] == "play":
        dest = play_destination(state, action["seat"], start, symbol(action["card"]), occ)
        return progress(dest) - progress(start), 0
    dest, cards = advance_destination(state, action["target"], start, occ)
    return progress(dest) - progress(start), cards


def discard_for(view: dict) -> dict:
    """CG9: give up the surplus, keeping variety: one card at a time from the symbol held most
    often (plain before the privateer card, which may force others to discard later)."""
    seat = view["seat"]
    hand = list(view["hand"])
    out = []
    for _ in range(view["must_discard"][seat]):
        counts = Counter(symbol(c) for c in hand)
        worst = max(hand, key=lambda c: (counts[symbol(c)], not is_privateer(c)))
        hand.remove(worst)
        out.append(worst)
    return {"seat": seat, "action": "discard", "cards": out}
