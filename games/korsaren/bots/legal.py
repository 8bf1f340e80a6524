"""The legal actions of a seat, worked out from its view alone (R2, R4, R5, R6).

The engine's `legal_actions` needs the whole state; callers that hold only a view (bots, their
tests, a client) use this. It lists the same actions, as dicts.
"""

from __future__ import annotations

from itertools import product

from games.korsaren import Laydown, attach_choices
from games.korsaren.laydown import crew_choices


def pending_task(view: dict) -> str | None:
    """What the view's seat must do now: "draw", "discard" (or set sail), "attach", "deal", or
    None when the game is not waiting for it."""
    seat = view["seat"]
    if view["match_over"] or seat is None or seat not in view["waiting_for"]:
        return None
    phase = view["phase"]
    if phase in ("draw", "discard", "attach"):
        return phase
    return "deal"  # the round is scored or annulled: this seat deals the next one


def legal_actions_from_view(view: dict) -> list[dict]:
    seat = view["seat"]
    task = pending_task(view)
    if task is None:
        return []
    if task == "draw":
        sources = {"stock": view["stock_count"], "discard": view["discard"], "pier": view["pier"]}
        return [{"seat": seat, "action": "draw", "from": s} for s, pile in sources.items() if pile]
    crews = [list(crew) for crew in crew_choices(view["pier_colour"])]
    if task == "discard":
        hand = view["hand"]
        actions = []
        if not view["must_sail"]:
            actions += [{"seat": seat, "action": "discard", "card": c} for c in hand]
        actions += [
            {"seat": seat, "action": "sail", "card": c, "crew": crew}
            for c in hand
            for crew in crews
        ]
        return actions
    if task == "attach":
        closer = Laydown.from_dict(view["laydowns"][view["closer"]])
        return [
            {"seat": seat, "action": "attach", "cards": list(cards), "crew": crew}
            for cards, crew in product(attach_choices(view["hand"], closer), crews)
        ]
    return [{"seat": seat, "action": "deal"}]
