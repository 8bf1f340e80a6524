"""MM14: what each seat sees, and resample(): states a seat cannot tell apart."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from games.maumau import GAME
from games.maumau.state import PLAY

from .helpers import mid_game, play_random_match

CASES = [
    (2, {}),
    (4, {"interject": True}),
    (7, {"play_for_places": True, "target_wins": 1}),
    (3, {"deck": "52"}),
]


def states_of(players, options, seed="view"):
    _, _, states = play_random_match(GAME.new(players, seed, options), random.Random(players))
    return states[:: max(1, len(states) // 40)]


def tokens(view: dict) -> set[str]:
    return set(re.findall(r"\b(?:10|[2-9JQKA])[CDHS]\b", json.dumps(view)))


@pytest.mark.parametrize("players, options", CASES)
def test_a_view_holds_no_card_of_another_hand_or_the_stock(players, options):
    """Before any reshuffle of the game each card is unique (single pack) and was never face
    up: so none of the other hands' or the stock's cards may appear in the view at all."""
    checked = 0
    for state in states_of(players, options):
        if options.get("interject") or state.reshuffles or state.phase != PLAY:
            continue
        for seat in range(players):
            seen = GAME.view(state, seat)
            assert seen["hand"] == sorted(seen["hand"], key=_order) and Counter(
                seen["hand"]
            ) == Counter(state.hands[seat])
            hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
            assert not tokens(seen) & (hidden | set(state.stock))
            checked += 1
        assert not tokens(GAME.view(state, None)) & (
            {c for h in state.hands for c in h} | set(state.stock)
        )
    assert checked or options.get("interject")


def _order(card):
    from games.maumau.cards import DECK_52

    return DECK_52.index(card)


@pytest.mark.parametrize("players, options", CASES)
def test_resample_keeps_the_view_and_the_cards(players, options):
    rng = random.Random(9)
    for state in states_of(players, options, "resample"):
        for seat in [*range(players), None]:
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert Counter(c for h in other.hands for c in h) + Counter(other.stock) == Counter(
                c for h in state.hands for c in h
            ) + Counter(state.stock)
            assert GAME.dump(GAME.load(GAME.dump(other))) == GAME.dump(other)
            if state.phase == PLAY and state.seed is not None:
                assert other.seed != state.seed  # future reshuffles are secret too (MM8)


def test_resample_deals_the_hidden_cards_afresh_and_play_goes_on():
    state = GAME.new(4, "afresh", {})
    rng = random.Random(1)
    others = [GAME.resample(state, 0, rng) for _ in range(20)]
    assert len({json.dumps(o.hands[1:]) for o in others}) > 10
    assert all(sorted(o.hands[0]) == sorted(state.hands[0]) for o in others)
    for other in others[:5]:  # a resampled state is a state like any other
        final, _, _ = play_random_match(other, random.Random(2), limit=100_000)
        assert GAME.status(final).over


def test_after_a_reshuffle_the_stock_holds_only_cards_of_it():
    """MM8/MM14: the cards that went into the new stock were the pile, face up: the stock a
    seat imagines is made of them."""
    state = mid_game(
        [["8C", "QS"], ["9D", "KD", "AH"], ["10H", "AS"]],
        ["10C", "AC", "7C", "KC", "QC"],
        0,
        stock=["JH"],
    )
    state = GAME.apply(state, {"seat": 0, "action": "draw"})
    state = GAME.apply(state, {"seat": 1, "action": "draw"})  # reshuffles 10C AC 7C KC
    assert state.reshuffles == 1 and len(state.stock) == 3
    rng = random.Random(4)
    for _ in range(30):
        other = GAME.resample(state, 2, rng)
        assert set(other.stock) <= {"10C", "AC", "7C", "KC"}
        assert GAME.view(other, 2) == GAME.view(state, 2)


def test_the_view_says_what_the_table_shows():
    state = mid_game(
        [["JC", "8D"], ["QH", "KD", "9D"], ["KH", "10S"]],
        ["10D", "7D"],
        1,
        stock=["AS", "AH", "AC"],
        pending_draw=2,
    )
    seen = GAME.view(state, 1)
    assert seen["hand"] == ["9D", "KD", "QH"]
    assert seen["hand_sizes"] == [2, 3, 2] and seen["stock_size"] == 3
    assert seen["top"] == "7D" and seen["suit"] == "D" and seen["pending_draw"] == 2
    assert seen["discard"] == ["10D", "7D"] and seen["direction"] == 1 and seen["to_move"] == 1
    assert seen["legal"] == [{"seat": 1, "action": "draw"}]  # no 7 to answer with
    after = GAME.apply(state, {"seat": 1, "action": "draw"})
    assert GAME.view(after, 0)["log"][-1] == {
        "seat": 1,
        "action": "draw",
        "top": "7D",
        "suit": "D",
        "pending": 2,
        "count": 2,
    }
    assert "AS" not in json.dumps(GAME.view(after, 0))
