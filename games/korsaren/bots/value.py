"""What a round's outcome is worth to one seat: its chance to win the match (R8, R9).

A sweep or the end of the match settles it (a shared first place is worth its share). Otherwise
the chance is estimated from the penalty-card gaps to each opponent against the spread still to
come (about PER_ROUND penalty cards are taken a round, so about (35 - total) / PER_ROUND rounds
remain, R8), mixed with the chance that a sweep decides the match whoever leads (R9). SPREAD
and SWEEP were fitted (log-loss) to who won 1,500 Boatswain self-play matches per table size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .simulate import Outcome

LAST_ROUND_AT, MATCH_ENDS_AT = 35, 45  # R8
PER_ROUND = {2: 4.6, 3: 8.8, 4: 13.2}
SPREAD = {2: 5.0, 3: 6.0, 4: 7.5}  # how far a gap between two players moves, per round
SWEEP = {2: 0.5, 3: 0.15, 4: 0.0}  # the chance per round that a sweep decides the match


def share(winners: Sequence[int], seat: int) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


def match_value(
    penalties: Sequence[int], outcome: Outcome, seat: int, is_last_round: bool
) -> float:
    """`penalties` as before the round; `outcome` of the round (None closer: annulled)."""
    after = [p + t for p, t in zip(penalties, outcome.taken, strict=True)]
    if outcome.sweepers:
        if outcome.closer in outcome.sweepers or len(outcome.sweepers) == 1:
            return share(outcome.sweepers, seat)
        fewest = min(after[s] for s in outcome.sweepers)  # R9: several opponents sweep
        return share([s for s in outcome.sweepers if after[s] == fewest], seat)
    total = sum(after)
    if outcome.closer is not None and (is_last_round or total >= MATCH_ENDS_AT):
        fewest = min(after)
        return share([s for s in range(len(after)) if after[s] == fewest], seat)
    return win_chance(after, seat, total >= LAST_ROUND_AT or is_last_round)


def win_chance(penalties: Sequence[int], seat: int, one_round_left: bool) -> float:
    """Roughly P(fewest penalty cards at the end): for each seat, the product over its opponents
    of P(staying ahead of that one), a normal tail on the gap, normalised over the seats; mixed
    with an even chance for everyone in case a sweep ends the match first."""
    players = len(penalties)
    total = sum(penalties)
    rounds_left = 1.0 if one_round_left else 1.0 + (LAST_ROUND_AT - total) / PER_ROUND[players]
    scale = SPREAD[players] * math.sqrt(2.0 * rounds_left)
    ahead = []
    for s in range(players):
        chance = 1.0
        for other in range(players):
            if other != s:
                chance *= 0.5 * (1.0 + math.erf((penalties[other] - penalties[s]) / scale))
        ahead.append(chance)
    decided_by_sweep = 1.0 - (1.0 - SWEEP[players]) ** rounds_left
    return (1.0 - decided_by_sweep) * ahead[seat] / sum(ahead) + decided_by_sweep / players
