"""The bots (GAMES.md point 2): legal moves from the view alone, repeatable without a clock, the
master finding what the rules reward (RG4) and steering clear of a draw; the tournament
command. The master's strength over whole games is measured by the tournament command (a game
takes up to 400 moves), not here."""

from __future__ import annotations

import random

import pytest

from games.core.checkerboard import INDEX
from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.bots import LEVELS
from games.raeuber_und_gendarm.bots.evaluation import (
    LAG,
    SEALED,
    SEALED_DISTANCE,
    crossing,
    exit_distances,
    work_left,
)
from games.raeuber_und_gendarm.state import board_from_dict

from .helpers import play, position


def board(black: str, white: str) -> str:
    return board_from_dict({sq: "b" for sq in black.split()} | {sq: "w" for sq in white.split()})


def test_levels_easiest_first():
    assert LEVELS == ("novice", "master") and GAME.bots.levels == LEVELS


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_plays_only_on_its_turn_and_legally(level):
    state = GAME.new(2, "", {})
    with pytest.raises(ValueError):
        GAME.bots.choose(level, GAME.view(state, 1), random.Random(1))
    action = GAME.bots.choose(level, GAME.view(state, 0), random.Random(1), 0.02)
    assert action in GAME.legal_actions(state, 0)


def test_without_a_clock_the_master_repeats_itself():
    state = play(GAME.new(2, "", {}), "c3-d4", "f6-e5")
    view = GAME.view(state, 0)
    first = [GAME.bots.choose("master", view, random.Random(s), 0.05) for s in range(2)]
    again = [GAME.bots.choose("master", view, random.Random(s), 0.05) for s in range(2)]
    assert first == again


def test_the_master_comes_home_when_it_can():
    """RG4: g5-h6 completes the home at once."""
    state = position("a7 b6 b8 c7 d6 d8 e7 f6 f8 g5 g7 h8", "a1 a3 b2 c1 c3 d2 e1 e3 e5 f2 g1 h2")
    view = GAME.view(state, 0)
    assert len(view["legal_moves"]) > 1
    assert GAME.bots.choose("master", view, random.Random(1), 0.05)["move"] == "g5-h6"


def test_the_master_blocks_when_it_can():
    """RG4: g3-h4 leaves White without a move (the public scenario 05)."""
    state = position("a1 a3 a5 b4 c1 c5 d4 e1 e5 f4 g5 g3", "a7 b6 b8 c7 d6 d8 e7 f6 f8 g7 h6 h8")
    assert GAME.bots.choose("master", GAME.view(state, 0), random.Random(1), 0.05)["move"] == (
        "g3-h4"
    )


def test_the_master_does_not_walk_into_a_third_repetition_when_ahead():
    """RG5: c3-b4 would bring a position back a third time (a draw); the master, with the
    better race, plays something else."""
    state = play(GAME.new(2, "", {}), "c3-b4", "h6-g5", "b4-c3", "g5-h6")
    state = play(state, "c3-b4", "h6-g5", "b4-c3", "g5-h6")
    assert state.repetitions == 3 and state.over  # the rules' draw, for reference
    state = play(GAME.new(2, "", {}), "c3-b4", "h6-g5", "b4-c3", "g5-h6", "c3-b4", "h6-g5")
    state = play(state, "b4-c3")
    view = GAME.view(state, 1)
    assert GAME.bots.choose("master", view, random.Random(1), 0.05)["move"] != "g5-h6"


def test_work_left_counts_rows_still_owed():
    assert work_left([7] * 4 + [6] * 4 + [5] * 4) == 0
    assert work_left([0] * 12) == 4 * 7 + 4 * 6 + 4 * 5
    assert work_left([7] * 12) == 0  # stones beyond what is owed cost nothing


def test_exit_distances_count_the_moves_off_the_starting_squares():
    """RG2, RG3: a stone still on its own starting squares needs so many moves to get off them
    (a jump over an enemy stone onto an empty square, steps onto empty squares; behind one of
    its own stones, that one has to go first), or has no way out at all (sealed in)."""
    a1, b8 = INDEX["a1"], INDEX["b8"]
    assert exit_distances(board("a1", "b2 c3"), 0)[a1] == SEALED_DISTANCE  # c3 is taken
    assert exit_distances(board("a1", "b2"), 0)[a1] == 2  # a1 over b2 to c3, then off rank 3
    assert exit_distances(board("a1 b2", ""), 0)[a1] == 4  # b2 first (2), then a1 after it
    assert exit_distances(board("a7 c7 b6", "b8"), 1)[b8] == 2  # b8 over c7 to d6, then off
    assert exit_distances(board("a7 c7 b6 d6", "b8"), 1)[b8] == SEALED_DISTANCE


def test_a_sealed_stone_costs_the_searching_side_whoever_owns_it():
    """RG4: a stone that cannot leave its starting squares keeps either home from completing,
    so the master counts it against itself, its own stone or the opponent's."""
    free, sealed = board("a1", "b2 h2"), board("a1", "b2 c3")
    assert crossing(sealed, 0) == crossing(free, 0) - SEALED + 2 * LAG
    white_free, white_sealed = board("a7 c7 b6", "b8 e3"), board("a7 c7 b6 d6", "b8 e3")
    assert crossing(white_sealed, 0) < crossing(white_free, 0) - SEALED / 2


def test_the_sparring_partner_plays_legal_moves():
    from games.raeuber_und_gendarm.bots import sparring

    state = GAME.new(2, "", {})
    for _ in range(6):
        view = GAME.view(state, state.to_move)
        move = sparring.choose(view, random.Random(2), 0.01)
        assert move in view["legal_moves"]
        state = GAME.apply(state, {"seat": state.to_move, "action": "move", "move": move})
