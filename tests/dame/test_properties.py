"""Property tests over whole random games and random positions (DA1-DA7, SD1): Dame's own
invariants (the protocol's properties, replay, storage and refusals:
tests/platform/test_engines.py)."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.core.checkerboard import FAR_ROW, SQUARES
from games.dame import GAME
from games.schlagdame import GAME as SCHLAGDAME

from . import reference
from .helpers import legal, move, position

games = st.sampled_from([GAME, SCHLAGDAME])
seeds = st.integers(min_value=0, max_value=2**32)
# How random games choose: uniformly; mostly the first legal move; or, when one exists, a move
# after which the opponent has nothing to capture, so that kings dance until the draw rules
# (DA6) end the game.
policies = st.sampled_from(["random", "stubborn", "cautious"])


def choose(game, state, rng: random.Random, policy: str) -> str:
    moves = legal(state, game)
    if policy == "stubborn" and rng.random() < 0.9:
        return moves[0]
    if policy == "cautious":
        safe = []
        for m in moves:
            after = game.apply(state, move(state.to_move, m))
            if after.over or not after.moves()[0][1]:
                safe.append(m)
        moves = safe or moves
    return rng.choice(moves)


def random_play(game, seed: int, policy: str, start=None):
    rng = random.Random(seed)
    state = start or game.new(2, str(seed), {})
    states, actions = [state], []
    while not state.over:
        assert len(actions) < 3000, "a game must end (DA6)"
        if rng.random() < 0.002:
            action = {"seat": rng.randrange(2), "action": "resign"}
        else:
            action = move(state.to_move, choose(game, state, rng, policy))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@settings(max_examples=25, deadline=None)
@given(game=games, seed=seeds, policy=policies)
def test_random_games_end_and_keep_the_books(game, seed, policy):
    check_the_books(game, *random_play(game, seed, policy))


@settings(max_examples=60, deadline=None)
@given(game=games, seed=seeds, policy=policies, case=st.deferred(lambda: positions()))
def test_random_play_from_any_position_ends_and_keeps_the_books(game, seed, policy, case):
    board, to_move = case
    assume(0 < sum(p in "wW" for p in board.values()) < len(board))
    start = position(board, to_move, game=game)
    check_the_books(game, *random_play(game, seed, policy, start))


def check_the_books(game, states, actions) -> None:
    final = states[-1]
    assert final.end_reason in ("no_move", "resigned", "repetition", "king_moves")
    status = game.status(final)
    assert status.over and status.to_act == ()
    assert sorted(status.scores) in ([0, 1], [0.5, 0.5])
    if final.end_reason == "no_move":  # DA7, SD1
        assert final.moves() == []
        assert final.winners == ((final.to_move,) if game.misere else (1 - final.to_move,))
    if final.end_reason == "repetition":
        assert final.repetitions == 3
    if final.end_reason == "king_moves":
        assert final.king_plies == 40 and final.repetitions < 3
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        assert not before.over
        if action["action"] == "resign":
            assert after.board == before.board and after.plies == before.plies
            continue
        # Only the opponent loses pieces, exactly the captured ones (DA4).
        mover = before.to_move
        counts_before, counts_after = _counts(before.board), _counts(after.board)
        assert counts_after[mover] == counts_before[mover]
        assert counts_before[1 - mover] - counts_after[1 - mover] == len(after.last_captured)
        for sq in after.last_captured:
            assert before.board[sq] in ("bB" if mover == 0 else "wW")
            assert after.board[sq] == "."
        assert after.plies == before.plies + 1
        assert after.king_plies in (0, before.king_plies + 1)
        assert after.king_plies <= 40 and len(after.history) <= 41
        assert after.repetitions <= 3
        # DA5: no man on its own far row, ever.
        for seat, man in enumerate("wb"):
            assert all(after.board[sq] != man for sq in FAR_ROW[seat])


def _counts(board: str) -> tuple[int, int]:
    return sum(p in "wW" for p in board), sum(p in "bB" for p in board)


@settings(max_examples=15, deadline=None)
@given(game=games, seed=seeds, policy=policies)
def test_views_are_public(game, seed, policy):
    states, _ = random_play(game, seed, policy)
    for state in states[:: max(1, len(states) // 12)] + [states[-1]]:
        # DA8: perfect information: every seat and a spectator see the same.
        public = game.view(state, None)
        for seat in (0, 1):
            seen = game.view(state, seat)
            assert seen.pop("seat") == seat
            assert seen == {k: v for k, v in public.items() if k != "seat"}


pieces = st.sampled_from("wWbB")


@st.composite
def positions(draw):
    """A legal-looking position: up to 12 pieces a side, no man on its own far row."""
    squares = draw(st.lists(st.integers(0, 31), min_size=2, max_size=18, unique=True))
    board = {}
    for sq in squares:
        piece = draw(pieces)
        if piece == "w" and sq in FAR_ROW[0] or piece == "b" and sq in FAR_ROW[1]:
            piece = piece.upper()
        board[SQUARES[sq]] = piece
    return board, draw(st.integers(0, 1))


@settings(max_examples=400, deadline=None)
@given(positions())
def test_legal_moves_agree_with_a_plain_second_statement_of_the_rules(case):
    board, to_move = case
    whites = sum(p in "wW" for p in board.values())
    assume(0 < whites < len(board))
    state = position(board, to_move)
    expected = reference.legal_moves(reference.from_names(board), to_move)
    assert GAME.view(state, None)["legal_moves"] == expected
    assert state.over == (expected == [])
