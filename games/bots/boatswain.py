"""Boatswain, the medium level: a heuristic player (issue 5).

It plays the greedy policy (policy.py) with what a careful player tracks at the table:
- the draw weighs each face-up card (and the pier colour it leaves) against what a blind stock
  draw is worth on average over the cards it has not seen;
- it does not feed the next player: a card of a colour that player has been taking face up is
  discarded only if keeping it costs clearly more;
- it never draws the pier's last card (annulling the round, R4) unless its hand is hopeless;
- it lays down optimally: as closer the lowest limit with the fewest cards exposed to
  attachment (R5); as an opponent a sweep, else sinking the closer with as many stowaways
  handed over as possible, else the fewest stowaways (R6, R7, R9).
"""

from __future__ import annotations

import random
import statistics

from games.korsaren import Laydown

from .hands import BIT_OF, COLOUR_OF, NUMBER_OF, best_crew, best_discard, masks_of, names
from .knowledge import Knowledge, read_view
from .laydowns import attach_action, sail_action
from .legal import pending_task
from .policy import sail_limit

FEED_COST = 4  # limit points it pays to keep a card the next player is collecting
ANNUL_AT = 25
OUTS_WEIGHT = 0.0  # draws the last pier card (annulling the round) with a limit this bad


def choose(view: dict, rng: random.Random) -> dict:
    task = pending_task(view)
    seat = view["seat"]
    if task == "deal":
        return {"seat": seat, "action": "deal"}
    if task == "attach":
        closer = Laydown.from_dict(view["laydowns"][view["closer"]])
        return attach_action(seat, view["hand"], view["pier_colour"], closer)
    k = read_view(view)
    if task == "draw":
        return {"seat": seat, "action": "draw", "from": draw_source(k)}
    card, limit = discard_choice(k)
    if k.must_sail or limit <= sail_limit(k.turns, k.players):
        out_of_reach = [*view["discard"], *view["pier"]]
        return sail_action(seat, view["hand"], view["pier_colour"], out_of_reach)
    return {"seat": seat, "action": "discard", "card": names([card])[0]}


def draw_source(k: Knowledge) -> str:
    """The source whose card leaves the lowest limit after the best discard (for the stock, on
    average over the unseen cards)."""
    options: dict[str, float] = {}
    if k.stock_count:
        options["stock"] = stock_value(k)
    if k.discard:
        options["discard"] = best_discard([*k.hand, k.discard[-1]], k.pier_colour)[1]
    if len(k.pier) > 1:
        options["pier"] = best_discard([*k.hand, k.pier[0]], COLOUR_OF[k.pier[1]])[1]
    elif k.pier:
        now = best_crew(masks_of(k.hand), k.pier_colour)[0]
        if now >= ANNUL_AT or not options:
            return "pier"  # R4: the last pier card annuls the round
    return min(options, key=lambda s: (options[s], s != "stock"))


def stock_value(k: Knowledge) -> float:
    unseen = k.unknown_cards()
    if not unseen:
        return best_crew(masks_of(k.hand), k.pier_colour)[0]
    return statistics.fmean(best_discard([*k.hand, c], k.pier_colour)[1] for c in unseen)


def discard_choice(k: Knowledge) -> tuple[int, int]:
    """(card, limit after it): the lowest limit, paying FEED_COST not to hand the next player
    a card of a colour it has been taking face up."""
    nxt = (k.seat + 1) % k.players
    wanted = set(k.taken_colours[nxt])
    unseen = k.unknown_cards()
    best = None
    for card in set(k.hand):
        rest = [c for c in k.hand if c != card]
        masks = masks_of(rest)
        limit, _, a, b = best_crew(masks, k.pier_colour)
        cost = limit + (FEED_COST if COLOUR_OF[card] in wanted else 0)
        if OUTS_WEIGHT and unseen and limit:
            crew = masks[a] | (masks[b] if b >= 0 else 0)
            outs = sum(
                1
                for c in unseen
                if COLOUR_OF[c] == k.pier_colour
                or (COLOUR_OF[c] in (a, b) and not crew & BIT_OF[c])
            )
            top = max(NUMBER_OF[c] for c in rest if COLOUR_OF[c] != k.pier_colour)
            cost -= OUTS_WEIGHT * top * outs / len(unseen)
        if best is None or (cost, limit) < best[0]:
            best = ((cost, limit), card)
    (_, limit), card = best
    return card, limit
