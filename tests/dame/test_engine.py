"""The protocol side of the engine: status, view, storage, records, timeouts (DA8)."""

from __future__ import annotations

import json
import random

import pytest

from games.core import Status
from games.dame import GAME
from games.dame.conformance import run
from games.schlagdame import GAME as SCHLAGDAME

from .helpers import legal, move, play, position, random_game


def test_two_lobby_entries_one_engine():
    assert (GAME.slug, SCHLAGDAME.slug) == ("dame", "schlagdame")
    assert type(GAME) is type(SCHLAGDAME)
    assert (GAME.misere, SCHLAGDAME.misere) == (False, True)
    assert GAME.player_counts == (2,) and GAME.options == ()
    assert GAME.teams(2, {}) is None
    assert GAME.bots.levels == ("man", "king", "grandmaster")


def test_status_while_running_and_at_the_end():
    state = GAME.new(2, "s", {})
    assert GAME.status(state) == Status(to_act=(0,), scores=(0, 0))
    state = play(state, "c3-d4")
    assert GAME.status(state).to_act == (1,) and GAME.status(state).round == 1
    over = GAME.apply(state, {"seat": 1, "action": "resign"})
    status = GAME.status(over)
    assert (status.over, status.to_act, status.ranking, status.scores) == (
        True,
        (),
        (1, 2),
        (1, 0),
    )


def test_view_groups_moves_by_piece_then_destination_with_every_route():
    state = position({"c3": "w", "d4": "b", "d6": "b", "b6": "b", "b4": "b", "h8": "b"})
    view = GAME.view(state, 0)
    assert view["movable"] == ["c3"]
    # Two routes end on the same square: the UI must ask for the landing squares.
    assert view["destinations"] == {"c3": {"c3": ["c3-a5-c7-e5-c3", "c3-e5-c7-a5-c3"]}}
    assert view["captures"]["c3-e5-c7-a5-c3"] == ["b4", "b6", "d4", "d6"]
    assert view["capture_size"] == 4
    start = GAME.view(GAME.new(2, "s", {}), 1)
    assert start["destinations"]["c3"] == {"b4": ["c3-b4"], "d4": ["c3-d4"]}
    assert start["capture_size"] == 0 and start["last_move"] is None


def test_view_shows_the_last_move_and_the_counts():
    state = play(position({"c3": "w", "e3": "w", "d4": "b", "h8": "B"}), "c3-e5")
    view = GAME.view(state, None)
    assert view["last_move"] == {
        "seat": 0,
        "move": "c3-e5",
        "record": "c3xe5",
        "path": ["c3", "e5"],
        "captured": ["d4"],
    }
    assert (view["to_move"], view["plies"], view["king_plies"], view["repetitions"]) == (1, 1, 0, 1)
    assert view["legal_moves"] == ["h8-d4-f2", "h8-d4-g1"]
    assert view["pieces"] == [2, 1]
    assert (view["over"], view["result"], view["winners"], view["scores"]) == (
        False,
        None,
        [],
        [0, 0],
    )


def test_the_view_of_a_finished_game_offers_no_move():
    state = GAME.apply(GAME.new(2, "s", {}), {"seat": 0, "action": "resign"})
    view = GAME.view(state, 0)
    assert view["to_move"] is None and view["legal_moves"] == [] and view["movable"] == []
    assert (view["result"], view["end_reason"], view["winners"]) == ("win", "resigned", [1])


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
def test_dump_is_json_and_load_gives_the_same_game(game):
    states, _ = random_game(game, seed=3)
    for state in states[::5] + [states[-1]]:
        data = json.loads(json.dumps(game.dump(state)))
        loaded = game.load(data)
        assert loaded == state
        assert game.view(loaded, 0) == game.view(state, 0)
        assert game.dump(loaded) == game.dump(state)


def test_dump_is_compact():
    states, _ = random_game(GAME, seed=4)
    sizes = [len(json.dumps(GAME.dump(s))) for s in states]
    assert max(sizes) < 2000  # at most 40 positions of 33 characters kept for repetitions


def test_load_refuses_a_broken_board():
    data = GAME.dump(GAME.new(2, "s", {}))
    with pytest.raises(ValueError):
        GAME.load({**data, "board": "x" * 32})


def test_round_setup_and_result():
    state = GAME.new(2, "s", {})
    setup = GAME.round_setup(state)
    assert setup["to_move"] == 0 and len(setup["board"]) == 24
    assert GAME.dump(state)["start"] is None  # the standard start is not stored
    custom = position({"c3": "w", "d4": "b"}, king_plies=3)
    assert GAME.round_setup(custom) == {
        "board": {"c3": "w", "d4": "b"},
        "to_move": 0,
        "plies": 0,
        "king_plies": 3,
    }
    over = play(custom, "c3-e5")
    assert GAME.round_result(over) == {
        "result": "win",
        "end_reason": "no_move",
        "winners": [0],
        "scores": [1, 0],
        "plies": 1,
    }


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
def test_a_record_exports_as_a_scenario_that_replays_to_its_end(game):
    states, actions = random_game(game, seed=5)
    final = states[-1]
    record = {
        "players": 2,
        "options": {},
        "seed": "5",
        "rounds": [
            {
                "number": 1,
                "void": False,
                "setup": game.round_setup(states[0]),
                "result": game.round_result(final),
                "actions": actions,
            }
        ],
    }
    (scenario,) = game.scenarios(record)
    assert scenario["game"] == game.slug and scenario["setup"] == game.round_setup(states[0])
    expect = scenario["expect"]
    assert expect["winners"] == list(final.winners) and expect["plies"] == final.plies
    assert expect["end_reason"] == final.end_reason and expect["over"] is True
    replayed = run(game, json.loads(json.dumps(scenario)))
    assert {k: replayed[k] for k in expect} == expect


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
def test_timeout_plays_a_random_legal_move_for_the_seat_to_move_only(game):
    state = game.new(2, "s", {})
    rng = random.Random(1)
    chosen = {game.timeout_actions(state, 0, rng)[0]["move"] for _ in range(40)}
    assert chosen == set(legal(state, game))  # random: every move turns up
    assert game.timeout_actions(state, 1, rng) == []
    (action,) = game.timeout_actions(play(state, "c3-d4"), 1, rng)
    game.apply(play(state, "c3-d4"), action)


def test_apply_returns_new_states_and_leaves_the_old_one_alone():
    start = GAME.new(2, "s", {})
    before = GAME.dump(start)
    after = GAME.apply(start, move(0, "c3-d4"))
    assert GAME.dump(start) == before and after is not start
    assert legal(start)[0] == "a3-b4"
