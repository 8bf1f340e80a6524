"""The corsair: a search over its own turn's action sequences (up to three actions, and the
captain's free crossing), on several deals of the cards it cannot see (views.determinize: the
other hands and the draw pile dealt afresh, so cards drawn mid-turn are concrete), each
sequence scored by a race evaluation: its pirates' progress and its cards against the best
other player's. A beam keeps the search small: at each depth only the best few positions are
expanded. The first action of the best sequence on average over the deals is played; after
it the corsair searches again (a draw shows it new cards).

With a clock it deals and searches worlds until half its time budget is spent; without one it
searches a fixed number of worlds, so its choice is repeatable.
"""

from __future__ import annotations

from collections import defaultdict
from random import Random

from ..board import BOAT, NEST, progress
from ..engine import legal_actions, step
from ..state import ACTIONS, DISCARD, OVER, State
from ..views import determinize
from .common import discard_for

DEFAULT_TIME_BUDGET = 0.4  # seconds a decision may take (p95 <= 1 s, GAMES.md point 2)
FIXED_WORLDS = 3  # without a clock
MAX_WORLDS = 24
BEAM = (10, 6, 4, 3)  # positions expanded at each depth (the free crossing adds one)
# A card in hand, in steps along the way, by the number of players: with more pirates on the
# board drawing is easy (CG6: more spaces hold one or two), so a card is worth less than the
# steps it could buy now. Tuned in corsair-vs-bosun games (see the report).
CARD = {2: 3.0, 3: 3.0, 4: 1.0, 5: 0.5}
CARD_CAP = 10  # cards beyond this add little: a privateer card would take them away (CG9)
# Boarding and reaching the nest each take a card however few spaces they are away (CG5): they
# count as a card's worth of progress, or a pirate on 13 would never spend a card to board.
BOARD_BONUS = 3.0
NEST_BONUS = 3.0
STUCK = 0.5  # a pirate aboard while the boat waits at the first island: stalled (CG5)
WIN = 10_000.0

_PROGRESS = [float(progress(p)) for p in range(NEST + 1)]
_PROGRESS[BOAT] += BOARD_BONUS
_PROGRESS[NEST] += BOARD_BONUS + NEST_BONUS
for _space in range(15, 36):
    _PROGRESS[_space] += BOARD_BONUS


def seat_value(state: State, seat: int) -> float:
    pirates = state.pirates[seat]
    value = sum(_PROGRESS[p] for p in pirates)
    if state.boat == 1:
        value -= STUCK * pirates.count(BOAT)
    cards = len(state.hands[seat])
    card = CARD[state.players]
    value += card * min(cards, CARD_CAP) + 0.3 * card * max(0, cards - CARD_CAP)
    return value


def evaluate(state: State, me: int) -> float:
    """The race from `me`'s side: its value less the best other player's (CG11: one winner)."""
    if state.phase == OVER:
        return WIN if state.winner == me else -WIN
    best_other = max(seat_value(state, s) for s in range(state.players) if s != me)
    return seat_value(state, me) - best_other


def settle(state: State) -> None:
    """A privateer's discards (CG9) resolved in the search, each seat by the common rule."""
    while state.phase == DISCARD:
        seat = next(s for s in range(state.players) if state.must_discard[s])
        view = {"seat": seat, "hand": state.hands[seat], "must_discard": state.must_discard}
        step(state, discard_for(view))


def _key(action: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in action.items()))


def search_world(state: State, me: int, scores: dict) -> None:
    """Best value of every sequence in this world, recorded per first action in `scores`."""
    best: dict[tuple, float] = {}
    frontier: list[tuple[State, tuple | None]] = [(state, None)]
    for width in BEAM:
        children = []
        for position, first in frontier:
            for action in legal_actions(position, me):
                k = first or _key(action)
                if action["action"] == "end" and position.actions_left < 3:
                    value = evaluate(position, me)  # stop here
                else:
                    child = position.copy()
                    step(child, action)
                    settle(child)
                    value = evaluate(child, me)
                    if child.phase == ACTIONS and child.turn == me:
                        children.append((value, len(children), child, k))
                if value > best.get(k, -float("inf")):
                    best[k] = value
        children.sort(reverse=True)
        frontier = [(c[2], c[3]) for c in children[:width]]
        if not frontier:
            break
    for k, value in best.items():
        scores[k].append(value)


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> dict:
    if view["phase"] == "discard":
        return discard_for(view)
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    me = view["seat"]
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    deadline = clock() + budget / 2 if clock else None
    scores: dict[tuple, list[float]] = defaultdict(list)
    worlds = 0
    while worlds < (MAX_WORLDS if clock else FIXED_WORLDS):
        search_world(determinize(view, rng), me, scores)
        worlds += 1
        if deadline is not None and clock() >= deadline:
            break
    return max(legal, key=lambda a: sum(scores[_key(a)]) / max(1, len(scores[_key(a)])))
