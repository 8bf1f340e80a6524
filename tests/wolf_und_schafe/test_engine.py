"""The engine behind the protocol: refusals with their codes and sections, what each seat may
do, status, view, timeouts and records (WS1-WS5)."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, MalformedAction, Status
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.conformance import run

from .helpers import legal, move, place, play, position

START = {"a1": "s", "c1": "s", "e1": "s", "g1": "s"}


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    return caught.value


def test_declared_shape():
    assert GAME.slug == "wolf_und_schafe" and GAME.player_counts == (2,)
    assert GAME.options == ()  # WS2: the side is the lobby's choice, not an option
    assert GAME.traits.perfect_information and not GAME.traits.chance
    assert GAME.traits.max_actions == 58  # placement + 4 x 7 sheep moves + as many wolf moves
    assert GAME.teams(2, {}) is None
    with pytest.raises(ValueError):
        GAME.new(3, "s", {})
    with pytest.raises(ValueError):
        GAME.new(2, "s", {"side": "wolf"})


def test_the_start_waits_for_the_wolf():
    """WS2: four sheep on rank 1, the wolf's player places it first, then the sheep move."""
    state = GAME.new(2, "seed", {})
    assert GAME.status(state) == Status(to_act=(1,), scores=(0, 0))
    assert legal(state) == ["b8", "d8", "f8", "h8"]
    assert GAME.legal_actions(state, 0) == [{"seat": 0, "action": "resign"}]
    assert GAME.legal_actions(state, 1)[:4] == [place(sq) for sq in ("b8", "d8", "f8", "h8")]
    state = play(state, "f8")
    assert GAME.status(state).to_act == (0,)
    assert GAME.view(state, 0)["board"] == {**START, "f8": "w"}


@pytest.mark.parametrize(
    ("steps", "action", "code", "rule"),
    [
        ([], move(0, "c1-d2"), "wolf_not_placed", "WS2"),
        ([], move(1, "d8-c7"), "wolf_not_placed", "WS2"),
        ([], place("d8") | {"seat": 0}, "not_your_turn", "WS2"),
        ([], place("a7"), "not_a_wolf_start", "WS2"),
        (["d8"], place("b8"), "wolf_already_placed", "WS2"),
        (["d8"], move(1, "d8-c7"), "not_your_turn", "WS2"),
        (["d8"], move(0, "b2-c3"), "not_your_piece", "WS3"),
        (["d8"], move(0, "d8-c7"), "not_your_piece", "WS3"),
        (["d8"], move(0, "c1-e3"), "not_a_step", "WS3"),
        (["d8"], move(0, "c1-d2-e3"), "not_a_step", "WS3"),
        (["d8", "c1-d2"], move(1, "d8-b6"), "not_a_step", "WS3"),
        (["d8", "c1-d2", "d8-c7"], move(0, "d2-c1"), "sheep_backwards", "WS3"),
        (["d8", "c1-d2", "d8-c7"], move(0, "e1-d2"), "square_taken", "WS3"),
        (["d8", "c1-d2", "d8-c7"], move(0, "d2-e1"), "sheep_backwards", "WS3"),  # taken, too
    ],
)
def test_refusals_have_stable_codes_and_sections(steps, action, code, rule):
    state = play(GAME.new(2, "s", {}), *steps)
    error = refusal(state, action)
    assert (error.code, error.rule) == (code, rule)
    assert str(error).startswith(rule + ":")


def test_a_placement_on_a_sheep_is_refused():
    state = position({"b8": "s", "c1": "s", "e1": "s", "g1": "s"})
    error = refusal(state, place("b8"))
    assert (error.code, error.rule, error.params) == ("square_taken", "WS2", {"square": "b8"})


def test_nothing_may_follow_the_end():
    state = play(GAME.new(2, "s", {}), "d8")
    over = GAME.apply(state, {"seat": 0, "action": "resign"})
    for action in (move(0, "c1-d2"), place("b8"), {"seat": 1, "action": "resign"}):
        assert refusal(over, action).code == "game_over"
    assert GAME.legal_actions(over, 0) == GAME.legal_actions(over, 1) == []


@pytest.mark.parametrize(
    "action",
    [
        "resign",
        None,
        {"seat": 2, "action": "resign"},
        {"seat": "0", "action": "resign"},
        {"seat": True, "action": "resign"},
        {"seat": 1, "action": "jump"},
        {"seat": 1, "action": "place", "square": "D8"},
        {"seat": 1, "action": "place", "square": "c8"},  # a light square
        {"seat": 1, "action": "place"},
    ],
)
def test_what_is_not_an_action_is_malformed(action):
    with pytest.raises(MalformedAction):
        GAME.apply(GAME.new(2, "s", {}), action)


def test_malformed_moves():
    state = play(GAME.new(2, "s", {}), "d8")
    for text in ("C1-D2", "c1d2", "c1", 12, None, "c1-i9"):
        with pytest.raises(MalformedAction):
            GAME.apply(state, move(0, text))


def test_resigning_is_open_to_both_seats_any_time():
    """WS4: also before the placement, also out of turn; the other seat wins 1-0."""
    for steps in ([], ["d8"], ["d8", "c1-d2"]):
        state = play(GAME.new(2, "s", {}), *steps)
        for seat in (0, 1):
            assert {"seat": seat, "action": "resign"} in GAME.legal_actions(state, seat)
            over = GAME.apply(state, {"seat": seat, "action": "resign"})
            status = GAME.status(over)
            assert status.over and status.to_act == ()
            assert over.winners == (1 - seat,) and status.scores[1 - seat] == 1
            assert status.ranking == tuple(1 if s != seat else 2 for s in (0, 1))
            assert over.plies == state.plies and over.sheep == state.sheep


def test_the_wolf_moves_in_four_directions_and_the_sheep_forward():
    """WS3: the wolf one square diagonally either way, the sheep diagonally forward only."""
    state = position({"a1": "s", "c1": "s", "e1": "s", "g1": "s", "d4": "w"}, to_move=1)
    assert legal(state) == ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]
    sheep = position({"a1": "s", "c1": "s", "e1": "s", "b4": "s", "d6": "w"}, to_move=0)
    assert legal(sheep) == ["a1-b2", "b4-a5", "b4-c5", "c1-b2", "c1-d2", "e1-d2", "e1-f2"]


def test_breakthrough_ends_the_game_at_once():
    """WS4 (Decided): level with the lowest sheep is through; one rank above is not."""
    board = {"a3": "s", "c3": "s", "e5": "s", "g5": "s", "h6": "w"}
    state = position(board, to_move=1)
    assert play(state, "h6-g7").over is False
    above = play(position({**board, "h6": "s", "e5": "w"}, to_move=1), "e5-d4")
    assert not above.over
    through = play(above, "c3-b4", "d4-c3")
    assert (through.end_reason, through.winners) == ("escaped", (1,))


def test_view_is_the_same_for_everyone_but_the_seat():
    """WS5: perfect information."""
    state = play(GAME.new(2, "s", {}), "d8", "c1-d2", "d8-e7")
    views = [GAME.view(state, seat) for seat in (None, 0, 1)]
    for view in views:
        view.pop("seat")
    assert views[0] == views[1] == views[2]
    view = GAME.view(state, 0)
    assert view["phase"] == "move" and view["to_move"] == 0 and view["plies"] == 2
    assert view["last_move"] == {"seat": 1, "action": "move", "move": "d8-e7"}
    assert view["destinations"]["d2"] == ["c3", "e3"] and "e1" in view["movable"]
    placed = GAME.view(play(GAME.new(2, "s", {}), "b8"), 1)
    assert placed["last_move"] == {"seat": 1, "action": "place", "square": "b8"}


@pytest.mark.parametrize("seed", range(5))
def test_timeout_plays_one_legal_action_of_the_seat_to_act(seed):
    """WS5: the easiest bot's choice: a random free start while placing, then a random move."""
    rng = random.Random(seed)
    state = GAME.new(2, "s", {})
    assert GAME.timeout_actions(state, 0, rng) == []
    [action] = GAME.timeout_actions(state, 1, rng)
    assert action["action"] == "place" and action["square"] in ("b8", "d8", "f8", "h8")
    state = GAME.apply(state, action)
    assert GAME.timeout_actions(state, 1, rng) == []
    [action] = GAME.timeout_actions(state, 0, rng)
    assert action["move"] in legal(state)


def test_round_setup_and_result_and_export():
    state = GAME.new(2, "s", {})
    assert GAME.round_setup(state) == {"board": START, "to_move": 0}
    actions = [place("h8"), move(0, "g1-h2"), {"seat": 1, "action": "resign"}]
    for action in actions:
        state = GAME.apply(state, action)
    assert GAME.round_result(state) == {
        "result": "win",
        "end_reason": "resigned",
        "winners": [0],
        "scores": [1, 0],
        "plies": 1,
    }
    record = {"players": 2, "options": {}, "seed": "s", "rounds": [{"actions": actions}]}
    [scenario] = GAME.scenarios(record)
    assert scenario["setup"] == {"board": START, "to_move": 0}
    got = run(GAME, scenario)
    assert all(got[key] == want for key, want in scenario["expect"].items())
    assert scenario["expect"]["winners"] == [0]


def test_a_setup_position_is_its_round_setup():
    board = {"b4": "s", "c5": "s", "e3": "s", "g1": "s", "a5": "w"}
    state = position(board, to_move=0, plies=7)
    assert GAME.round_setup(state) == {"board": board, "to_move": 0, "plies": 7}
    assert GAME.load(GAME.dump(state)) == state
