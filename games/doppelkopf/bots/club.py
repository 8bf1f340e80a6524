"""The Club player: the rules of thumb of a Doppelkopf club, from its own view only.

Reservations: a solo only with a hand worth two thirds of the tricks (sure trump and fehl
winners, trump length); a wedding with both queens of clubs unless the hand carries a silent
wedding. Calls: "Re" or "Kontra" with a strong hand (high trumps, length, aces) before the first
deadline. Leading: the soloist draws trumps; the others cash a fehl ace from a short suit, the
Re player leads trumps to find his partner, Kontra leads fehl. Following: fill a partner's sure
trick with points (schmieren), take a trick worth taking as cheaply as possible, a fox never
given to the opponents if avoidable, else throw the card worth least.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import SUITS, points
from ..reservations import SOLOS
from ..trumps import card_class, is_trump, strengths, trumps, winning_index
from .knowledge import Knowledge, read

SOLO_SHARE = 0.72  # a solo needs this share of the tricks (estimated)
ANNOUNCE = 6.0  # hand value (normal trumps) for Re/Kontra with 12 cards


# --- Hand evaluation ------------------------------------------------------------------------------


def estimated_tricks(hand: list[str], kind: str) -> float:
    """Tricks a hand should take as a soloist in `kind`: the top trumps it holds in a row,
    trump length beyond the others' trumps, fehl aces (and a ten behind its ace)."""
    order = trumps(kind)
    mine = Counter(c for c in hand if is_trump(c, kind))
    n = sum(mine.values())
    total = 2 * len(order) * len(hand) // 12 if order else 0  # fewer without nines
    top = 0
    for card in order:  # sure winners: each copy we hold before the first we lack
        if mine[card] == 2:
            top += 2
        else:
            top += mine[card]
            break
    others = max(0, total - n)
    length = max(0.0, n - top - others / 3) * 0.8
    value = top + length + 0.45 * (n - top)
    for suit in SUITS:
        fehl = [c for c in hand if not is_trump(c, kind) and c[-1] == suit]
        aces = sum(c[:-1] == "A" for c in fehl)
        value += min(aces, 2) * (0.9 if len(fehl) <= 4 else 0.6)
        if aces and any(c[:-1] == "10" for c in fehl):
            value += 0.4
        if not fehl and n >= 6:
            value += 0.3  # a void to ruff in
    return value


def normal_value(hand: list[str]) -> float:
    """A hand's strength in a normal game, for calling Re or Kontra."""
    weights = {"10H": 1.0, "QC": 0.9, "QS": 0.8, "QH": 0.6, "QD": 0.6, "JC": 0.4, "JS": 0.4}
    value = 0.0
    for c in hand:
        if is_trump(c, "diamonds"):
            value += weights.get(c, 0.3)
    for suit in SUITS:
        fehl = [c for c in hand if not is_trump(c, "diamonds") and c[-1] == suit]
        value += 0.7 * sum(c[:-1] == "A" for c in fehl[:2]) if len(fehl) <= 3 else 0
        if not fehl:
            value += 0.3
    return value * 12 / len(hand) if hand else 0.0


def reservation(view: dict) -> str:
    hand, choices = view["hand"], view["legal"]["reservations"]
    solos = [s for s in SOLOS if s in choices]
    need = SOLO_SHARE * len(hand)
    best = max(solos, key=lambda s: estimated_tricks(hand, s))
    if "healthy" not in choices:  # a forced solo: the best kind
        return best
    strong = estimated_tricks(hand, best) >= need
    if hand.count("QC") == 2:  # a silent wedding is a hidden diamonds solo
        if (strong and best == "diamonds") or estimated_tricks(hand, "diamonds") >= need - 1:
            return "healthy" if not strong or best == "diamonds" else best
        if strong:
            return best
        return "wedding" if "wedding" in choices else "healthy"
    return best if strong else "healthy"


def call(view: dict) -> str | None:
    """Re or Kontra with a strong hand; a soloist with a very strong one."""
    calls = view["legal"]["calls"]
    party = view["party"]
    if party not in calls or view["levels"][party] > 0:
        return None
    hand = view["hand"]
    if view["contract"] in ("solo", "silent_wedding", "wedding_solo") and party == "re":
        kind = view["solo"] or "diamonds"
        return "re" if estimated_tricks(hand, kind) >= 0.8 * len(hand) else None
    if view["contract"] in ("solo", "wedding_solo"):
        return None
    return party if normal_value(hand) >= ANNOUNCE else None


# --- Card play ------------------------------------------------------------------------------------


def choose_card(view: dict, rng: random.Random) -> str:
    k = read(view)
    if len(set(k.legal)) == 1:
        return k.legal[0]
    return lead(k) if not k.trick else follow(k)


def cheapest(cards: list[str], kind: str) -> str:
    """The card worth least: fewest points, then lowest rank."""
    table = strengths(kind)
    return min(cards, key=lambda c: (points(c), table[c], c))


def lead(k: Knowledge) -> str:
    legal, kind = k.legal, k.kind
    mine = k.trumps(legal)
    fehl = [c for c in legal if not is_trump(c, kind)]
    soloist = k.contract in ("solo", "silent_wedding", "wedding_solo") and k.party == "re"
    if soloist and len(mine) >= 3:
        return max(mine, key=k.strength)  # draw the opponents' trumps
    suits = Counter(c[-1] for c in fehl)
    aces = [c for c in fehl if c[:-1] == "A" and suits[c[-1]] <= 3]
    if aces:
        return min(aces, key=lambda c: suits[c[-1]])
    if soloist and fehl:
        return cheapest(fehl, kind)
    if k.party == "re" and mine and not k.partners():
        non_fox = [c for c in mine if c != "AD"] or mine
        return max(non_fox, key=k.strength) if len(mine) >= 6 else cheapest(non_fox, kind)
    if fehl:
        short = min(suits, key=lambda s: suits[s])
        return cheapest([c for c in fehl if c[-1] == short], kind)
    return cheapest(legal, kind)


def follow(k: Knowledge) -> str:
    kind = k.kind
    cards = [c for _, c in k.trick]
    best = winning_index(cards, kind)
    winner_seat, winning = k.trick[best]
    table = strengths(kind)
    led = card_class(cards[0], kind)
    last = len(cards) == 3
    beats = [c for c in k.legal if card_class(c, kind) in ("T", led) and table[c] > table[winning]]
    worth = sum(points(c) for c in cards)
    partner_wins = winner_seat != k.seat and k.is_partner(winner_seat)
    behind_partners = [s for s in _still_to_play(k) if k.is_partner(s)]
    safe = last or (is_trump(winning, kind) and table[winning] >= table.get("QH", 0) >= 100)
    if partner_wins and safe:
        return max(k.legal, key=lambda c: (points(c), -table[c]))  # schmieren
    if beats and not partner_wins:
        if last:
            if worth >= 8 or k.is_opponent(winner_seat):
                return min(beats, key=lambda c: table[c])
        else:
            high = [c for c in beats if c[:-1] == "A" and not is_trump(c, kind)]
            if high and led != "T":
                return high[0]
            strong = [c for c in beats if table[c] >= table.get("QH", 0) and is_trump(c, kind)]
            if worth >= 10 and (strong or led != "T"):
                return min(strong or beats, key=lambda c: table[c])
    if behind_partners and not beats and led != "T":
        return cheapest(k.legal, kind)
    non_fox = [c for c in k.legal if c != "AD"] or k.legal
    return cheapest(non_fox, kind)


def _still_to_play(k: Knowledge) -> list[int]:
    return [(k.leader + i) % 4 for i in range(len(k.trick) + 1, 4)]
