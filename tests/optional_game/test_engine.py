"""Snap's engine: what the platform's tests of optional moves rely on (SN1-SN4)."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction

from .snap import GAME, rank, seed_where


def turned(players: int = 3, wanted=lambda state: True):
    """Seat 0 has turned the first card."""
    state = GAME.new(players, seed_where(players, wanted))
    return GAME.apply(state, {"seat": 0, "action": "turn"})


def holds_first(*seats):
    return lambda s: all(any(rank(c) == rank(s.stock[0]) for c in s.hands[p]) for p in seats)


def test_a_turned_card_opens_snaps_to_the_seats_not_on_turn():
    state = turned(4)
    status = GAME.status(state)
    assert status.to_act == (1,)
    assert status.optional == (2, 3)  # whether they hold a pair or not: nothing given away


def test_a_seat_out_of_turn_may_snap_once_with_a_pair():
    state = turned(3, holds_first(2))
    card = next(a["card"] for a in GAME.legal_actions(state, 2) if a["action"] == "snap")
    after = GAME.apply(state, {"seat": 2, "action": "snap", "card": card})
    assert card not in after.hands[2] and after.scores[2] == 1
    assert GAME.status(after).optional == ()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(after, {"seat": 2, "action": "snap", "card": card})
    assert refused.value.code == "nothing_to_snap"


def test_the_turner_may_not_snap_its_own_card():
    state = turned(3, holds_first(0))
    card = next(c for c in state.hands[0] if rank(c) == rank(state.top))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, {"seat": 0, "action": "snap", "card": card})
    assert refused.value.code == "own_card"


def test_random_play_ends_within_the_declared_length_and_dumps_losslessly():
    for n in range(30):
        rng = random.Random(n)
        state = GAME.new(rng.choice(GAME.player_counts), f"r{n}")
        played = 0
        while not GAME.status(state).over:
            assert GAME.load(GAME.dump(state)) == state
            status = GAME.status(state)
            seat = rng.choice(status.to_act + status.optional)
            actions = GAME.legal_actions(state, seat) or GAME.legal_actions(state, status.to_act[0])
            state = GAME.apply(state, rng.choice(actions))
            played += 1
        assert played <= GAME.traits.max_actions
