"""Property tests over whole random games (HD3-HD5): every game ends within the declared bound,
the books balance, apply never changes its input, dump/load and replay are lossless."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import GameError
from games.halma_dame import GAME
from games.halma_dame.rules import STONES_PER_SIDE, count_stones

from .helpers import legal, move


def random_play(seed: int, resign_rate: float = 0.0):
    rng = random.Random(seed)
    state = GAME.new(2, str(seed), {})
    states, actions = [state], []
    while not state.over:
        assert len(actions) < GAME.traits.max_actions, "HD5: a game has at most 104 moves"
        if rng.random() < resign_rate:
            action = {"seat": rng.randrange(2), "action": "resign"}
        else:
            action = move(state.to_move, rng.choice(legal(state)))
        before = json.dumps(GAME.dump(state), sort_keys=True)
        after = GAME.apply(state, action)
        assert json.dumps(GAME.dump(state), sort_keys=True) == before  # input unchanged
        states.append(after)
        actions.append(action)
        state = after
    return states, actions


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), resign=st.sampled_from([0.0, 0.01]))
def test_random_games_end_and_keep_the_books(seed, resign):
    states, actions = random_play(seed, resign)
    moves = sum(a["action"] == "move" for a in actions)
    assert len(actions) <= GAME.traits.max_actions and moves <= 104
    for state in states:
        assert count_stones(state.board) == (STONES_PER_SIDE, STONES_PER_SIDE)  # HD3: no capture
        assert state.plies == sum(a["action"] == "move" for a in actions[: states.index(state)])
        status = GAME.status(state)
        if not state.over:
            assert status.to_act == (state.to_move,) and legal(state)  # HD5: passes are automatic
    end = states[-1]
    status = GAME.status(end)
    assert status.over and sum(status.scores) == 1
    black, white = end.in_target()
    if end.end_reason == "home":
        assert max(black, white) == 8 and end.winners == (actions[-1]["seat"],)
    elif end.end_reason == "stuck":
        assert not end.moves() and (len(end.winners) == 2) == (black == white)
    else:
        assert end.end_reason == "resigned"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_dump_load_and_replay_are_lossless(seed):
    states, actions = random_play(seed)
    replayed = GAME.new(2, "another seed", {})
    for state, action in zip(states, actions, strict=False):
        data = GAME.dump(state)
        assert json.loads(json.dumps(data)) == data
        loaded = GAME.load(copy.deepcopy(data))
        assert loaded == state and GAME.dump(loaded) == data
        assert GAME.view(loaded, 0) == GAME.view(state, 0)
        assert replayed == state
        replayed = GAME.apply(replayed, action)
    assert replayed == states[-1]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_timeout_actions_are_legal_and_only_for_the_seat_to_move(seed):
    states, _ = random_play(seed)
    rng = random.Random(seed)
    for state in states[::5]:
        for seat in (0, 1):
            actions = GAME.timeout_actions(state, seat, rng)
            if state.over or seat != state.to_move:
                assert actions == []
                continue
            assert len(actions) == 1 and actions[0] in GAME.legal_actions(state, seat)
            GAME.apply(state, actions[0])


def test_every_refusal_leaves_the_state_alone():
    state = GAME.new(2, "", {})
    before = GAME.dump(state)
    for action in (move(1, "a7-b6"), move(0, "b2-d4"), {"seat": 0, "action": "pass"}, "x"):
        try:
            GAME.apply(state, action)
        except GameError:
            pass
        else:
            raise AssertionError(f"{action} should be refused")
    assert GAME.dump(state) == before
