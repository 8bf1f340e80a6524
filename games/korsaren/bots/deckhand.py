"""Deckhand, the easy level: greedy and short-sighted, but never silly.

It takes a face-up card only when it lowers its limit at once, discards the card whose loss
lowers its limit most (the highest card that does not fit), sets sail at a fixed limit, and lays
down with the R6 default. It plays timed-out turns on the site (R10), so it must be fast.
"""

from __future__ import annotations

import random

from games.korsaren import Laydown

from .hands import best_crew, best_discard, colour_id, ids, masks_of, names
from .knowledge import read_view
from .laydowns import default_attach_action, sail_action
from .legal import pending_task

SAIL_AT = 7  # sets sail once its limit is this low
GAIN_TO_TAKE = 3  # a face-up card must lower the limit this much to beat a blind stock draw


def choose(view: dict, rng: random.Random) -> dict:
    task = pending_task(view)
    seat = view["seat"]
    if task == "draw":
        return {"seat": seat, "action": "draw", "from": draw_source(view)}
    if task == "discard":
        hand = ids(view["hand"])
        pier = colour_id(view["pier_colour"])
        card, limit, _ = best_discard(hand, pier)
        if view["must_sail"] or limit <= SAIL_AT:
            return sail_action(seat, view["hand"], view["pier_colour"])
        return {"seat": seat, "action": "discard", "card": names([card])[0]}
    if task == "attach":
        closer = Laydown.from_dict(view["laydowns"][view["closer"]])
        return default_attach_action(seat, view["hand"], view["pier_colour"], closer)
    if task == "deal":
        return {"seat": seat, "action": "deal"}
    raise ValueError(f"seat {seat} has nothing to do now")


def draw_source(view: dict) -> str:
    k = read_view(view)
    limit = best_crew(masks_of(k.hand), k.pier_colour)[0]
    options = {}
    if k.discard:
        options["discard"] = best_discard([*k.hand, k.discard[-1]], k.pier_colour)[1]
    if len(k.pier) > 1:  # never the last pier card: that would annul the round (R4)
        options["pier"] = best_discard([*k.hand, k.pier[0]], colour_id_after_pier(k.pier))[1]
    if k.stock_count:
        options["stock"] = limit - GAIN_TO_TAKE
    if not options:  # only the last pier card is left to draw
        return "pier"
    return min(options, key=lambda s: (options[s], s != "stock"))


def colour_id_after_pier(pier: list[int]) -> int:
    """The pier colour once the first pier card is taken (R3)."""
    return pier[1] // 11 if len(pier) > 1 else -1
