"""The Shark: determinized search (flat Monte Carlo over deals consistent with what it saw).

Each iteration deals the cards it cannot see afresh (`deal`): the other hands and the stock,
consistent with its view and with what the others' play tells (`Reading`): a player who drew
held no card that fitted then (MM7), nor did one who laid a jack while holding more cards (a
jack is kept for last, MM5/MM6). Every candidate move is then played on that same deal, and the
game to its end by everyone's rules of thumb in a fast copy of the rules (sim.py); the move with
the best mean result is played (ties: the rules of thumb's own move). Within `time_budget`
seconds of `clock`; without a clock a fixed number of iterations (repeatable).

Candidates: every distinct card that fits (a jack once per wish), and drawing; the Mau call is
always made (MM9). Results: 1 for going out first (MM11), with play_for_places the share of
places beaten, with points scoring less the penalty points left in hand (MM12).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..cards import SUITS
from . import sim
from .knowledge import unseen
from .sim import ALL, JACK, RANK, SUIT, Sim, card_int, card_name, fitting_mask

DEFAULT_TIME_BUDGET = 0.5  # seconds per move
FIXED_ITERATIONS = 60  # deals, without a clock
MIN_ITERATIONS = 4  # even on a slow clock
ROLLOUT_LIMIT = 400  # moves; a playout longer than this scores by the hands' sizes
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
    totals = [0.0] * len(moves)
    done = 0
    while True:
        world = reading.deal(root, rng)
        for i, (card, wish) in enumerate(plays):
            state = world.copy()
            if card is None:
                state.draw(me, rng)
            else:
                state.play(me, card, wish)
            totals[i] += sim.playout(state, me, rng, points, ROLLOUT_LIMIT)
        done += 1
        if clock is None:
            if done >= FIXED_ITERATIONS:
                break
        elif done >= MIN_ITERATIONS and clock() - started >= time_budget:
            break
    usual = rule_of_thumb(root, me, plays)
    best = max(range(len(moves)), key=lambda i: (totals[i], i == usual))
    return moves[best]


def rule_of_thumb(root: Sim, me: int, plays: list) -> int:
    """The index among `plays` of the rules of thumb's move (sim.choose): the tie-break."""
    fit = root.fitting(me)
    if not fit:
        return plays.index((None, None)) if (None, None) in plays else 0
    card, wish = sim.choose(root, me, fit)
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
    pile, MM14), the cards a reshuffle put in the stock (MM8), and per other seat its play since
    the log's window began, as steps over "slots" (one per card held): a draw forbids every
    card that fitted then to the slots held (MM7), and adds as many free slots as it took; a
    card laid empties a slot that may hold it."""

    def __init__(self, view: dict) -> None:
        self.me = view["seat"]
        self.sizes = view["hand_sizes"]
        self.pool = [card_int(c) for c in unseen(view)]
        self.stock_size = view["stock_size"]
        self.restock = [card_int(c) for c in view["restock"]] if view["restock"] else None
        self.steps: dict[int, list[tuple[str, int, int]]] = {}
        self.start: dict[int, int] = {}
        self._read_log(view)

    def _read_log(self, view: dict) -> None:
        top = follow = None  # the situation, once the log shows it
        pending = 0
        for event in view["log"]:
            seat, verb = event.get("seat"), event["action"]
            if verb == "deal":
                top, pending = card_int(event["card"]), 0
                follow = SUIT[top]
                pending = 2 if RANK[top] == sim.SEVEN else 0
                continue
            if seat is None or verb in ("reshuffle", "over"):
                continue
            mine = seat != self.me
            if verb == "draw":
                t = card_int(event["top"])
                f = SUITS.index(event["suit"])
                if mine:
                    forbid = _fitting(t, f, event["pending"])
                    self.steps.setdefault(seat, []).append(("forbid", forbid, 0))
                    self.steps[seat].append(("add", event["count"], 0))
                top, follow, pending = t, f, 0
            elif verb == "penalty":
                if mine:
                    self.steps.setdefault(seat, []).append(("add", event["count"], 0))
            elif verb in ("play", "interject"):
                c = card_int(event["card"])
                if mine:
                    steps = self.steps.setdefault(seat, [])
                    if (
                        READ_JACKS
                        and verb == "play"
                        and RANK[c] == JACK
                        and top is not None
                        and not pending
                    ):
                        steps.append(("jack", _fitting(top, follow, 0) & ~JACKS, c))
                    steps.append(("lay", c, 0))
                top = c
                follow = SUITS.index(event["wish"]) if RANK[c] == JACK else SUIT[c]
                pending = pending + 2 if RANK[c] == sim.SEVEN else pending
        for seat, steps in self.steps.items():
            size = self.sizes[seat]
            for kind, value, _ in steps:
                if kind == "add":
                    size -= value
                elif kind == "lay":
                    size += 1
            self.start[seat] = max(0, size)

    def slots(self, seat: int, rng: random.Random) -> list[int]:
        """The masks of the cards `seat` may hold now, one per card: the log's steps replayed;
        a card laid empties one of the slots that may hold it, chosen in proportion to how
        likely each is to (the fewer cards a slot allows, the likelier)."""
        slots = [ALL] * self.start.get(seat, self.sizes[seat])
        for kind, value, _card in self.steps.get(seat, ()):
            if kind == "forbid":
                slots = [m & ~value for m in slots]
            elif kind == "add":
                slots += [ALL] * value
            elif kind == "jack":
                # A jack laid while holding more than one other card: the others did not fit
                # (rules of thumb keep the jack; MM5). One slot is the jack itself.
                if len(slots) >= 3:
                    slots = [m & ~value for m in slots]
            elif slots:  # "lay"
                bit = 1 << value
                able = [i for i, m in enumerate(slots) if m & bit]
                if not able:
                    slots.pop(rng.randrange(len(slots)))  # the reading was wrong: any slot
                    continue
                if len(able) == 1:
                    slots.pop(able[0])
                    continue
                weights = [1.0 / slots[i].bit_count() for i in able]
                slots.pop(rng.choices(able, weights)[0])
        size = self.sizes[seat]
        if len(slots) > size:  # a window the log does not cover whole: the freest go
            slots.sort(key=lambda m: -m.bit_count())
            slots = slots[len(slots) - size :]
        return slots + [ALL] * (size - len(slots))

    def deal(self, root: Sim, rng: random.Random) -> Sim:
        """A world: `root` with the other hands and the stock dealt from the pool, every slot's
        mask honoured where the pool allows (the most constrained first)."""
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
        wanted: list[tuple[int, int]] = []
        for seat in range(root.n):
            if seat != self.me and self.sizes[seat]:
                for mask in self.slots(seat, rng):
                    wanted.append((mask, seat))
        free = [seat for mask, seat in wanted if mask == ALL]
        tight = sorted(((m, s) for m, s in wanted if m != ALL), key=lambda ms: ms[0].bit_count())
        for mask, seat in tight:
            for i in range(len(pool) - 1, -1, -1):
                if mask >> pool[i] & 1:
                    world.hands[seat].append(pool.pop(i))
                    break
            else:
                free.append(seat)
        for seat in free:
            world.hands[seat].append(pool.pop())
        world.stock = pool if stock is None else stock + pool
        return world


__all__ = ["DEFAULT_TIME_BUDGET", "FIXED_ITERATIONS", "candidates", "card_name", "choose"]
