"""The sparring partner: a club player written from the rules file alone, apart from the
levels (it shares no code with them and is not offered on the site); the tournament's yardstick
for the shark (GAMES.md 2).

Its rules of thumb, with card counting (the cards not yet seen: the pack less its own hand and
the pile, MM14):
- lay a card whenever one fits; draw only when none does; answer a 7 with a 7 (MM6);
- keep jacks and one 7 (the answer to a 7) while other cards fit;
- prefer the card that leaves the most of its own hand able to follow, and that turns play to
  a suit the others are short of (few unseen cards of it);
- when the next player is down to one or two cards: a 7 or an 8 at them, or a turn to their
  probable void; a jack wishes its own longest suit, the one the others hold least of;
- always calls "Mau" (MM9) and throws in every twin (MM10).
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import SUITS, pack


def _rank(card: str) -> str:
    return card[:-1]


def _unseen_by_suit(view: dict) -> Counter:
    o = view["options"]
    left = Counter(pack(o["deck"], view["players"], o["interject"]))
    left.subtract(view["hand"])
    left.subtract(view["discard"])
    return Counter({s: sum(n for c, n in left.items() if c[-1] == s and n > 0) for s in SUITS})


def _next_size(view: dict) -> int:
    n, s = view["players"], view["seat"]
    for _ in range(n):
        s = (s + view["direction"]) % n
        if view["hand_sizes"][s]:
            return view["hand_sizes"][s]
    return 0


def _wish(rest: list[str], unseen: Counter, fallback: str) -> str:
    mine = Counter(c[-1] for c in rest if _rank(c) != "J")
    if not mine:
        return min(SUITS, key=lambda s: unseen[s])
    return max(SUITS, key=lambda s: (mine[s], -unseen[s]))


def _value(card: str, hand: list[str], unseen: Counter, attack: bool) -> float:
    rest = hand[:]
    rest.remove(card)
    r, s = _rank(card), card[-1]
    if r == "J":
        return -10.0 + 4.0 * (len(rest) <= 1)
    follow = sum(_rank(c) != "J" and (c[-1] == s or _rank(c) == r) for c in rest)
    value = 2.0 * follow - 0.25 * unseen[s]
    sevens = sum(_rank(c) == "7" for c in hand)
    if r == "7":
        value += 5.0 if attack else -1.5 * (sevens == 1)
    if r == "8" and attack:
        value += 5.0
    return value


def choose(view: dict, rng: random.Random) -> dict:
    seat, hand = view["seat"], view["hand"]
    cards = sorted({a["card"] for a in view["legal"] if a["action"] == "play"})
    if not cards:
        return {"seat": seat, "action": "draw"}
    unseen = _unseen_by_suit(view)
    attack = _next_size(view) <= 2
    card = max(cards, key=lambda c: (_value(c, hand, unseen, attack), rng.random()))
    return _lay(view, card, "play", unseen)


def _lay(view: dict, card: str, verb: str, unseen: Counter) -> dict:
    hand = view["hand"]
    action = {"seat": view["seat"], "action": verb, "card": card}
    if _rank(card) == "J":
        rest = hand[:]
        rest.remove(card)
        action["wish"] = _wish(rest, unseen, card[-1])
    if len(hand) == 2:
        action["mau"] = True
    return action


def optional(view: dict, rng: random.Random) -> dict | None:
    if any(a["action"] == "interject" for a in view["legal"]):
        return _lay(view, view["top"], "interject", Counter())
    return None
