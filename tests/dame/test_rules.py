"""Single rules of Dame and Schlagdame, each citing its section of DAME.md / SCHLAGDAME.md."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, MalformedAction
from games.dame import GAME
from games.schlagdame import GAME as SCHLAGDAME

from .helpers import legal, move, play, position

# --- DA2 start ---------------------------------------------------------------------------------


def test_da2_standard_start_white_to_move_with_seven_steps():
    state = GAME.new(2, "seed", {})
    view = GAME.view(state, None)
    assert view["pieces"] == [12, 12]
    assert sorted(sq for sq, p in view["board"].items() if p == "w") == sorted(
        ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"]
    )
    assert sorted(sq for sq, p in view["board"].items() if p == "b") == sorted(
        ["b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8"]
    )
    assert GAME.status(state).to_act == (0,)
    assert legal(state) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]


def test_da2_only_two_players_and_no_options():
    with pytest.raises(ValueError):
        GAME.new(3, "seed", {})
    with pytest.raises(ValueError):
        GAME.new(2, "seed", {"variant": "russian"})


# --- DA3 moves without capture ----------------------------------------------------------------


def test_da3_men_step_forward_only_each_side_its_own_way():
    assert legal(position({"d4": "w", "a7": "b"})) == ["d4-c5", "d4-e5"]
    black = position({"d4": "w", "g5": "b", "c7": "b"}, to_move=1)
    assert legal(black) == ["c7-b6", "c7-d6", "g5-f4", "g5-h4"]


def test_da3_a_king_flies_over_empty_squares_only():
    state = position({"c3": "W", "e5": "w", "a7": "b"})
    moves = [m for m in legal(state) if m.startswith("c3")]
    # NE stops before its own man on e5; the other three lines run to the edge.
    assert moves == ["c3-a1", "c3-a5", "c3-b2", "c3-b4", "c3-d2", "c3-d4", "c3-e1"]


def test_da3_blocked_men_have_no_step():
    state = position({"a1": "w", "b2": "b", "c3": "b"})
    assert legal(state) == []  # b2 backs onto c3: no capture, no step


# --- DA4 capturing ------------------------------------------------------------------------------


def test_da4_capture_is_compulsory():
    state = position({"c3": "w", "g3": "w", "d4": "b", "a7": "b"})
    assert legal(state) == ["c3-e5"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, move(0, "g3-h4"))
    assert (e.value.code, e.value.rule, e.value.params["most"]) == ("must_capture", "DA4", 1)


def test_da4_men_capture_backwards():
    state = position({"e5": "w", "d4": "b", "h8": "b"})
    assert legal(state) == ["e5-c3"]


def test_da4_majority_rule_across_pieces_and_free_choice_among_the_largest():
    pieces = {"b2": "w", "f2": "w", "c3": "b", "e3": "b", "e5": "b", "g3": "b"}
    state = position(pieces)
    assert legal(state) == ["b2-d4-f6", "f2-d4-f6"]  # f2-h4 takes only one
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, move(0, "f2-h4"))
    assert e.value.code == "majority_rule"
    assert e.value.params == {"move": "f2-h4", "most": 2, "captured": 1}


def test_da4_men_and_kings_count_the_same():
    # Taking the king alone (one piece) loses to taking two men.
    state = position({"a3": "w", "e3": "w", "b4": "B", "f4": "b", "f6": "b"})
    assert legal(state) == ["e3-g5-e7"]


def test_da4_a_capture_stopped_early_is_refused():
    state = position({"b2": "W", "d4": "b", "f4": "b", "a7": "b"})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, move(0, "b2-e5"))
    assert e.value.code == "majority_rule"
    assert legal(state) == ["b2-e5-g3", "b2-e5-h2"]


def test_da4_flying_king_lands_anywhere_beyond_after_its_last_capture():
    state = position({"a1": "W", "d4": "b", "b8": "b"})
    assert legal(state) == ["a1-e5", "a1-f6", "a1-g7", "a1-h8"]


def test_da4_king_changes_direction_and_must_land_where_it_can_go_on():
    # README's example: the black king takes e5 and e3, landing on d4 in between.
    state = play(position({"c3": "w", "e3": "w", "d4": "b", "h8": "B"}), "c3-e5")
    assert legal(state) == ["h8-d4-f2", "h8-d4-g1"]


def test_da4_no_jump_over_own_piece_or_two_pieces_in_a_row():
    assert legal(position({"c3": "w", "d4": "w", "a7": "b"})) == ["c3-b4", "d4-c5", "d4-e5"]
    assert legal(position({"c3": "w", "d4": "b", "e5": "b", "a7": "b"})) == ["c3-b4"]


def test_da4_a_piece_is_not_jumped_twice_and_the_start_square_is_empty():
    state = position({"c3": "w", "d4": "b", "d6": "b", "b6": "b", "b4": "b", "h8": "b"})
    assert legal(state) == ["c3-a5-c7-e5-c3", "c3-e5-c7-a5-c3"]
    after = play(state, "c3-e5-c7-a5-c3")
    assert GAME.view(after, None)["board"] == {"c3": "w", "h8": "b"}
    assert GAME.view(after, None)["last_move"]["captured"] == ["b4", "b6", "d4", "d6"]


def test_da4_captured_pieces_block_until_the_move_ends():
    # With c3 taken off at once, the king could come back over it for a third capture.
    state = position({"c3": "b", "d4": "W", "e5": "b", "e7": "b"})
    assert legal(state) == ["d4-f6-d8"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, move(0, "d4-a1-f6-d8"))


def test_da4_a_king_cannot_land_on_a_captured_piece():
    # Both men of the line are in the way: after the first, the second blocks the landing.
    state = position({"a1": "W", "c3": "b", "d4": "b", "h8": "b"})
    assert legal(state) == ["a1-b2"]


# --- DA5 promotion -------------------------------------------------------------------------------


def test_da5_a_man_ending_on_the_far_row_is_crowned_and_flies_next_turn():
    state = play(position({"b6": "w", "c7": "b", "g5": "b", "a3": "b"}), "b6-d8")
    assert GAME.view(state, None)["board"]["d8"] == "W"
    assert legal(state) == ["a3-b2", "g5-f4", "g5-h4"]  # the man did not fly on over g5
    assert legal(play(state, "a3-b2")) == ["d8-h4"]


def test_da5_a_man_passing_the_far_row_mid_capture_stays_a_man():
    state = play(position({"d6": "w", "e7": "b", "g7": "b", "a5": "b"}), "d6-f8-h6")
    assert GAME.view(state, None)["board"] == {"h6": "w", "a5": "b"}


def test_da5_black_is_crowned_on_rank_1():
    state = position({"d2": "b", "h6": "w"}, to_move=1)
    assert legal(state) == ["d2-c1", "d2-e1"]
    assert GAME.view(play(state, "d2-c1"), None)["board"] == {"c1": "B", "h6": "w"}


# --- DA6 draws -------------------------------------------------------------------------------


CYCLE = ("c1-d2", "h8-g7", "d2-c1", "g7-h8")


def test_da6_setup_is_the_first_occurrence_and_the_third_draws():
    state = position({"c1": "W", "h8": "B"})
    assert state.repetitions == 1
    state = play(state, *CYCLE)
    assert (state.repetitions, state.over) == (2, False)
    state = play(state, *CYCLE[:3])
    assert not state.over
    state = play(state, CYCLE[3])
    assert (state.result, state.end_reason, state.winners) == ("draw", "repetition", (0, 1))
    assert GAME.status(state).ranking == (1, 1)
    assert GAME.status(state).scores == (0.5, 0.5)


def test_da6_history_keeps_only_positions_that_can_recur():
    state = play(position({"c1": "W", "e3": "w", "h8": "B", "a7": "b"}), "c1-d2", "h8-g7")
    assert len(state.history) == 3
    state = play(state, "e3-f4")  # a man's move: nothing before can come back
    assert state.history == (state.key,)
    assert state.king_plies == 0


def test_da6_the_40th_king_move_draws():
    state = position({"c1": "W", "h8": "B"}, king_plies=38)
    state = play(state, "c1-d2")
    assert (state.king_plies, state.over) == (39, False)
    state = play(state, "h8-g7")
    assert (state.king_plies, state.end_reason, state.result) == (40, "king_moves", "draw")


def test_da6_a_capture_or_a_man_move_restarts_the_count():
    state = position({"c1": "W", "e3": "w", "h8": "B"}, king_plies=39)
    state = play(state, "e3-d4")
    assert state.king_plies == 0
    state = play(state, "h8-b2")  # the king's capture is not a quiet king move
    assert state.king_plies == 0 and not state.over


# --- DA7 end of the game ----------------------------------------------------------------------


def test_da7_no_move_loses_in_dame_and_wins_in_schlagdame():
    dame = play(position({"c1": "w", "g1": "w", "h2": "b"}), "c1-d2")
    assert (dame.end_reason, dame.winners) == ("no_move", (0,))
    misere = play(
        position({"c1": "w", "g1": "w", "h2": "b"}, game=SCHLAGDAME), "c1-d2", game=SCHLAGDAME
    )
    assert (misere.end_reason, misere.winners) == ("no_move", (1,))
    assert SCHLAGDAME.status(misere).ranking == (2, 1)
    assert SCHLAGDAME.status(misere).scores == (0, 1)


def test_da7_no_move_in_the_setup_ends_the_game_at_once():
    state = position({"g1": "W", "h2": "b"}, to_move=1)
    assert state.over and state.winners == (0,)
    assert GAME.status(state).to_act == ()
    assert position({"g1": "W", "h2": "b"}, to_move=1, game=SCHLAGDAME).winners == (1,)


def test_da7_no_move_is_checked_before_the_draw_rules():
    state = play(position({"c5": "W", "h2": "b"}, king_plies=39), "c5-g1")
    assert (state.king_plies, state.end_reason, state.winners) == (40, "no_move", (0,))
    # A third occurrence that is also the 40th king move is a repetition (second check).
    state = play(position({"c1": "W", "h8": "B"}, king_plies=32), *CYCLE, *CYCLE)
    assert (state.king_plies, state.end_reason) == (40, "repetition")


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
@pytest.mark.parametrize("seat", [0, 1])
def test_da7_sd1_either_seat_resigns_any_time_and_loses(game, seat):
    state = game.new(2, "seed", {})
    resigned = game.apply(state, {"seat": seat, "action": "resign"})
    assert resigned.over and resigned.end_reason == "resigned"
    assert resigned.winners == (1 - seat,)
    assert resigned.plies == 0  # resigning is not a move
    assert game.status(resigned).ranking == tuple(1 if s != seat else 2 for s in (0, 1))


def test_da7_nothing_is_played_after_the_end():
    state = GAME.apply(GAME.new(2, "s", {}), {"seat": 1, "action": "resign"})
    for action in (move(0, "c3-d4"), {"seat": 0, "action": "resign"}):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(state, action)
        assert e.value.code == "game_over"
    assert GAME.legal_actions(state, 0) == []


# --- Refusals: codes and malformed actions ------------------------------------------------------


def test_refusal_codes():
    start = GAME.new(2, "s", {})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(start, move(1, "f6-e5"))
    assert (e.value.code, e.value.params) == ("not_your_turn", {"seat": 1})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(start, move(0, "c3-b2"))
    assert (e.value.code, e.value.rule, e.value.params) == (
        "illegal_move",
        "DA3",
        {"move": "c3-b2"},
    )


@pytest.mark.parametrize(
    "action",
    [
        "resign",
        None,
        {"action": "resign"},
        {"seat": 2, "action": "resign"},
        {"seat": True, "action": "resign"},
        {"seat": "0", "action": "move", "move": "c3-d4"},
        {"seat": 0, "action": "pass"},
        {"seat": 0, "action": "move"},
        {"seat": 0, "action": "move", "move": "c3xd4"},
        {"seat": 0, "action": "move", "move": "c3-d3"},
        {"seat": 0, "action": "move", "move": ["c3", "d4"]},
    ],
)
def test_malformed_actions(action):
    with pytest.raises(MalformedAction):
        GAME.apply(GAME.new(2, "s", {}), action)


def test_legal_actions_list_moves_for_the_seat_to_move_and_resignation_for_both():
    start = GAME.new(2, "s", {})
    actions = GAME.legal_actions(start, 0)
    assert actions[0] == move(0, "a3-b4") and len(actions) == 8
    assert actions[-1] == {"seat": 0, "action": "resign"}
    assert GAME.legal_actions(start, 1) == [{"seat": 1, "action": "resign"}]
    for action in actions:
        GAME.apply(start, action)  # every listed action is accepted
