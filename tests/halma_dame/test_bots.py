"""The bots (GAMES.md point 2): legal moves from the view alone, repeatable without a clock, the
master finding what the rules reward (HD4, HD5) and beating the novice; the tournament command."""

from __future__ import annotations

import random

import pytest

from games.halma_dame import GAME
from games.halma_dame.bots import LEVELS
from games.halma_dame.bots.evaluation import EXIT, REACH, SHUT_IN, fillable, squatters

from .helpers import position


def play(levels: tuple[str, str], seed: int, budget: float | None = None):
    state = GAME.new(2, str(seed), {})
    rng = random.Random(seed)
    while not state.over:
        view = GAME.view(state, state.to_move)
        action = GAME.bots.choose(levels[state.to_move], view, rng, budget)
        assert action in GAME.legal_actions(state, state.to_move)
        state = GAME.apply(state, action)
    return state


def test_levels_easiest_first():
    assert LEVELS == ("novice", "master") and GAME.bots.levels == LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_plays_only_on_its_turn(level):
    state = GAME.new(2, "", {})
    with pytest.raises(ValueError):
        GAME.bots.choose(level, GAME.view(state, 1), random.Random(1))
    with pytest.raises(ValueError):
        GAME.bots.choose("grandmaster", GAME.view(state, 0), random.Random(1))


def test_without_a_clock_the_master_repeats_itself():
    state = GAME.new(2, "", {})
    view = GAME.view(state, 0)
    first = [GAME.bots.choose("master", view, random.Random(s), 0.05) for s in range(3)]
    again = [GAME.bots.choose("master", view, random.Random(s), 0.05) for s in range(3)]
    assert first == again


def test_the_master_comes_home_when_it_can():
    """HD4: f6-h8 (over g7) wins at once; g7-h8 does not."""
    state = position("a7 c7 e7 g7 b8 d8 f8 f6", "a1 c1 e1 g1 b2 d2 f2 d4")
    view = GAME.view(state, 0)
    assert len(view["legal_moves"]) > 1
    assert GAME.bots.choose("master", view, random.Random(1), 0.05)["move"] == "f6-h8"


def test_a_target_square_nobody_can_reach_counts_as_lost():
    """HD5: Black's d6 stone cannot reach g7 (outside its cone): seven squares at most."""
    black = "d6 a7 c7 e7 b8 d8 f8 h8"
    board = position(black, "a1 c1 e1 g1 b2 d2 f2 d4").board
    assert fillable([REACH[0][sq] for sq, cell in enumerate(board) if cell == "b"]) == 7
    board = position(black.replace("d6", "f6"), "a1 c1 e1 g1 b2 d2 f2 d4").board
    assert fillable([REACH[0][sq] for sq, cell in enumerate(board) if cell == "b"]) == 8


def test_a_squatter_shut_in_on_a_target_square_costs_and_its_ways_out_count():
    """HD4: White's stone on b8 (its start, Black's target) must leave before Black can fill
    b8. With d6 free it may jump c7 to d6 (HD3); with d6 taken it has no way out."""
    white = "a1 c1 e1 g1 b2 d2 f2 b8"
    board = position("a7 c7 e7 g7 d8 f8 h8 e5", white).board
    assert squatters(board, 0) == EXIT
    board = position("a7 c7 e7 g7 d8 f8 h8 d6", white).board
    assert squatters(board, 0) == -SHUT_IN


def test_the_sparring_partner_plays_legal_moves():
    from games.halma_dame.bots import sparring

    state = GAME.new(2, "", {})
    for _ in range(6):
        view = GAME.view(state, state.to_move)
        move = sparring.choose(view, random.Random(2), 0.01)
        assert move in view["legal_moves"]
        state = GAME.apply(state, {"seat": state.to_move, "action": "move", "move": move})
