"""Greedy play on one's own hand and the public cards: the Deckhand's core made sharper, used
by the Boatswain and, because it is fast, by every seat in the Captain's rollouts.

- Draw: a face-up card (the discard pile's top, the pier's first card) is taken when the limit
  after the best discard is lower than a blind stock draw is worth; taking the pier's card also
  changes the pier colour to the next card's (R3). Never the last pier card while anything else
  can be drawn (it annuls the round, R4).
- Discard: the card whose loss leaves the lowest limit (the highest stowaway).
- Set sail (`should_sail`) at limit 0: a sweep wins the match at once (R9). Otherwise hold on
  while a sweep is near (at most SWEEP_HOLD stowaways): worth it in a long two-player match,
  less so with more players, whose rounds are short and whose pier colour changes more often.
  Otherwise set sail when the limit is at most `sail_limit`: high early in a round, when the
  opponents' hands are still raw, falling as they improve.
"""

from __future__ import annotations

from collections.abc import Sequence

from .hands import BIT_OF, COLOUR_OF, best_crew, best_discard, best_shed, masks_of

STOCK_GAIN = 2  # what a blind stock draw is worth, in limit points
# The limit to set sail at: SAIL_START at the start of a round, falling by SAIL_FALL with every
# draw anyone makes. Tuned by self-play duels in the rollout simulator; the same values came out
# best for 2, 3 and 4 players.
SAIL_START, SAIL_FALL = 18, 0.8
# Per number of players: hold on for a sweep with this many stowaways or fewer. Tuned in
# Boatswain self-play (in two-player matches, holding for 4 or more is about equally good).
SWEEP_HOLD = {2: 4, 3: 2, 4: 0}


def sail_limit(turns: int) -> int:
    return max(1, int(SAIL_START - SAIL_FALL * turns))


def greedy_draw(
    hand: Sequence[int], pier: Sequence[int], discard_top: int | None, stock_count: int
) -> str:
    pier_colour = COLOUR_OF[pier[0]] if pier else -1
    masks = masks_of(hand)
    options = []
    if stock_count:
        options.append((best_crew(masks, pier_colour)[0] - STOCK_GAIN, 1, "stock"))
    if discard_top is not None:
        options.append((limit_with(masks, discard_top, pier_colour), 0, "discard"))
    if len(pier) > 1:
        options.append((limit_with(masks, pier[0], COLOUR_OF[pier[1]]), 0, "pier"))
    if not options:
        return "pier"  # only the last pier card is left: it annuls the round (R4)
    return min(options)[2]


def limit_with(masks: Sequence[int], card: int, pier_colour: int) -> int:
    """The limit after taking `card` and making the best discard."""
    masks = list(masks)
    masks[COLOUR_OF[card]] |= BIT_OF[card]
    return best_shed(masks, pier_colour)[1]


def should_sail(limit: int, stowaways: int, turns: int, players: int) -> bool:
    if limit == 0:
        return True
    return stowaways > SWEEP_HOLD[players] and limit <= sail_limit(turns)


def greedy_discard(
    hand: Sequence[int], pier_colour: int, turns: int, players: int
) -> tuple[int, bool]:
    """The card to discard, and whether to set sail with it."""
    card, limit, stowaways = best_discard(hand, pier_colour)
    return card, should_sail(limit, stowaways, turns, players)
