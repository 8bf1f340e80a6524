"""The engine behind the protocol (games.core.protocol): refusals with their codes and rule
sections, the automatic pass (HD5), the view and the record's export."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, MalformedAction
from games.halma_dame import GAME
from games.halma_dame.conformance import run

from .helpers import legal, move, position

BLOCKED_WHITE = ("c3 g3 e3 c7 b8 d8 f8 h8", "h4 a1 c1 e1 g1 b2 d2 f2")


def test_protocol_declarations():
    assert GAME.slug == "halma_dame" and GAME.player_counts == (2,) and GAME.options == ()
    traits = GAME.traits
    assert traits.perfect_information and not traits.chance
    assert traits.max_actions == 105  # HD5: 104 moves at most, and a resignation
    assert GAME.teams(2, {}) is None
    with pytest.raises(ValueError):
        GAME.new(3, "", {})
    with pytest.raises(ValueError):
        GAME.new(2, "", {"move_limit": 10})


def test_the_start_is_the_same_for_every_seed():
    assert GAME.dump(GAME.new(2, "a", {})) == GAME.dump(GAME.new(2, "b", None))
    assert GAME.round_setup(GAME.new(2, "a", {}))["to_move"] == 0  # HD2: Black first


@pytest.mark.parametrize(
    ("action", "code", "rule"),
    [
        (move(1, "a7-b6"), "not_your_turn", "HD2"),
        (move(0, "c3-d4"), "not_own_stone", "HD3"),
        (move(0, "a7-b6"), "not_own_stone", "HD3"),
        (move(0, "b2-c3-d4"), "illegal_move", "HD3"),
        (move(0, "b2-d4"), "illegal_move", "HD3"),  # c3 is empty: nothing to jump
    ],
)
def test_refusals_have_stable_codes(action, code, rule):
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(GAME.new(2, "", {}), action)
    assert (refused.value.code, refused.value.rule) == (code, rule)


def test_moving_backwards_is_refused_as_not_forward():
    state = position("e5 d4 a7 c7 b8 d8 f8 h8", "a1 c1 e1 g1 b2 d2 f2 h4")
    for text in ("e5-c3", "e5-d4", "d4-c3"):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, move(0, text))
        assert refused.value.code in ("not_forward", "illegal_move")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, move(0, "d4-c3"))
    assert refused.value.code == "not_forward"


@pytest.mark.parametrize("action", [[], {"seat": 0}, {"seat": "0", "action": "resign"},
                                    move(0, "b2c3"), move(0, None), move(0, "b2")])  # fmt: skip
def test_malformed_actions(action):
    with pytest.raises(MalformedAction):
        GAME.apply(GAME.new(2, "", {}), action)


def test_game_over_refuses_everything():
    state = GAME.apply(GAME.new(2, "", {}), {"seat": 0, "action": "resign"})
    assert state.winners == (1,) and GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, {"seat": 1, "action": "resign"})
    assert refused.value.code == "game_over"


def test_a_blocked_seat_passes_and_the_view_says_so():
    """HD5: White cannot move, so Black moves again; the view shows the pass (HD6)."""
    state = position(*BLOCKED_WHITE)
    state = GAME.apply(state, move(0, "c3-d4"))
    assert state.to_move == 0 and state.passes == (0, 1)
    view = GAME.view(state, 1)
    assert view["to_move"] == 0 and view["passed"] == 1
    assert view["last_move"] == {"seat": 0, "move": "c3-d4", "path": ["c3", "d4"]}
    assert GAME.legal_actions(state, 1) == [{"seat": 1, "action": "resign"}]
    assert GAME.timeout_actions(state, 1, random.Random(1)) == []
    state = GAME.apply(state, move(0, "g3-f4"))  # h4 may now step to g3
    assert state.to_move == 1 and GAME.view(state, 0)["passed"] is None


def test_view_is_the_same_for_every_seat_but_its_own_number():
    state = GAME.apply(GAME.new(2, "", {}), move(0, "b2-c3"))
    views = [GAME.view(state, seat) for seat in (0, 1, None)]
    assert [v.pop("seat") for v in views] == [0, 1, None]
    assert views[0] == views[1] == views[2]
    assert views[0]["destinations"]["h8"] == {"f6": ["h8-f6"]}
    assert "a7" in views[0]["movable"] and "f8" in views[0]["movable"]


def test_chains_to_one_square_are_told_apart_in_destinations():
    state = position("c3 b4 d4 b6 a7 b8 d8 f8", "d6 a1 c1 e1 g1 b2 d2 f2")
    dests = GAME.view(state, 0)["destinations"]["c3"]
    assert dests["c7"] == ["c3-a5-c7", "c3-e5-c7"]


def test_exported_scenarios_replay_to_the_same_result():
    rng = random.Random(7)
    state = GAME.new(2, "7", {})
    actions = []
    while not state.over:
        action = move(state.to_move, rng.choice(legal(state)))
        actions.append(action)
        state = GAME.apply(state, action)
    record = {"players": 2, "options": {}, "seed": "7", "rounds": [
        {"number": 1, "void": False, "setup": GAME.round_setup(state), "actions": actions,
         "result": GAME.round_result(state)}]}  # fmt: skip
    (scenario,) = GAME.scenarios(record)
    assert scenario["expect"]["end_reason"] == state.end_reason
    assert scenario["expect"]["winners"] == list(state.winners)
    assert run(GAME, scenario)["board"] == scenario["expect"]["board"]
