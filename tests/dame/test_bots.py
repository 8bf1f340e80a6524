"""The bots of both games: legal moves from the view alone, each game's own goal, the strong
level's search (forced wins, time budget) and repeatability."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.dame import GAME
from games.dame.bots import BOTS, LEVELS
from games.dame.bots.evaluation import EVALUATIONS, SIMPLE_EVALUATIONS
from games.dame.bots.openings import LINES
from games.dame.rules import EMPTY
from games.schlagdame import GAME as SCHLAGDAME

from .helpers import legal, play, position, random_game

FAST = 0.02  # seconds of budget: without a clock, a few hundred nodes


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_from_its_own_view(game, level):
    states, _ = random_game(game, seed=11)
    rng = random.Random(2)
    for state in states[:-1:3]:
        view = game.view(state, state.to_move)
        untouched = copy.deepcopy(view)
        action = BOTS.choose(level, view, rng, FAST)
        assert view == untouched  # the bot does not scribble on its view
        assert action["seat"] == state.to_move and action["action"] == "move"
        assert action["move"] in legal(state, game)
        game.apply(state, action)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_need_nothing_but_the_view_as_json(level):
    state = play(GAME.new(2, "s", {}), "c3-d4", "f6-g5", "g3-h4", "g7-f6")
    view = GAME.view(state, 0)
    plain = json.loads(json.dumps(view))
    first = BOTS.choose(level, view, random.Random(7), FAST)
    assert BOTS.choose(level, plain, random.Random(7), FAST) == first


def test_bots_refuse_when_it_is_not_their_turn_or_an_unknown_level():
    state = GAME.new(2, "s", {})
    with pytest.raises(ValueError):
        BOTS.choose("man", GAME.view(state, 1), random.Random(1))
    with pytest.raises(ValueError):
        BOTS.choose("world-champion", GAME.view(state, 0), random.Random(1))
    over = GAME.apply(state, {"seat": 0, "action": "resign"})
    with pytest.raises(ValueError):
        BOTS.choose("grandmaster", GAME.view(over, 0), random.Random(1))


def test_the_man_plays_at_random():
    view = GAME.view(GAME.new(2, "s", {}), 0)
    rng = random.Random(3)
    assert {BOTS.choose("man", view, rng)["move"] for _ in range(60)} == set(view["legal_moves"])


def test_the_king_does_not_give_a_man_away_for_nothing():
    # c3-d4 is taken by e5 at once; the king looks at the reply and keeps its man.
    state = position({"c3": "w", "g1": "w", "e5": "b", "h8": "b"})
    assert "c3-d4" in legal(state)
    moves = {BOTS.choose("king", GAME.view(state, 0), random.Random(s))["move"] for s in range(20)}
    assert "c3-d4" not in moves


def grandmaster(game, state, seed=1, budget=0.5):
    return BOTS.choose("grandmaster", game.view(state, state.to_move), random.Random(seed), budget)


def test_grandmaster_blocks_the_last_man_to_win_at_once():
    # DA7: only c5-g1 leaves h2 without a move; any other move lets it crown on g1.
    state = position({"c5": "W", "h2": "b"})
    assert len(legal(state)) > 5
    assert grandmaster(GAME, state)["move"] == "c5-g1"


def test_grandmaster_sees_a_shot_two_for_one():
    # c3-d4 gives a man: e5 must take it (DA4) and lands on c3, then b2 takes c3 and c5.
    state = position({"a1": "w", "b2": "w", "c3": "w", "e3": "w", "e5": "b", "c5": "b", "g7": "b"})
    assert grandmaster(GAME, state)["move"] == "c3-d4"
    after = play(state, "c3-d4", "e5-c3")
    assert legal(after) == ["b2-d4-b6"]


def test_grandmaster_plays_to_lose_its_pieces_in_schlagdame():
    # SD1: c3-d4 forces e5 to take White's last man, and White, left without a move, wins.
    state = position({"c3": "w", "e5": "b", "h8": "b"}, game=SCHLAGDAME)
    assert grandmaster(SCHLAGDAME, state)["move"] == "c3-d4"
    # In Dame the same move throws the game away.
    assert grandmaster(GAME, position({"c3": "w", "e5": "b", "h8": "b"}))["move"] == "c3-b4"


def test_grandmaster_without_a_clock_is_repeatable():
    state = play(GAME.new(2, "s", {}), "c3-d4", "f6-g5")
    assert len({grandmaster(GAME, state, seed=4, budget=0.1)["move"] for _ in range(3)}) == 1


def test_grandmaster_keeps_to_its_time_budget():
    now = [0.0]

    def clock() -> float:  # every look at the clock costs a millisecond
        now[0] += 0.001
        return now[0]

    view = GAME.view(play(GAME.new(2, "s", {}), "c3-d4", "f6-g5"), 0)  # out of the ballot
    action = BOTS.choose("grandmaster", view, random.Random(1), 0.05, clock)
    assert action["move"] in view["legal_moves"]
    assert 0.01 < now[0] <= 0.05 + 0.002


def test_schlagdame_has_its_own_evaluation():
    board = [EMPTY] * 32
    board[0], board[1], board[31] = "w", "w", "b"  # White: a1 c1; Black: h8
    # Dame: White is a man up. Schlagdame: White has a burden more.
    assert EVALUATIONS[False](board, 0) > 0 > EVALUATIONS[True](board, 0)
    assert SIMPLE_EVALUATIONS[False](board, 0) > 0 > SIMPLE_EVALUATIONS[True](board, 0)
    # Not Dame's turned round: a king weighs on its side more than a man (SD1).
    with_king = board.copy()
    with_king[1] = "W"
    assert EVALUATIONS[True](with_king, 0) < EVALUATIONS[True](board, 0)
    assert EVALUATIONS[True](with_king, 0) != -EVALUATIONS[False](with_king, 0)


def test_grandmaster_keeps_its_man_in_the_position_of_issue_36():
    # c5-b6 drops a man (a5 takes it, a5-c7); c1-d2 holds. Repeatable without a clock.
    white = {sq: "w" for sq in ("c1", "a3", "c3", "b4", "d4", "h4", "c5")}
    black = {sq: "b" for sq in ("f4", "a5", "e5", "g5", "f6", "e7", "h8")}
    state = position(white | black)
    assert legal(play(state, "c5-b6")) == ["a5-c7"]
    for seed in range(3):
        assert grandmaster(GAME, state, seed=seed, budget=0.25)["move"] == "c1-d2"


def test_grandmaster_draws_its_first_moves_from_the_ballot_of_openings():
    start = GAME.new(2, "s", {})
    firsts = {grandmaster(GAME, start, seed=s, budget=0.05)["move"] for s in range(30)}
    assert len(firsts) >= 4 and firsts <= set(legal(start))
    assert {line[0] for line in LINES} == firsts
    for line in LINES:  # every line is legal from the start, and Black's reply is drawn from it
        state = play(start, *line)
        replies = {
            grandmaster(GAME, play(start, line[0]), seed=s, budget=0.05)["move"] for s in range(12)
        }
        assert replies <= {other[1] for other in LINES if other[0] == line[0]}
        assert not state.over


def test_the_grandmasters_bitboard_evaluations_follow_each_goal():
    from games.dame.bots.bitboard import from_board
    from games.dame.bots.bitboard_eval import EVALUATIONS as BIT_EVALUATIONS

    board = [EMPTY] * 32
    board[0], board[1], board[31] = "w", "w", "b"  # White: a1 c1; Black: h8
    dame, schlagdame = BIT_EVALUATIONS[False], BIT_EVALUATIONS[True]
    assert dame(*from_board(board), 0) > 0 > schlagdame(*from_board(board), 0)
    assert dame(*from_board(board), 1) == -dame(*from_board(board), 0)
    with_king = board.copy()
    with_king[1] = "W"
    assert dame(*from_board(with_king), 0) > dame(*from_board(board), 0)  # a king is worth more
    assert schlagdame(*from_board(with_king), 0) < schlagdame(*from_board(board), 0)  # and weighs
    start = from_board("w" * 12 + "." * 8 + "b" * 12)
    assert dame(*start, 0) == dame(*start, 1) == 0
