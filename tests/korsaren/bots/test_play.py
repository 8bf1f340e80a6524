"""Every level plays whole matches, and every action it returns is legal (apply would raise)."""

from __future__ import annotations

import random
from time import perf_counter

import pytest

from games.korsaren import apply, new_match, seats_to_act, view
from games.korsaren.bots import LEVEL_NAMES, LEVELS, choose_action, legal_actions_from_view

from .helpers import TEST_BUDGET, play_match


def test_levels_and_their_names():
    assert LEVELS == ("deckhand", "boatswain", "captain")
    assert [LEVEL_NAMES[level] for level in LEVELS] == ["Deckhand", "Boatswain", "Captain"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_level_plays_whole_matches_legally(level, players):
    state, actions = play_match([level] * players, seed=f"{level}-{players}")
    assert state.match_over and state.winners
    kinds = {a["action"] for a in actions}
    assert {"draw", "discard", "sail", "attach"} <= kinds  # a match ends on a scored round


def test_mixed_tables_play_to_the_end():
    for players, seed in [(2, "mix-a"), (3, "mix-b"), (4, "mix-c")]:
        levels = [LEVELS[(i + players) % 3] for i in range(players)]
        state, _ = play_match(levels, seed)
        assert state.match_over


def test_every_action_is_among_the_legal_actions_of_the_view():
    state = new_match(3, "listed")
    levels = ["captain", "boatswain", "deckhand"]
    rng = random.Random(3)
    for _ in range(400):
        if state.match_over:
            break
        seat = seats_to_act(state)[0]
        seen = view(state, seat)
        action = choose_action(levels[seat], seen, rng, TEST_BUDGET, perf_counter)
        if action["action"] != "attach":  # attach lists are long; apply checks those
            assert action in legal_actions_from_view(seen)
        state = apply(state, action)


def test_a_seat_with_nothing_to_do_or_an_unknown_level_is_refused():
    state = new_match(2, "idle")
    idle = 1 - seats_to_act(state)[0]
    with pytest.raises(ValueError):
        choose_action("boatswain", view(state, idle))
    with pytest.raises(ValueError):
        choose_action("admiral", view(state, 1 - idle))


def test_forced_sail_after_the_last_stock_card():
    """R4: whoever draws the last stock card sets sail in that turn; every level copes."""
    for level in LEVELS:
        state = new_match(2, f"last-stock-{level}")
        while state.round.phase != "draw" or len(state.round.stock) > 1:
            seat = seats_to_act(state)[0]
            r = state.round
            if r.phase == "draw":
                action = {"seat": seat, "action": "draw", "from": "stock"}
            else:
                action = {"seat": seat, "action": "discard", "card": r.hands[seat][0]}
            state = apply(state, action)
        seat = seats_to_act(state)[0]
        state = apply(state, {"seat": seat, "action": "draw", "from": "stock"})
        seen = view(state, seat)
        assert seen["must_sail"]
        action = choose_action(level, seen, random.Random(1), TEST_BUDGET, perf_counter)
        assert action["action"] == "sail"
        apply(state, action)
