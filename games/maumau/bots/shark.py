"""The Shark: determinized search (flat Monte Carlo over deals consistent with what it saw).

Each iteration deals the cards it cannot see afresh (`Reading.deal`): the other hands and the
stock, consistent with its view and with what the others' play tells: a player who drew held no
card that fitted then (MM7), nor did one who laid a jack while holding more cards (a jack is
kept for last, MM5/MM6); and each deal is weighed by how likely the others' plays and wishes
were with the hands it gives them (`likelihood`: rules of thumb, softened). Every candidate move
is then played on that same deal, and the game to its end by everyone's rules of thumb in a
fast copy of the rules (sim.py). The rules of thumb's own move is played unless another gains
on the same deals by more than z standard errors (`pick`; z grows with the players: one move
shows less in the result). Within `time_budget` seconds of `clock`; without a clock a fixed
number of iterations (repeatable).

Candidates: every distinct card that fits (a jack once per wish), and drawing; the Mau call is
always made (MM9). Results: 1 for going out first (MM11), with play_for_places the share of
places beaten, with points scoring less the penalty points left in hand (MM12).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

from ..cards import SUITS, pack
from . import sim
from .knowledge import unseen
from .sim import ALL, JACK, RANK, SUIT, Sim, card_int, card_name, fitting_mask

DEFAULT_TIME_BUDGET = 0.5  # seconds per move
FIXED_ITERATIONS = 300  # deals, without a clock
MIN_ITERATIONS = 4  # even on a slow clock
ROLLOUT_LIMIT = 400  # moves; a playout longer than this scores by the hands' sizes
Z = 1.0  # how sure the search must be to overrule the rules of thumb (pick), with 2 players
Z_PER_PLAYER = 0.2  # and more for each player more: one move shows less in the result
WEIGH = True  # deals weighed by the likelihood of the others' plays
TEMPER = 1.5  # the softmax's temperature over the rules of thumb's worths
MIX = 0.2  # and the share of a uniform choice among the cards that fit
WISH_LIKELY = 0.7  # a jack's wish: the suit held most of
MISFIT = 0.01  # a card laid that the dealt hand could not have laid
READ_JACKS = True  # a jack laid with more cards in hand: none of the others fitted


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
    reading = Reading(view)
    root = table(view)
    points = view["options"]["scoring"] == "points"
    plays = [
        (None, None)
        if m["action"] == "draw"
        else (card_int(m["card"]), SUITS.index(m["wish"]) if "wish" in m else None)
        for m in moves
    ]
    results: list[list[float]] = [[] for _ in moves]
    weights: list[float] = []
    done = 0
    while True:
        world, weight = reading.deal(root, rng)
        weights.append(weight)
        for i, (card, wish) in enumerate(plays):
            state = world.copy()
            if card is None:
                state.draw(me, rng)
            else:
                state.play(me, card, wish)
            results[i].append(sim.playout(state, me, rng, points, ROLLOUT_LIMIT))
        done += 1
        if clock is None:
            if done >= FIXED_ITERATIONS:
                break
        elif done >= MIN_ITERATIONS and clock() - started >= time_budget:
            break
    z = Z + Z_PER_PLAYER * (view["players"] - 2)
    return moves[pick(results, weights, rule_of_thumb(root, view, plays), z)]


def pick(results: list[list[float]], weights: list[float], usual: int, z: float) -> int:
    """The rules of thumb's move (`usual`), unless another did better on the same deals: the
    move whose mean gain over it, deal by deal and weighed, is the highest less z standard
    errors, if that is above nothing (the best of many noisy means is flattered by its luck)."""
    total = sum(weights)
    if total <= 0:
        weights, total = [1.0] * len(weights), float(len(weights))
    ess = total * total / sum(w * w for w in weights)
    base = results[usual]
    best, best_score = usual, 0.0
    for i, row in enumerate(results):
        if i == usual:
            continue
        gains = [a - b for a, b in zip(row, base, strict=True)]
        mean = sum(w * g for w, g in zip(weights, gains, strict=True)) / total
        var = sum(w * (g - mean) ** 2 for w, g in zip(weights, gains, strict=True)) / total
        score = mean - z * math.sqrt(var / max(1.0, ess - 1))
        if score > best_score:
            best, best_score = i, score
    return best


def rule_of_thumb(root: Sim, view: dict, plays: list) -> int:
    """The index among `plays` of the rules of thumb's move (sim.choose), the one the search
    must overrule; the other hands stand in by their sizes (the rules look at no more)."""
    me = view["seat"]
    fit = root.fitting(me)
    if not fit:
        return plays.index((None, None)) if (None, None) in plays else 0
    probe = root.copy()
    probe.hands = [h if s == me else [0] * view["hand_sizes"][s] for s, h in enumerate(root.hands)]
    card, wish = sim.choose(probe, me, fit)
    for i, play in enumerate(plays):
        if play[0] == card and (wish is None or play[1] in (wish, None)):
            return i
    return 0


def table(view: dict) -> Sim:
    """The public table and the seat's own hand as a Sim; the other hands and the stock are
    left empty for `Reading.deal`."""
    s = Sim.__new__(Sim)
    s.n = view["players"]
    s.hands = [[] for _ in range(s.n)]
    s.hands[view["seat"]] = [card_int(c) for c in view["hand"]]
    s.stock = []
    s.pile = [card_int(c) for c in view["discard"]]
    s.follow = SUITS.index(view["suit"])
    s.pending = view["pending_draw"]
    s.direction = view["direction"]
    s.to_move = view["to_move"]
    s.places = list(view["places"])
    s.for_places = view["options"]["play_for_places"]
    s.interject = view["options"]["interject"]
    s.over = False
    s.seen = [0, 0, 0, 0]
    for c in s.pile:
        s.seen[SUIT[c]] += 1
    s.per_suit = len(pack(view["options"]["deck"], s.n, view["options"]["interject"])) // 4
    return s


JACKS = sum(1 << c for c in range(52) if RANK[c] == JACK)
_FITTING: dict[tuple[int, int, bool], int] = {}


def _fitting(top: int, follow: int, pending: int) -> int:
    key = (top, follow, bool(pending))
    if key not in _FITTING:
        _FITTING[key] = fitting_mask(top, follow, pending)
    return _FITTING[key]


class Reading:
    """What the seat knows of the cards it cannot see: the pool (the pack less its hand and the
    pile, MM14), the cards a reshuffle put in the stock (MM8), and per other seat its play in
    the log's window, replayed over "slots" (one per card held): a draw forbids every card that
    fitted then to the slots held (MM7) and adds as many free slots as it took; a card laid
    empties a slot that may hold it. A deal (`deal`) is weighed by how likely the others' plays
    were with the hands it gives them (`likelihood`: the rules of thumb, softened)."""

    def __init__(self, view: dict) -> None:
        self.me = view["seat"]
        self.n = view["players"]
        self.sizes = view["hand_sizes"]
        self.pool = [card_int(c) for c in unseen(view)]
        self.stock_size = view["stock_size"]
        self.restock = [card_int(c) for c in view["restock"]] if view["restock"] else None
        self.steps: dict[int, list[tuple]] = {}
        self.start: dict[int, int] = {}
        self._read_log(view)

    def _sizes_before(self, log: list[dict]) -> list[list[int]]:
        """Every hand's size before each event of the log, counted back from now."""
        sizes = list(self.sizes)
        out: list[list[int]] = [[]] * len(log)
        for t in range(len(log) - 1, -1, -1):
            event = log[t]
            seat, verb = event.get("seat"), event["action"]
            if verb in ("draw", "penalty"):
                sizes[seat] -= event["count"]
            elif verb in ("play", "interject"):
                sizes[seat] += 1
            out[t] = sizes[:]
        return out

    def _read_log(self, view: dict) -> None:
        log = view["log"]
        before = self._sizes_before(log)
        top = follow = None  # the situation, once the log shows it
        pending = 0
        # the direction before each event, counted back from now (a 9 reverses, MM6)
        directions = [view["direction"]] * len(log)
        d = view["direction"]
        for t in range(len(log) - 1, -1, -1):
            event = log[t]
            nine = event["action"] in ("play", "interject") and event["card"].startswith("9")
            if nine and sum(1 for k in before[t] if k > 0) >= 3:
                d = -d
            directions[t] = d
        for t, event in enumerate(log):
            seat, verb = event.get("seat"), event["action"]
            if verb == "deal":
                top = card_int(event["card"])
                follow = SUIT[top]
                pending = 2 if RANK[top] == sim.SEVEN else 0
                continue
            if seat is None or verb in ("reshuffle", "over"):
                continue
            other = seat != self.me
            steps = self.steps.setdefault(seat, []) if other else []
            sizes = before[t]
            nxt, k = seat, 0
            while k < self.n:
                nxt, k = (nxt + directions[t]) % self.n, k + 1
                if sizes[nxt] > 0:
                    break
            danger = sizes[nxt] <= 2
            two = sum(1 for k in sizes if k > 0) == 2
            if verb == "draw":
                t_, f = card_int(event["top"]), SUITS.index(event["suit"])
                if other:
                    steps.append(("draw", t, _fitting(t_, f, event["pending"]), event["count"]))
                top, follow, pending = t_, f, 0
            elif verb == "penalty":
                if other:
                    steps.append(("add", t, event["count"]))
            elif verb in ("play", "interject"):
                c = card_int(event["card"])
                wish = SUITS.index(event["wish"]) if RANK[c] == JACK else None
                if other:
                    known = top is not None and verb == "play"
                    if known and READ_JACKS and RANK[c] == JACK and not pending:
                        steps.append(("jack", t, _fitting(top, follow, 0) & ~JACKS))
                    situation = (top, follow, pending, danger, two) if known else None
                    steps.append(("lay", t, c, wish, situation))
                top = c
                follow = SUIT[c] if wish is None else wish
                pending = pending + 2 if RANK[c] == sim.SEVEN else pending
        for seat, steps in self.steps.items():
            size = self.sizes[seat]
            for step in steps:
                if step[0] in ("draw", "add"):
                    size -= step[3] if step[0] == "draw" else step[2]
                elif step[0] == "lay":
                    size += 1
            self.start[seat] = max(0, size)

    def slots(self, seat: int, rng: random.Random) -> tuple[list[list], list[tuple]]:
        """The slots `seat` holds now, [mask, since, card] (the card filled in by `deal`), and
        the decisions to weigh, (time, card laid or None for a draw, wish, situation, slots
        laid: (since, time, card)): the log's steps replayed; a card laid empties one of the
        slots that may hold it, chosen in proportion to how likely each is to (the fewer cards
        a slot allows, the likelier)."""
        alive: list[list] = [[ALL, -1, None] for _ in range(self.start.get(seat, 0))]
        if seat not in self.start:
            alive = [[ALL, -1, None] for _ in range(self.sizes[seat])]
        decisions: list[tuple] = []
        laid: list[tuple[int, int, int]] = []
        for step in self.steps.get(seat, ()):
            kind, t = step[0], step[1]
            if kind == "draw":
                decisions.append((t, None, None, None))
                forbid = step[2]
                for slot in alive:
                    slot[0] &= ~forbid
                alive += [[ALL, t, None] for _ in range(step[3])]
            elif kind == "add":
                alive += [[ALL, t, None] for _ in range(step[2])]
            elif kind == "jack":
                # A jack laid while holding more than one other card: the others did not fit
                # (rules of thumb keep the jack; MM5).
                if len(alive) >= 3:
                    for slot in alive:
                        slot[0] &= ~step[2]
            elif alive:  # "lay"
                card, wish, situation = step[2], step[3], step[4]
                bit = 1 << card
                able = [i for i, slot in enumerate(alive) if slot[0] & bit]
                if not able:
                    i = rng.randrange(len(alive))  # the reading was wrong: any slot
                elif len(able) == 1:
                    i = able[0]
                else:
                    weights = [1.0 / alive[i][0].bit_count() for i in able]
                    i = rng.choices(able, weights)[0]
                laid.append((alive.pop(i)[1], t, card))
                if situation is not None:
                    decisions.append((t, card, wish, situation))
        size = self.sizes[seat]
        if len(alive) > size:  # a window the log does not cover whole: the freest go
            alive.sort(key=lambda slot: -slot[0].bit_count())
            alive = alive[len(alive) - size :]
        alive += [[ALL, -1, None] for _ in range(size - len(alive))]
        return alive, [(d, laid) for d in decisions]

    def deal(self, root: Sim, rng: random.Random) -> tuple[Sim, float]:
        """A world: `root` with the other hands and the stock dealt from the pool, every slot's
        mask honoured where the pool allows (the most constrained first); and its weight, the
        likelihood of the others' decisions with the hands it gives them."""
        pool = self.pool[:]
        rng.shuffle(pool)
        world = root.copy()
        stock = None
        if self.restock is not None:  # MM8: the stock holds only cards of the last reshuffle
            left = Counter(pool)
            candidates = [c for c in self.restock if left[c] > 0 and not left.subtract([c])]
            stock = rng.sample(candidates, min(self.stock_size, len(candidates)))
            for c in stock:
                pool.remove(c)
        wanted: list[tuple[list, int]] = []
        histories = []
        for seat in range(root.n):
            if seat != self.me and self.sizes[seat]:
                alive, decisions = self.slots(seat, rng)
                wanted += [(slot, seat) for slot in alive]
                histories.append((alive, decisions))
        free = [(slot, seat) for slot, seat in wanted if slot[0] == ALL]
        tight = sorted(
            ((slot, s) for slot, s in wanted if slot[0] != ALL), key=lambda x: x[0][0].bit_count()
        )
        for slot, seat in tight:
            mask = slot[0]
            for i in range(len(pool) - 1, -1, -1):
                if mask >> pool[i] & 1:
                    slot[2] = pool.pop(i)
                    world.hands[seat].append(slot[2])
                    break
            else:
                free.append((slot, seat))
        for slot, seat in free:
            slot[2] = pool.pop()
            world.hands[seat].append(slot[2])
        world.stock = pool if stock is None else stock + pool
        weight = 1.0
        if WEIGH:
            for alive, decisions in histories:
                for (t, card, wish, situation), laid in decisions:
                    hand = [slot[2] for slot in alive if slot[1] < t]
                    hand += [c for since, until, c in laid if since < t <= until]
                    weight *= likelihood(hand, card, wish, situation)
        return world, weight


def likelihood(hand: list[int], card: int | None, wish: int | None, situation) -> float:
    """How likely a player holding `hand` was to lay `card` (None: to draw) with `wish` in
    `situation` (top, suit to follow, pending 7s, next player close to going out, two in the
    game): the rules of thumb (sim.values) softened (a softmax at temperature TEMPER, mixed
    with a uniform choice in the proportion MIX), any player's taste being a little different."""
    if card is None:
        return 1.0  # the draws are read as hard constraints (Reading.slots)
    top, follow, pending, danger, two = situation
    fit = []
    for c in hand:
        if c not in fit and sim.fits(c, top, follow, pending):
            fit.append(c)
    if card not in fit:
        return MISFIT
    p = 1.0
    if len(fit) > 1:
        suits, worth = sim.values(hand, fit, danger, two)
        top_worth = max(worth)
        exps = [math.exp((w - top_worth) / TEMPER) for w in worth]
        p = (1 - MIX) * exps[fit.index(card)] / sum(exps) + MIX / len(fit)
    if wish is not None:
        rest = hand[:]
        rest.remove(card)
        suits = [0, 0, 0, 0]
        for c in rest:
            if RANK[c] != JACK:
                suits[SUIT[c]] += 1
        if any(suits):
            p *= WISH_LIKELY if suits[wish] == max(suits) else (1 - WISH_LIKELY) / 3
    return p


__all__ = ["DEFAULT_TIME_BUDGET", "FIXED_ITERATIONS", "candidates", "card_name", "choose"]
