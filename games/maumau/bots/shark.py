"""The Shark: determinized search (perfect-information Monte Carlo).

Each iteration deals the cards it cannot see afresh, consistent with its view
(views.determinize: the other hands and the stock, a fresh secret seed for reshuffles), steered
by what the others' draws suggest they lack (steer), and plays every candidate move on that same
deal to the end of the game with the Regular's rules of thumb for everyone. The Regular's own
move is played unless another did clearly better on the same deals (pick). Within
`time_budget` seconds of `clock`; without a clock a fixed number of iterations (repeatable).

Candidates: every distinct card that fits (a jack once per wish), and drawing; the Mau call is
always made (MM9). Results: 1 for going out first (MM11), with play_for_places the share of
places beaten, with points scoring less the penalty points left in hand (MM12).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..cards import points, rank
from ..engine import draw, lay
from ..rules import playable
from ..state import PLAY, Match
from ..views import determinize
from . import regular
from .knowledge import best_wish, fitted_then, shortages, unseen

DEFAULT_TIME_BUDGET = 0.5  # seconds per move
FIXED_ITERATIONS = 24  # without a clock
MIN_ITERATIONS = 4  # even on a slow clock
ROLLOUT_LIMIT = 400  # moves; a playout longer than this scores by the hands' sizes
Z = 2.0  # how sure the search must be to overrule the Regular (pick)


def candidates(view: dict) -> list[dict]:
    out, seen = [], set()
    for a in view["legal"]:
        if a["action"] not in ("play", "draw"):
            continue  # an interjection in turn is the same as playing the twin
        key = (a["action"], a.get("card"), a.get("wish"))
        if key not in seen:
            seen.add(key)
            out.append({k: v for k, v in a.items() if k != "mau"})
    for a in out:
        if a["action"] == "play" and len(view["hand"]) == 2:
            a["mau"] = True
    return out


def choose(
    view: dict,
    rng: random.Random,
    time_budget: float,
    clock: Callable[[], float] | None,
) -> dict:
    moves = candidates(view)
    if len(moves) == 1:
        return moves[0]
    started = clock() if clock else 0.0
    me = view["seat"]
    pool = unseen(view)
    short = shortages(view)
    results: list[list[float]] = [[] for _ in moves]
    while True:
        deal = determinize(view, pool, rng, f"{rng.getrandbits(64):016x}")
        steer(deal, me, short, rng)
        for i, move in enumerate(moves):
            state = deal.copy()
            play_move(state, move)
            results[i].append(playout(state, me, rng))
        done = len(results[0])
        if clock is None:
            if done >= FIXED_ITERATIONS:
                break
        elif done >= MIN_ITERATIONS and clock() - started >= time_budget:
            break
    return moves[pick(moves, results, regular.choose(view, rng))]


def pick(moves: list[dict], results: list[list[float]], usual: dict) -> int:
    """The Regular's move, unless another did clearly better on the same deals: its mean gain
    over the Regular's, deal by deal, above Z standard errors (the best of many noisy means
    is flattered by its luck)."""
    keys = ("action", "card", "wish")
    same = [i for i, m in enumerate(moves) if all(m.get(k) == usual.get(k) for k in keys)]
    if not same:
        return max(range(len(moves)), key=lambda i: (sum(results[i]), -i))
    u = same[0]
    best, best_gain = u, 0.0
    n = len(results[u])
    for i in range(len(moves)):
        gains = [a - b for a, b in zip(results[i], results[u], strict=True)]
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, n - 1) / n)
        if mean > Z * spread and mean > best_gain:
            best, best_gain = i, mean
    return best


def steer(m: Match, me: int, short: dict, rng: random.Random) -> None:
    """Make the deal fit what the others' draws suggest (knowledge.shortages): a card that
    would have fitted when a player drew is swapped, beyond the cards it has drawn since, for
    one from another player's hand or the stock that would not have fitted."""
    for seat, (event, budget) in short.items():
        hand = m.hands[seat]
        fitting = [i for i, c in enumerate(hand) if fitted_then(c, event)]
        for i in rng.sample(fitting, max(0, len(fitting) - budget)):
            places = [
                (cards, j)
                for where, cards in _donors(m, me, seat)
                for j, card in enumerate(cards)
                if not fitted_then(card, event)
                and not (where in short and fitted_then(hand[i], short[where][0]))
            ]  # the last test: not breaking that player's own shortage
            if places:
                cards, j = rng.choice(places)
                hand[i], cards[j] = cards[j], hand[i]


def _donors(m: Match, me: int, seat: int) -> list[tuple[int, list[str]]]:
    """The other hands, and the stock unless a reshuffle says what it holds (MM8)."""
    out = [(s, m.hands[s]) for s in range(m.players) if s not in (me, seat)]
    return out + [(-1, m.stock)] if not m.restock else out


def play_move(m: Match, move: dict) -> None:
    if move["action"] == "draw":
        draw(m, move["seat"])
    else:
        lay(m, move["seat"], move["card"], move.get("wish"), bool(move.get("mau")))


def playout(m: Match, me: int, rng: random.Random) -> float:
    """The game played to its end by everyone's rules of thumb (the Regular's, regular.py):
    a fitting card rather than a draw, jacks last, 7s and 8s against a player close to going
    out, else the card most others can follow; always the Mau call."""
    for _ in range(ROLLOUT_LIMIT):
        if m.phase != PLAY:
            break
        seat = m.to_move
        hand = m.hands[seat]
        fitting = playable(m, seat)
        if not fitting:
            draw(m, seat)
            continue
        if len(fitting) == 1:
            card = fitting[0]
        else:
            danger = len(m.hands[m.next_seat(seat)]) <= 2
            two = len(m.in_game()) == 2
            card = max(fitting, key=lambda c: quick_score(c, hand, danger, two) + rng.random())
        wish = None
        if rank(card) == "J":
            rest = hand[:]
            rest.remove(card)
            wish = best_wish(rest, card[-1])
        lay(m, seat, card, wish, len(hand) == 2)
    return result(m, me)


def quick_score(card: str, hand: list[str], danger: bool, two: bool) -> float:
    """regular._score without the view: the playouts' choice among fitting cards."""
    r, s = rank(card), card[-1]
    if r == "J":
        return -20.0
    if r == "7":
        score = 6.0 if danger else -1.5 * (sum(rank(c) == "7" for c in hand) == 1)
    elif r == "8":
        score = 6.0 * danger + 2.0 * two
    else:
        score = 0.0
    follow = sum(c != card and rank(c) != "J" and (c[-1] == s or rank(c) == r) for c in hand)
    return score + 1.5 * follow


def result(m: Match, me: int) -> float:
    n = m.players
    if m.phase == PLAY:  # cut off: rank by the cards left
        fewer = sum(len(h) > len(m.hands[me]) for h in m.hands)
        return fewer / (n - 1) * 0.5
    if m.options["play_for_places"]:
        value = (n - 1 - m.places.index(me)) / (n - 1)
    else:
        value = 1.0 if m.places[0] == me else 0.0
    if m.options["scoring"] == "points":
        value -= points(m.hands[me]) / 50
    return value
