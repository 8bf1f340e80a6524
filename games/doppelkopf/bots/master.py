"""The Master: determinized search (perfect-information Monte Carlo) from its own view only.

Each sampled world deals the cards the seat has not seen to the other seats (hand sizes, the
voids it saw, the parties it knows: a known Kontra player holds no queen of clubs), gives the
unknown parties to seats consistently, and splits the points of the tricks it cannot remember
by the tricks each seat won. Every candidate card is then played and the deal played out by a
quick policy for all four seats; the card with the best mean deal score for its own seat wins.
With a clock the search samples worlds until its time budget is spent; without one it samples a
fixed number, so tests repeat. Reservations and calls are the Club player's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..announcements import call_level
from ..cards import pack, points
from ..scoring import EXTRA_CONTRACTS, reaches, under_items
from ..state import other
from ..trumps import card_class, legal_cards, strengths, winning_index
from . import club
from .knowledge import SOLO_LIKE, Knowledge, read

DEFAULT_TIME_BUDGET = 0.3  # seconds per decision (GAMES.md: p95 <= 1 s)
FIXED_WORLDS = 30  # without a clock
MAX_WORLDS = 200  # with a clock, within the time budget
MIN_WORLDS = 8

CALL_WORLDS = 24
CALL_GAIN = 0.5  # mean game points a call must add
CALL_SURE = 0.7  # share of worlds in which the seat's party then wins


def choose_card(
    view: dict,
    rng: random.Random,
    time_budget: float = DEFAULT_TIME_BUDGET,
    clock: Callable[[], float] | None = None,
) -> str:
    k = read(view)
    candidates = sorted(set(k.legal))
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    deadline = clock() + time_budget if clock else None
    limit = MAX_WORLDS if clock else FIXED_WORLDS
    for worlds in range(1, limit + 1):
        world = sample(k, view, rng)
        if world is None:
            continue
        for i, card in enumerate(candidates):
            totals[i] += playout(k, world, card, rng)
        if deadline is not None and worlds >= MIN_WORLDS and clock() >= deadline:
            break
    best = max(totals)
    tied = [c for c, t in zip(candidates, totals, strict=True) if t == best]
    if len(tied) > 1:
        preferred = club.choose_card(view, rng)
        return preferred if preferred in tied else tied[0]
    return tied[0]


class World:
    def __init__(self, hands, parties, points_by_seat, tricks_by_seat):
        self.hands = hands
        self.parties = parties
        self.points = points_by_seat
        self.tricks = tricks_by_seat


def sample(k: Knowledge, view: dict, rng: random.Random) -> World | None:
    others = [s for s in range(4) if s != k.seat]
    pool = list(k.unseen.elements())
    rng.shuffle(pool)
    need = {s: k.hand_sizes[s] for s in others}
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[k.seat] = k.hand[:]
    no_queens = {s for s in others if k.contract == "normal" and k.parties[s] == "kontra"}
    leftover = []
    for card in pool:
        fits = [
            s
            for s in others
            if need[s]
            and card_class(card, k.kind) not in k.voids[s]
            and not (card == "QC" and s in no_queens)
        ]
        if not fits:
            leftover.append(card)
            continue
        s = rng.choice(fits)
        hands[s].append(card)
        need[s] -= 1
    if any(need.values()):  # too constrained: give the rest anywhere
        for s in others:
            while need[s] and leftover:
                hands[s].append(leftover.pop())
                need[s] -= 1
        if any(need.values()):
            return None
    parties = _parties(k, hands, rng)
    # the points of tricks the seat cannot remember: shared out by tricks won
    tricks = list(view["tricks_won"])
    pts = [0.0] * 4
    last = view["last_trick"]
    forgotten = tricks[:]
    if last:
        pts[last["winner"]] += sum(points(c["card"]) for c in last["cards"])
        forgotten[last["winner"]] -= 1
    held = sum(points(c) for h in hands for c in h) + sum(points(c) for _, c in k.trick)
    past = 240 - held - (sum(points(c["card"]) for c in last["cards"]) if last else 0)
    n = sum(forgotten)
    if n:
        for s in range(4):
            pts[s] += past * forgotten[s] / n
    return World(hands, parties, pts, tricks)


def _parties(k: Knowledge, hands: list[list[str]], rng: random.Random) -> list[str]:
    parties = list(k.parties)
    if all(parties):
        return parties
    size = 1 if k.contract in SOLO_LIKE else 2
    unknown = [s for s in range(4) if parties[s] is None]
    for s in unknown:
        if k.contract == "normal" and "QC" in hands[s]:
            parties[s] = "re"
    unknown = [s for s in range(4) if parties[s] is None]
    rng.shuffle(unknown)
    while parties.count("re") < size and unknown:
        parties[unknown.pop()] = "re"
    return [p or "kontra" for p in parties]


def playout(k: Knowledge, world: World, card: str | None, rng: random.Random) -> float:
    """The seat's deal score after playing `card`, the rest played by the quick policy."""
    pts, tricks, extra = simulate(k, world, card)
    return deal_score(k, world.parties, pts, tricks, k.levels, extra)


def simulate(k: Knowledge, world: World, card: str | None) -> tuple[dict, dict, dict]:
    """Card points, tricks and extra points (DK13: Doppelkopf, fox, Karlchen, from here on)
    per party at the end of the deal, from the current trick on (`card`: the seat's own card
    first, if it is to play)."""
    kind = k.kind
    table = strengths(kind)
    hands = [h[:] for h in world.hands]
    trick = [c for _, c in k.trick]
    if card is not None:
        hands[k.seat].remove(card)
        trick.append(card)
    leader = k.leader
    pts = {"re": 0.0, "kontra": 0.0}
    tricks = {"re": 0, "kontra": 0}
    parties = world.parties
    for s in range(4):
        pts[parties[s]] += world.points[s]
        tricks[parties[s]] += world.tricks[s]
    solo = k.contract in SOLO_LIKE
    extras = k.contract in EXTRA_CONTRACTS
    extra = {"re": 0, "kontra": 0}
    while any(hands) or trick:
        if len(trick) == 4:
            best = winning_index(trick, kind)
            win = (leader + best) % 4
            party = parties[win]
            worth = sum(points(c) for c in trick)
            pts[party] += worth
            tricks[party] += 1
            if extras:
                extra[party] += worth >= 40
                extra[party] += sum(
                    c == "AD" and parties[(leader + i) % 4] != party for i, c in enumerate(trick)
                )
                extra[party] += trick[best] == "JC" and not any(hands)
            leader, trick = win, []
            continue
        seat = (leader + len(trick)) % 4
        pick = quick(hands, trick, leader, seat, parties, kind, table, solo)
        hands[seat].remove(pick)
        trick.append(pick)
    return pts, tricks, extra


def call(view: dict, rng: random.Random | None = None) -> str | None:
    """On its own turn, the next level of calls if the playouts say it gains on average (the
    other party's answer is not modelled); out of turn the Club player's rule."""
    calls = view["legal"]["calls"]
    if not calls:
        return None
    if rng is None or view["to_move"] != view["seat"] or view["party"] is None:
        return club.call(view)
    k = read(view)
    nxt = calls[0]
    raised = dict(k.levels)
    raised[k.party] = call_level(nxt)
    gain, wins, n = 0.0, 0, 0
    for _ in range(CALL_WORLDS):
        world = sample(k, view, rng)
        if world is None:
            continue
        pts, tricks, extra = simulate(k, world, None)
        before = deal_score(k, world.parties, pts, tricks, k.levels, extra)
        after = deal_score(k, world.parties, pts, tricks, raised, extra)
        gain += after - before
        wins += after > 0
        n += 1
    if n and gain / n > CALL_GAIN and wins / n >= CALL_SURE:
        return nxt
    return None


def quick(hands, trick, leader, seat, parties, kind, table, solo) -> str:
    """A fast full-information policy for the playouts (every hand is known in a world)."""
    hand = hands[seat]
    legal = legal_cards(hand, trick, kind)
    if len(legal) == 1:
        return legal[0]
    mine = parties[seat]
    if not trick:
        trump = [c for c in legal if table[c] >= 100]
        fehl = [c for c in legal if table[c] < 100]
        if solo and mine == "re" and trump:
            return max(trump, key=table.__getitem__)  # the soloist draws trumps
        aces = [c for c in fehl if c[:-1] == "A"]
        if aces:
            return aces[0]
        return _cheapest(fehl or legal, table)
    best = winning_index(trick, kind)
    winner = (leader + best) % 4
    top = table[trick[best]]
    led = card_class(trick[0], kind)
    later = [(leader + i) % 4 for i in range(len(trick) + 1, 4)]
    rivals = [s for s in later if parties[s] != mine]
    if parties[winner] == mine:
        if not any(_beats(hands[s], trick, kind, table, top) for s in rivals):
            return max(legal, key=lambda c: (points(c), -table[c]))  # schmieren, it is safe
        return _cheapest(legal, table)
    beats = sorted(
        (c for c in legal if card_class(c, kind) in ("T", led) and table[c] > top),
        key=table.__getitem__,
    )
    for card in beats:  # the cheapest card no rival behind can beat
        if not any(_beats(hands[s], trick, kind, table, table[card]) for s in rivals):
            return card
    return _cheapest(legal, table)


def _beats(hand, trick, kind, table, top) -> bool:
    led = card_class(trick[0], kind)
    return any(table[c] > top for c in legal_cards(hand, trick, kind) if card_class(c, kind) in (
        "T", led))  # fmt: skip


def _cheapest(cards, table) -> str:
    return min(cards, key=lambda c: (points(c), table[c]))


def deal_score(k: Knowledge, parties, pts: dict, tricks: dict, levels: dict, extra: dict) -> float:
    """The seat's score from DK11/DK12 and the extra points of DK13 from the playout on (and
    "against the club queens")."""
    winner = next((p for p in ("re", "kontra") if reaches(p, levels, pts, tricks)), None)
    value = 0.0
    if winner:
        loser = other(winner)
        v = 1 + len(under_items(pts[loser], tricks[loser], True))
        v += sum(2 + max(0, levels[p] - 1) for p in ("re", "kontra") if levels[p] >= 1)
        value = v if winner == "re" else -v
    else:
        value = len(under_items(pts["kontra"], 1, False)) - len(under_items(pts["re"], 1, False))
    value += extra["re"] - extra["kontra"] - (winner == "kontra" and k.contract in EXTRA_CONTRACTS)
    mine = parties[k.seat]
    if k.contract in SOLO_LIKE:
        return 3 * value if mine == "re" else -value
    return value if mine == "re" else -value


# --- Reservations by playouts ---------------------------------------------------------------------

RESERVE_WORLDS = 16
SOLO_MARGIN = 0.5  # game points a solo must be worth above the normal game


def reservation(view: dict, rng: random.Random) -> str:
    """The Club player's shortlist (healthy or wedding, and its two best solos) valued by
    playouts of fresh deals of the cards it has not seen; a solo needs a margin."""
    choices = view["legal"]["reservations"]
    hand, seat = view["hand"], view["seat"]
    solos = sorted(
        (r for r in choices if r not in ("healthy", "wedding")),
        key=lambda r: club.estimated_tricks(hand, r),
        reverse=True,
    )[:2]
    base = [r for r in ("healthy", "wedding") if r in choices][:1] if "healthy" in choices else []
    if hand.count("QC") == 2 and "wedding" in choices:
        base = ["wedding" if club.reservation(view) == "wedding" else "healthy"]
    values = {}
    for option in base + solos:
        values[option] = _reserve_value(view, hand, seat, option, rng)
    if base:
        values[base[0]] += SOLO_MARGIN
    return max(values, key=values.__getitem__)


def _reserve_value(view: dict, hand: list[str], seat: int, option: str, rng) -> float:
    nines = view["options"]["nines"]
    pool = list((Counter(pack(nines)) - Counter(hand)).elements())
    solo = option not in ("healthy", "wedding")
    kind = option if solo else "diamonds"
    compulsory = solo and view["match"]["compulsory_owed"][seat] and view["options"][
        "compulsory_solo"]  # fmt: skip
    leader = seat if compulsory or "healthy" not in view["legal"]["reservations"] else (
        view["vorhand"])  # fmt: skip
    total = 0.0
    for _ in range(RESERVE_WORLDS):
        rng.shuffle(pool)
        hands, i = [], 0
        for s in range(4):
            if s == seat:
                hands.append(hand[:])
            else:
                hands.append(pool[i : i + len(hand)])
                i += len(hand)
        silent = option == "healthy" and hand.count("QC") == 2
        if solo or silent:
            contract, parties = "solo", ["re" if s == seat else "kontra" for s in range(4)]
        elif option == "wedding":  # a partner found soon: one of the others at random
            partner = rng.choice([s for s in range(4) if s != seat])
            contract, parties = (
                "normal",
                ["re" if s in (seat, partner) else "kontra" for s in range(4)],
            )
        else:
            contract = "normal"
            parties = ["re" if "QC" in hands[s] else "kontra" for s in range(4)]
        k = Knowledge(
            seat=seat, hand=hand, kind=kind, contract=contract, party=parties[seat],
            parties=parties, trick=[], leader=leader, legal=[], hand_sizes=[len(hand)] * 4,
            unseen=Counter(), voids=[set() for _ in range(4)], levels={"re": 0, "kontra": 0},
            tricks_played=0, cards_per_hand=len(hand),
        )  # fmt: skip
        world = World(hands, parties, [0.0] * 4, [0] * 4)
        total += playout(k, world, None, rng)
    return total / RESERVE_WORLDS
