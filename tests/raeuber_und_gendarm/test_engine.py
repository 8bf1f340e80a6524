"""The engine behind the protocol (games.core.protocol): the option, refusals with their codes
and rule sections, the order of RG4's checks, the view and the record's export."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, MalformedAction
from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.conformance import run

from .helpers import BLACK_START, WHITE_START, legal, move, play, position


def test_protocol_declarations():
    assert GAME.slug == "raeuber_und_gendarm" and GAME.player_counts == (2,)
    (option,) = GAME.options
    assert option.key == "move_limit" and option.default == 200  # RG5
    assert option.choices[0] == 1 and option.choices[-1] == 1000
    traits = GAME.traits
    assert traits.perfect_information and not traits.chance
    assert traits.max_actions == 2001  # RG5: 2 x 1000 moves, and a resignation
    assert GAME.teams(2, {}) is None


@pytest.mark.parametrize("options", [{"move_limit": 0}, {"move_limit": 1001},
                                     {"move_limit": "9"}, {"limit": 9}])  # fmt: skip
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        GAME.new(2, "", options)


def test_the_move_limit_option_is_kept():
    state = GAME.new(2, "x", {"move_limit": 2})
    state = play(state, "c3-d4", "f6-e5", "d4-c3")
    assert not state.over and GAME.view(state, 0)["moves_left"] == 1
    state = play(state, "e5-f6")
    assert (state.result, state.end_reason, state.winners) == ("draw", "move_limit", (0, 1))


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (move(1, "f6-e5"), "not_your_turn"),
        (move(0, "d4-e5"), "not_own_stone"),
        (move(0, "f6-e5"), "not_own_stone"),
        (move(0, "b2-d4"), "jump_over_own"),
        (move(0, "c3-e5"), "illegal_move"),
        (move(0, "c3-d4-c3"), "square_again"),
    ],
)
def test_refusals_have_stable_codes(action, code):
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(GAME.new(2, "", {}), action)
    assert refused.value.code == code
    assert refused.value.rule == ("RG2" if code == "not_your_turn" else "RG3")


@pytest.mark.parametrize("action", [[], {"seat": 0}, {"seat": 1.0, "action": "resign"},
                                    move(0, "c3d4"), move(0, 3), move(0, "c3")])  # fmt: skip
def test_malformed_actions(action):
    with pytest.raises(MalformedAction):
        GAME.apply(GAME.new(2, "", {}), action)


def test_game_over_refuses_everything():
    state = GAME.apply(GAME.new(2, "", {}), {"seat": 1, "action": "resign"})
    assert state.winners == (0,) and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, move(0, "c3-d4"))
    assert refused.value.code == "game_over"


def test_stones_step_backwards_and_nothing_is_captured():
    state = play(GAME.new(2, "", {}), "c3-d4", "f6-e5")
    assert "d4-c3" in legal(state) and "d4-f6" in legal(state)  # back, and over e5
    state = play(state, "d4-f6")
    assert state.board.count("w") == 12 and GAME.view(state, None)["board"]["e5"] == "w"


def test_a_move_that_wins_home_is_not_a_block_or_a_draw():
    """RG4: home is checked first, on the last move the limit allows too (RG5)."""
    state = position(
        "a7 b6 b8 c7 d6 d8 e7 f6 f8 g5 g7 h8",
        "a1 a3 b2 c1 c3 d2 e1 e3 e5 f2 g1 h2",
        plies=3,
        move_limit=2,
    )
    state = GAME.apply(state, move(0, "g5-h6"))
    assert (state.end_reason, state.winners) == ("home", (0,))


def test_view_shows_counts_for_the_table():
    state = play(GAME.new(2, "", {"move_limit": 50}), "a3-b4", "h6-g5", "b4-a3", "g5-h6")
    views = [GAME.view(state, seat) for seat in (0, 1, None)]
    assert [v.pop("seat") for v in views] == [0, 1, None]
    assert views[0] == views[1] == views[2]
    view = views[0]
    assert view["repetitions"] == 2 and view["moves_left"] == 96 and view["plies"] == 4
    assert view["last_move"] == {"seat": 1, "move": "g5-h6", "path": ["g5", "h6"]}
    assert view["at_home"] == [0, 0] and view["to_move"] == 0
    assert len(view["positions"]) == 5 and view["positions"][0] == view["positions"][-1]


def test_chains_to_one_square_are_told_apart_in_destinations():
    state = position(BLACK_START, "b4 d4 b6 d6 a7 e7 g7 b8 d8 f8 h8 h6")
    dests = GAME.view(state, 0)["destinations"]["c3"]
    assert dests["c7"] == ["c3-a5-c7", "c3-e5-c7"]
    assert "c3" not in dests  # RG3: never back to where it began


def test_exported_scenarios_replay_to_the_same_result():
    rng = random.Random(3)
    state = GAME.new(2, "3", {"move_limit": 30})
    actions = []
    while not state.over:
        action = move(state.to_move, rng.choice(legal(state)))
        actions.append(action)
        state = GAME.apply(state, action)
    record = {"players": 2, "options": {"move_limit": 30}, "seed": "3", "rounds": [
        {"number": 1, "void": False, "setup": GAME.round_setup(state), "actions": actions,
         "result": GAME.round_result(state)}]}  # fmt: skip
    (scenario,) = GAME.scenarios(record)
    assert scenario["options"] == {"move_limit": 30}
    assert scenario["expect"]["end_reason"] == state.end_reason
    assert run(GAME, scenario)["board"] == scenario["expect"]["board"]


def test_the_start_is_standard():
    state = GAME.new(2, "", {})
    assert GAME.round_setup(state) == {
        "board": {sq: "b" for sq in BLACK_START.split()} | {sq: "w" for sq in WHITE_START.split()},
        "to_move": 0,
    }
