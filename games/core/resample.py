"""Dealing the hidden cards afresh, for `Game.resample` (OpenSpiel's resample_from_infostate).

A card game's resample in three steps (Korsaren's and Whist's game.py do this):

    seen = strings_in(view(state, seat))                 # every card the seat can see
    places = [[c for c in hand if c not in seen] for hand in other hands] + [stock]
    mapping = redeal(places, rng, allowed)               # hidden card -> the card now there
    state = load(relabel(dump(state), mapping))

`redeal` shares the hidden cards out again among the places that held them, each place the same
number, in random order (so a stock is reshuffled too), each card only where `allowed(place,
card)` (a void shown by failing to follow suit). `relabel` renames every occurrence of a card in
the dumped state at once, so the whole state stays consistent: the log's private entries, the
card just drawn, the hands as dealt all follow the card they named. Cards the seat can see are
never renamed, so its view stays the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

ATTEMPTS = 200


def strings_in(data: Any) -> set[str]:
    """Every string anywhere in JSON-like data (keys included)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            found.update(k for k in value if isinstance(k, str))
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return found


def relabel(data: Any, mapping: dict[str, str]) -> Any:
    """A copy of JSON-like data with every string value in `mapping` renamed (keys kept)."""
    if isinstance(data, str):
        return mapping.get(data, data)
    if isinstance(data, dict):
        return {k: relabel(v, mapping) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [relabel(v, mapping) for v in data]
    return data


def redeal(
    places: Sequence[Sequence[str]],
    rng: Random,
    allowed: Callable[[int, str], bool] | None = None,
) -> dict[str, str]:
    """The hidden cards of `places` dealt again at random, each place keeping its count and only
    getting cards `allowed` there; returns old card -> new card, position by position.

    The most constrained cards are placed first, each to a random place with room, weighted by
    the room left; a dead end starts again (a real state always has a deal: its own)."""
    cards = [card for place in places for card in place]
    for _ in range(ATTEMPTS):
        room = [len(place) for place in places]
        dealt: list[list[str]] = [[] for _ in places]
        order = cards[:]
        rng.shuffle(order)
        options = {
            card: [p for p in range(len(places)) if allowed is None or allowed(p, card)]
            for card in order
        }
        order.sort(key=lambda card: len(options[card]))
        for card in order:
            open_places = [p for p in options[card] if room[p]]
            if not open_places:
                break
            pick = rng.choices(open_places, weights=[room[p] for p in open_places])[0]
            dealt[pick].append(card)
            room[pick] -= 1
        else:
            mapping = {}
            for place, new in zip(places, dealt, strict=True):
                rng.shuffle(new)
                mapping.update(zip(place, new, strict=True))
            return mapping
    raise RuntimeError("no deal of the hidden cards fits the constraints")
