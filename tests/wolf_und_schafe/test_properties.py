"""Property tests over whole random games, from the start and from random positions (WS2-WS4):
they end within traits.max_actions and keep the books (the protocol's properties from the start,
replay, storage, purity and timeouts: tests/platform/test_engines.py)."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.core.checkerboard import SQUARES
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.rules import (
    broken_through,
    lowest_rank,
    placements,
    rank,
    squares_of,
)

from .helpers import acting, random_game

seeds = st.integers(min_value=0, max_value=2**32)


@st.composite
def positions(draw):
    """Any position a scenario may set up: four sheep and a wolf above the lowest of them, or
    the wolf still to be placed on a free square of rank 8."""
    squares = draw(st.lists(st.integers(0, 31), min_size=5, max_size=5, unique=True))
    sheep = sum(1 << sq for sq in squares[:4])
    if draw(st.booleans()):
        assume(placements(sheep))
        return sheep, None, 0, draw(st.integers(0, 40))
    assume(not broken_through(sheep, squares[4]))
    return sheep, squares[4], draw(st.sampled_from([0, 1])), draw(st.integers(0, 40))


@settings(max_examples=150, deadline=None)
@given(seed=seeds, resign=st.sampled_from([0.0, 0.02]))
def test_random_games_from_the_start(seed, resign):
    check_the_books(*random_game(seed, resign_rate=resign))


@settings(max_examples=150, deadline=None)
@given(seed=seeds, case=positions())
def test_random_games_from_any_position(seed, case):
    start = GAME.position(*case)
    states, actions = random_game(seed, start=start)
    check_the_books(states, actions)


def check_the_books(states, actions) -> None:
    assert len(actions) <= GAME.traits.max_actions
    final = states[-1]
    status = GAME.status(final)
    assert status.over and status.to_act == () and sorted(status.scores) == [0, 1]
    assert final.end_reason in ("escaped", "blocked", "resigned")
    if final.end_reason == "escaped":  # WS4
        assert final.winners == (1,) and broken_through(final.sheep, final.wolf)
    if final.end_reason == "blocked":  # WS4: the seat to move had no move and lost
        assert final.winners == (1 - final.to_move,) and final.moves() == []
        assert not broken_through(final.sheep, final.wolf)
    rng = random.Random(len(actions))
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        assert GAME.apply(before, action) == after
        assert not before.over
        # While the game runs the wolf stays above the lowest sheep (WS4).
        if before.wolf is not None:
            assert rank(before.wolf) > lowest_rank(before.sheep)
        # Timeouts: one action of the seat to act, none for the other seat (WS5).
        seat = acting(before)
        assert len(GAME.timeout_actions(before, seat, rng)) == 1
        assert GAME.timeout_actions(before, 1 - seat, rng) == []
        assert after.sheep.bit_count() == 4  # nothing is captured (WS3)
        if action["action"] == "resign":
            assert (after.sheep, after.wolf, after.plies) == (
                before.sheep,
                before.wolf,
                before.plies,
            )
        elif action["action"] == "place":  # WS2: a placement, not a move
            assert before.wolf is None and SQUARES[after.wolf] in ("b8", "d8", "f8", "h8")
            assert after.plies == before.plies and after.sheep == before.sheep
        else:
            assert after.plies == before.plies + 1
            gained = sum(map(rank, squares_of(after.sheep))) - sum(
                map(rank, squares_of(before.sheep))
            )
            # WS3: a sheep move advances one sheep one rank; a wolf move leaves the flock alone.
            assert gained == (1 if before.to_move == 0 else 0)
            assert after.to_move == 1 - before.to_move
