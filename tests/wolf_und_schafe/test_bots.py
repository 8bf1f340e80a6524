"""The bots: legal choices from the view alone, the random level's spread, and the perfect
level: the solved game (who wins from each wolf start, WS2), checked against a plain search
through the engine, and its play (the quickest win, the slowest loss).

The solver's table is built once per process (a couple of seconds) and shared by these tests."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.bots import BOTS, LEVELS, solve, solver
from games.wolf_und_schafe.rules import START_SHEEP, WOLF_STARTS

from .helpers import acting, legal, play, position, random_game


def play_out(levels: dict[int, str], seed: int, start=None):
    """A whole game, each seat's bot choosing from its own view."""
    rng = random.Random(seed)
    state = start or GAME.new(2, str(seed), {})
    while not GAME.status(state).over:
        seat = acting(state)
        state = GAME.apply(state, BOTS.choose(levels[seat], GAME.view(state, seat), rng))
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions_from_its_own_view(level):
    rng = random.Random(5)
    for seed in range(3):
        states, _ = random_game(seed)
        for state in states[:-1]:
            seat = acting(state)
            view = GAME.view(state, seat)
            untouched = copy.deepcopy(view)
            action = BOTS.choose(level, view, rng)
            assert view == untouched  # the bot does not scribble on its view
            assert action in GAME.legal_actions(state, seat) and action["action"] != "resign"
            plain = json.loads(json.dumps(view))
            assert BOTS.choose(level, plain, random.Random(1)) == BOTS.choose(
                level, view, random.Random(1)
            )


def test_bots_refuse_when_it_is_not_their_turn_or_an_unknown_level():
    state = GAME.new(2, "s", {})
    with pytest.raises(ValueError):
        BOTS.choose("random", GAME.view(state, 0), random.Random(1))  # the wolf places first
    with pytest.raises(ValueError):
        BOTS.choose("shepherd", GAME.view(state, 1), random.Random(1))
    over = GAME.apply(state, {"seat": 1, "action": "resign"})
    with pytest.raises(ValueError):
        BOTS.choose("perfect", GAME.view(over, 1), random.Random(1))


def test_the_random_level_places_and_moves_at_random():
    view = GAME.view(GAME.new(2, "s", {}), 1)
    rng = random.Random(3)
    squares = Counter(BOTS.choose("random", view, rng)["square"] for _ in range(400))
    assert set(squares) == {"b8", "d8", "f8", "h8"} and min(squares.values()) > 60
    view = GAME.view(play(GAME.new(2, "s", {}), "d8"), 0)
    moves = Counter(BOTS.choose("random", view, rng)["move"] for _ in range(700))
    assert set(moves) == set(view["legal_moves"]) and min(moves.values()) > 60


def test_who_wins_with_perfect_play():
    """The sheep win from every wolf start, in 43 moves when the wolf holds out longest."""
    assert solve.outcomes() == {square: ("sheep", 43) for square in ("b8", "d8", "f8", "h8")}
    assert len(solver.table()) == 780_996  # positions reachable from the four starts
    assert solver.table().nbytes() < 3_000_000


def reference(state, depth: int) -> int | None:
    """A plain search through the engine itself, for a running game: +n if the seat to act
    wins in n moves with best play, -n if it loses in n, None if that takes more than `depth`
    moves."""
    seat = acting(state)
    wins, losses, unknown = [], [], False
    for action in GAME.legal_actions(state, seat):
        if action["action"] == "resign":
            continue
        child = GAME.apply(state, action)
        if child.over:
            (wins if child.winners == (seat,) else losses).append(1)
            continue
        v = reference(child, depth - 1) if depth > 1 else None
        if v is None:
            unknown = True  # the game goes on longer than any known line
        elif v < 0:
            wins.append(1 - v)
        else:
            losses.append(v + 1)
    if wins:
        return min(wins)
    return None if unknown else -max(losses)


def test_the_solver_agrees_with_a_plain_search_near_the_end():
    checked = 0
    for seed in range(40):
        states, _ = random_game(seed)
        for state in states[-6:-1]:
            if state.wolf is None:
                continue
            v = reference(state, 5)
            if v is None:
                continue
            solved = solver.value(state.sheep, state.wolf, state.to_move)
            assert (solver.WIN - solved if solved > 0 else -solver.WIN - solved) == v
            checked += 1
    assert checked > 100


def test_perfect_sheep_always_beat_the_random_wolf():
    for seed in range(30):
        state = play_out({0: "perfect", 1: "random"}, seed)
        assert state.winners == (0,), seed


def test_perfect_play_on_both_sides_takes_43_moves_from_any_start():
    for seed, square in enumerate(("b8", "d8", "f8", "h8")):
        start = play(GAME.new(2, "s", {}), square)
        state = play_out({0: "perfect", 1: "perfect"}, seed, start)
        assert (state.winners, state.end_reason, state.plies) == ((0,), "blocked", 43)


def test_the_perfect_wolf_takes_the_quickest_way_through():
    """Through at once (d4-c3 or d4-e3 reach rank 3) rather than later."""
    state = position({"a3": "s", "c5": "s", "e5": "s", "g3": "s", "d4": "w"}, to_move=1)
    view = GAME.view(state, 1)
    choices = {BOTS.choose("perfect", view, random.Random(s))["move"] for s in range(20)}
    assert choices == {"d4-c3", "d4-e3"}


def test_the_perfect_level_wins_a_won_position_and_holds_out_in_a_lost_one():
    # A formation the sheep have spoilt: the wolf to move wins, whoever plays the sheep.
    start = position({"a1": "s", "b2": "s", "c3": "s", "h6": "s", "f8": "w"}, to_move=1)
    assert solver.value(start.sheep, start.wolf, 1) > 0
    for seed in range(10):
        assert play_out({0: "random", 1: "perfect"}, seed, start).winners == (1,)
    quick = play_out({0: "perfect", 1: "perfect"}, 0, start)
    slow = [play_out({0: "random", 1: "perfect"}, seed, start).plies for seed in range(10)]
    assert quick.winners == (1,) and max(slow) <= quick.plies  # perfect sheep hold out longest
    assert quick.plies == solver.WIN - solver.value(start.sheep, start.wolf, 1)


def test_positions_outside_the_table_are_solved_on_demand():
    """A setup the standard start never reaches: sheep on rank 8 before the wolf is placed."""
    state = position({"b8": "s", "d8": "s", "f8": "s", "a5": "s"})
    assert legal(state) == ["h8"]
    action = BOTS.choose("perfect", GAME.view(state, 1), random.Random(1))
    assert action == {"seat": 1, "action": "place", "square": "h8"}
    assert solver.placement_value(state.sheep, 31) > 0  # the wolf wins from there


def test_every_wolf_start_is_solved():
    for square in WOLF_STARTS:
        assert solver.placement_value(START_SHEEP, square) == -(solver.WIN - 44)
