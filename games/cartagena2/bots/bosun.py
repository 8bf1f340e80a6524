"""The bosun: greedy. The card that takes one of its pirates furthest; when it holds no card
it can use, it draws by advancing another player's pirate (the most cards for the fewest steps
given away); it sails the boat across when its own pirates wait aboard."""

from __future__ import annotations

from random import Random

from ..board import parse_position, progress
from ..cards import is_privateer
from .common import discard_for, public_state, steps


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> dict:
    if view["phase"] == "discard":
        return discard_for(view)
    seat, legal = view["seat"], view["legal"]
    by_kind = {kind: [a for a in legal if a["action"] == kind] for kind in ("play", "advance")}
    boat = next((a for a in legal if a["action"] == "boat"), None)
    end = next((a for a in legal if a["action"] == "end"), None)
    aboard = view["pirates"][seat].count("boat")
    if boat and view["boat"] == 1 and aboard and (view["free_boat"] or aboard >= 2):
        return boat  # CG7/CG8: its own pirates wait aboard
    state = public_state(view)
    others_over_seven = any(
        n > 7 for s, n in enumerate(view["hand_sizes"]) if s != seat
    )  # CG9: then a privateer card costs them cards

    def play_value(a):
        gone, _ = steps(state, a)
        gold = is_privateer(a["card"])
        rear = -progress(parse_position(a["from"]))
        return gone, gold == others_over_seven, rear, rng.random()

    if by_kind["play"]:
        return max(by_kind["play"], key=play_value)
    if boat and view["boat"] == 1 and aboard:
        return boat
    if by_kind["advance"]:

        def draw_value(a):
            given, cards = steps(state, a)
            return cards, -given, rng.random()

        return max(by_kind["advance"], key=draw_value)
    return end or boat or legal[0]  # stuck: end as soon as an action was taken
