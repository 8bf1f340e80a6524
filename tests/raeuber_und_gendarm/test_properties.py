"""Property tests over whole random games (RG3-RG5): every game ends within the move limit and
the declared bound, the books balance, apply never changes its input, dump/load and replay are
lossless, the timeout's move is legal."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.rules import STONES_PER_SIDE, count_stones

from .helpers import legal, move

limits = st.sampled_from([1, 3, 20, 200])
seeds = st.integers(min_value=0, max_value=2**32)


def random_play(seed: int, move_limit: int, resign_rate: float = 0.0):
    rng = random.Random(seed)
    state = GAME.new(2, str(seed), {"move_limit": move_limit})
    states, actions = [state], []
    while not state.over:
        assert len(actions) < GAME.traits.max_actions
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


@settings(max_examples=20, deadline=None)
@given(seed=seeds, move_limit=limits, resign=st.sampled_from([0.0, 0.01]))
def test_random_games_end_and_keep_the_books(seed, move_limit, resign):
    states, actions = random_play(seed, move_limit, resign)
    moves = [a for a in actions if a["action"] == "move"]
    assert len(moves) <= 2 * move_limit  # RG5
    for i, state in enumerate(states):
        assert count_stones(state.board) == (STONES_PER_SIDE, STONES_PER_SIDE)  # RG3
        assert state.plies == sum(a["action"] == "move" for a in actions[:i])
        assert len(state.history) == state.plies + 1 and state.repetitions <= 3
        if not state.over:
            assert GAME.status(state).to_act == (state.to_move,) and legal(state)
    end = states[-1]
    status = GAME.status(end)
    assert status.over and sum(status.scores) == 1
    reason = end.end_reason
    if reason == "home":
        assert end.at_home()[actions[-1]["seat"]] == 12 and end.winners == (actions[-1]["seat"],)
    elif reason == "blocked":
        assert not end.moves() and end.winners == (1 - end.to_move,)
    elif reason == "repetition":
        assert end.repetitions == 3 and end.winners == (0, 1)
    elif reason == "move_limit":
        assert end.plies == 2 * move_limit and end.repetitions < 3
    else:
        assert reason == "resigned"


@settings(max_examples=10, deadline=None)
@given(seed=seeds, move_limit=st.sampled_from([3, 30]))
def test_dump_load_and_replay_are_lossless(seed, move_limit):
    states, actions = random_play(seed, move_limit)
    replayed = GAME.new(2, "another seed", {"move_limit": move_limit})
    for state, action in zip(states, actions, strict=False):
        data = GAME.dump(state)
        assert json.loads(json.dumps(data)) == data
        loaded = GAME.load(copy.deepcopy(data))
        assert loaded == state and GAME.dump(loaded) == data
        assert GAME.view(loaded, 1) == GAME.view(state, 1)
        assert replayed == state
        replayed = GAME.apply(replayed, action)
    assert replayed == states[-1]


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_timeout_actions_are_legal_and_only_for_the_seat_to_move(seed):
    states, _ = random_play(seed, 30)
    rng = random.Random(seed)
    for state in states[::7]:
        for seat in (0, 1):
            actions = GAME.timeout_actions(state, seat, rng)
            if state.over or seat != state.to_move:
                assert actions == []
                continue
            assert len(actions) == 1 and actions[0] in GAME.legal_actions(state, seat)
            GAME.apply(state, actions[0])
