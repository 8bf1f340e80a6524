"""A bot's only input is its seat's view (R10): no peeking at other hands or the stock.

Structurally, choose_action receives nothing but a view dict. These tests also check it: two
states that differ only in cards the seat cannot see (the other hands' hidden cards and the
stock, shuffled among themselves) give the same view and so the same action."""

from __future__ import annotations

import copy
import random
from time import perf_counter

import pytest

from games.korsaren import MatchState, apply, new_match, seats_to_act, view
from games.korsaren.bots import LEVELS, captain, choose_action

from .helpers import TEST_BUDGET


def visible_to_others(state: MatchState) -> list[set[str]]:
    """Per seat, the cards in its hand that the others saw it take (face up, this round)."""
    seen: list[set[str]] = [set() for _ in range(state.players)]
    for entry in state.round.log:
        if entry["action"] == "draw" and entry["from"] != "stock":
            seen[entry["seat"]].add(entry["card"])
        elif entry["action"] in ("discard", "sail"):
            seen[entry["seat"]].discard(entry["card"])
    return seen


def twin(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The same state with the cards `seat` cannot see shuffled among their hidden places."""
    other = state.copy()
    r = other.round
    public = visible_to_others(state)
    places = [(s, i) for s in range(state.players) if s != seat for i in range(len(r.hands[s]))]
    places = [(s, i) for s, i in places if r.hands[s][i] not in public[s]]
    hidden = [r.hands[s][i] for s, i in places] + r.stock
    rng.shuffle(hidden)
    for s, i in places:
        r.hands[s][i] = hidden.pop()
    r.stock = hidden
    return other


def decision_points(players: int, seed: str, every: int = 5):
    """States along a Boatswain match where some seat must draw, discard or attach."""
    state = new_match(players, seed)
    rng = random.Random(seed)
    count = 0
    while not state.match_over and count < 400:
        seat = seats_to_act(state)[0]
        if state.round.phase in ("draw", "discard", "attach") and count % every == 0:
            yield state, seat
        state = apply(state, choose_action("boatswain", view(state, seat), rng))
        count += 1


def decide(level: str, seen: dict, seed: int) -> dict:
    rng = random.Random(seed)
    if level == "captain":  # a fixed number of determinizations: independent of timing
        return captain.choose(seen, rng, budget=10.0, iterations=6)
    return choose_action(level, seen, rng, TEST_BUDGET, perf_counter)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_action(level):
    rng = random.Random(11)
    checked = 0
    for players in (2, 3, 4):
        for state, seat in decision_points(players, f"twins-{players}", every=7):
            other = twin(state, seat, rng)
            assert view(other, seat) == view(state, seat)
            assert other.round.hands != state.round.hands or other.round.stock != state.round.stock
            assert decide(level, view(other, seat), 5) == decide(level, view(state, seat), 5)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_does_not_change_the_view_it_is_given(level):
    for state, seat in decision_points(3, "untouched", every=11):
        seen = view(state, seat)
        before = copy.deepcopy(seen)
        decide(level, seen, 1)
        assert seen == before
