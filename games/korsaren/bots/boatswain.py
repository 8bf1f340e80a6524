"""Boatswain, the medium level: a heuristic player (issue 5).

It plays the greedy policy (policy.py) with what a careful player tracks at the table:
- the draw weighs each face-up card (and the pier colour it leaves behind) against what a blind
  stock draw is worth on average over the cards it has not seen (knowledge.py);
- it does not feed the next player: a card of a colour that player has been taking face up is
  discarded only if keeping it costs clearly more;
- it sets sail as policy.should_sail says: at once with a sweep (R9), holding on while a sweep
  is near, else at a limit that falls as the round goes on (the opponents' hands improve with
  every draw);
- it never draws the pier's last card itself (annulling the round, R4) unless its hand is
  hopeless;
- it lays down optimally: as closer the lowest limit with the fewest cards exposed to
  attachment (R5); as an opponent a sweep, else sinking the closer with as many stowaways
  handed over as possible, else the fewest stowaways (R6, R7, R9).
"""

from __future__ import annotations

import random
import statistics

from .hands import COLOUR_OF, best_crew, best_discard, masks_of, names
from .knowledge import Knowledge, read_view
from .laydowns import sail_action, settled_action
from .legal import pending_task
from .policy import should_sail

FEED_COST = 4  # limit points it pays to keep a card the next player is collecting
ANNUL_AT = 25  # draws the last pier card (annulling the round) with a limit this bad


def choose(view: dict, rng: random.Random) -> dict:
    task = pending_task(view)
    settled = settled_action(view, task)
    if settled is not None:
        return settled
    seat = view["seat"]
    k = read_view(view)
    if task == "draw":
        return {"seat": seat, "action": "draw", "from": draw_source(k)}
    card, limit, stowaways = discard_choice(k)
    if k.must_sail or should_sail(limit, stowaways, k.turns, k.players):
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


def discard_choice(k: Knowledge) -> tuple[int, int, int]:
    """(card, limit, stowaways after it): the lowest limit, paying FEED_COST not to hand the
    next player a card of a colour it has been taking face up."""
    wanted = set(k.taken_colours[(k.seat + 1) % k.players])
    best = None
    for card in set(k.hand):
        limit, stowaways, _, _ = best_crew(
            masks_of([c for c in k.hand if c != card]), k.pier_colour
        )
        cost = limit + (FEED_COST if COLOUR_OF[card] in wanted else 0)
        if best is None or (cost, limit, stowaways) < best[0]:
            best = ((cost, limit, stowaways), card)
    (_, limit, stowaways), card = best
    return card, limit, stowaways
