"""The Club player: the textbook rules of whist play, from its own view only.

Leading: draw trumps when strong in them, return the partner's suit, cash sure winners, else
lead from the longest side suit (top of a sequence, otherwise low), preferring a suit the
partner can ruff and avoiding one an opponent can ruff. Following: second hand low, third hand
high (the lowest of equal cards), fourth hand wins as cheaply as it can, nobody overtakes a
partner who is sure to win. Without the suit led: ruff what the opponents would win (over-ruff
if needed), else discard low from the weakest side suit.
"""

from __future__ import annotations

import random

from .cards import SUIT_MASKS, highest, lowest, to_str
from .knowledge import Knowledge, read
from .sim import above, winning_index


def choose(view: dict, rng: random.Random) -> str:
    k = read(view)
    if len(k.legal) == 1:
        return to_str(k.legal[0])
    card = lead(k) if not k.trick else follow(k)
    return to_str(card)


def _outside(k: Knowledge, s: int) -> int:
    """Cards of suit s still held by the other three seats."""
    return k.in_play & ~k.hand & SUIT_MASKS[s]


def _may_hold(k: Knowledge, seats: list[int], s: int) -> bool:
    return any(not (k.voids[seat] >> s) & 1 for seat in seats)


def _lowest_equal(card: int, hand: int, live: int) -> int:
    """The lowest of the cards equal to `card` in play: ours and touching it from below."""
    suit_live = live & SUIT_MASKS[card // 13]
    while True:
        below = suit_live & ((1 << card) - 1)
        if not below or not (1 << highest(below)) & hand:
            return card
        card = highest(below)


def lead(k: Knowledge) -> int:
    hand, trump = k.hand, k.trump
    opponents = [(k.seat + 1) % 4, (k.seat + 3) % 4]
    partner = (k.seat + 2) % 4
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if trumps:
        out = _outside(k, trump)
        opponents_have = out and _may_hold(k, opponents, trump)
        n = trumps.bit_count()
        top = out == 0 or highest(trumps) > highest(out)
        if opponents_have and (n >= 5 or (n >= 4 and top)):  # draw trumps when strong
            return highest(trumps) if top else lowest(trumps)
    for s in reversed(k.partner_leads):  # return the partner's suit
        if s != trump and hand & SUIT_MASKS[s]:
            return _lead_in(k, s)
    opponents_ruff = trump >= 0 and _outside(k, trump) and _may_hold(k, opponents, trump)
    partner_ruffs = trump >= 0 and _may_hold(k, [partner], trump) and _outside(k, trump)
    best_suit, best_key = -1, None
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        if not mine or s == trump:
            continue
        out = _outside(k, s)
        sure = not out or highest(mine) > highest(out)
        ruffed = opponents_ruff and any((k.voids[o] >> s) & 1 for o in opponents)
        partner_void = partner_ruffs and (k.voids[partner] >> s) & 1
        key = (not ruffed, bool(partner_void), sure, mine.bit_count())
        if best_key is None or key > best_key:
            best_suit, best_key = s, key
    if best_suit < 0:  # only trumps left
        out = _outside(k, trump)
        return highest(trumps) if not out or highest(trumps) > highest(out) else lowest(trumps)
    return _lead_in(k, best_suit)


def _lead_in(k: Knowledge, s: int) -> int:
    """A sure winner, the top of a sequence of honours, or a low card."""
    mine = k.hand & SUIT_MASKS[s]
    out = _outside(k, s)
    top = highest(mine)
    if not out or top > highest(out):
        return top
    second = highest(mine & ~(1 << top))
    if mine.bit_count() >= 2 and top % 13 >= 10 and second == top - 1:  # K-Q, Q-J: lead the top
        return top
    return lowest(mine)


def follow(k: Knowledge) -> int:
    hand, trump, trick = k.hand, k.trump, k.trick
    led = trick[0] // 13
    pos = len(trick)  # 1: second hand, 2: third, 3: fourth
    w = winning_index(trick, trump)
    best = trick[w]
    partner_winning = w == pos - 2
    later = [(k.seat + i) % 4 for i in range(1, 4 - pos)]
    threat = _outside(k, led) if _may_hold(k, later, led) else 0
    trump_threat = (
        trump >= 0
        and _outside(k, trump)
        and any((k.voids[s] >> led) & 1 and not (k.voids[s] >> trump) & 1 for s in later)
    )
    partner_sure = partner_winning and (
        pos == 3 or (best // 13 == trump or not threat or best > highest(threat))
    )
    partner_sure = partner_sure and not (pos < 3 and trump_threat and best // 13 != trump)
    follow_cards = hand & SUIT_MASKS[led]
    if follow_cards:
        if best // 13 != led or partner_sure:
            return lowest(follow_cards)
        beating = above(follow_cards, best)
        if not beating or pos == 1:  # second hand low
            return lowest(follow_cards)
        if pos == 3:
            return lowest(beating)  # fourth hand: as cheaply as it can
        sure = above(beating, highest(threat)) if threat else beating
        if sure:
            return lowest(sure)
        live = k.in_play
        for card in trick:
            live |= 1 << card
        return _lowest_equal(highest(beating), hand, live)  # third hand high
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if trumps and not partner_sure:
        if best // 13 == trump:
            over = above(trumps, best)
            if over:
                return lowest(over)
        else:
            return lowest(trumps)
    return discard(k)


def discard(k: Knowledge) -> int:
    """The lowest card of the weakest side suit (its best card lowest; shorter if equal)."""
    best_suit, best_key = -1, None
    for s in range(4):
        mine = k.hand & SUIT_MASKS[s]
        if not mine or s == k.trump:
            continue
        key = (highest(mine) % 13, mine.bit_count())
        if best_key is None or key < best_key:
            best_suit, best_key = s, key
    if best_suit < 0:
        return lowest(k.hand)
    return lowest(k.hand & SUIT_MASKS[best_suit])
