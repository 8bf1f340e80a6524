"""The Regular: the rules of thumb of a pub table's regular (MAUMAU.md alone).

- Plays whenever a card fits; draws only when none does.
- Keeps jacks for last: a jack fits almost anything (MM5), so it is the safest last card; it is
  laid earlier only when nothing else fits, wishing the suit it then holds most of (MM6).
- Answers a 7 with a 7 (MM6) rather than drawing, and keeps its last 7 for that; attacks with
  7s and 8s when the next player is close to going out; with two players an 8 is a move more.
- Among plain cards, lays the one that leaves the most cards able to follow it (same suit or
  rank) and turns play to a suit the others are short of (counting the cards not yet seen),
  and with points scoring the expensive ones first (MM12).
- Always calls "Mau" (MM9) and always throws in a twin (MM10): a card shed for free.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import POINTS, rank, suit
from . import knowledge
from .knowledge import best_wish, next_seat


def _score(card: str, hand: list[str], view: dict, danger: bool, unseen: Counter) -> float:
    rest = hand[:]
    rest.remove(card)
    r = rank(card)
    if r == "J":
        score = -20.0  # only when nothing else fits
    elif r == "7":  # an attack, or else the answer to the next 7 kept
        score = 6.0 if danger else -1.5 * (sum(rank(c) == "7" for c in hand) == 1)
    elif r == "8":  # an attack; with two players a move more
        score = 6.0 * danger + 2.0 * (view["players"] == 2)
    elif r == "9":
        score = 1.0 + 3.0 * (danger and view["players"] > 2)
    else:
        score = 0.0
    score += 1.5 * sum(rank(c) != "J" and (suit(c) == suit(card) or rank(c) == r) for c in rest)
    score -= 0.25 * unseen[suit(card)]  # a suit the others are short of
    if view["options"]["scoring"] == "points":
        score += POINTS[r] / 10
    return score


def choose(view: dict, rng: random.Random) -> dict:
    seat, hand = view["seat"], view["hand"]
    cards = sorted({a["card"] for a in view["legal"] if a["action"] == "play"})
    if not cards:
        return {"seat": seat, "action": "draw"}
    danger = view["hand_sizes"][next_seat(view, seat)] <= 2
    unseen = Counter(c[-1] for c in knowledge.unseen(view))
    best = max(cards, key=lambda c: (_score(c, hand, view, danger, unseen), rng.random()))
    return lay(view, best, "play")


def lay(view: dict, card: str, verb: str) -> dict:
    """The action laying `card`, with the right wish for a jack and the Mau call (MM9)."""
    hand = view["hand"]
    action = {"seat": view["seat"], "action": verb, "card": card}
    if rank(card) == "J":
        rest = hand[:]
        rest.remove(card)
        action["wish"] = best_wish(rest, suit(card))
    if len(hand) == 2:
        action["mau"] = True
    return action


def interjection(view: dict) -> dict | None:
    """MM10: a twin is always thrown in."""
    if view.get("can_interject"):
        return lay(view, view["top"], "interject")
    return None
