"""The grandmaster's bitboard move generator agrees with the engine's rules (DA3-DA5) on
thousands of random positions, captures, majority rule and crowning included."""

from __future__ import annotations

import random

from games.core.checkerboard import FAR_ROW, RAYS
from games.dame import GAME
from games.dame.bots import bitboard as bb
from games.dame.rules import after, legal_moves

from .helpers import random_game


def random_board(rng: random.Random) -> str:
    """A random position: up to 12 pieces a side, many kings, no man on its own far row."""
    cells = ["."] * 32
    for piece, count in (("w", rng.randint(0, 12)), ("b", rng.randint(0, 12))):
        for _ in range(count):
            sq = rng.randrange(32)
            crowned = rng.random() < 0.3 or sq in FAR_ROW[0 if piece == "w" else 1]
            cells[sq] = piece.upper() if crowned else piece
    return "".join(cells)


def effects(board: str, seat: int) -> set[tuple[int, int, int]]:
    return {bb.from_rules_move(m) for m in legal_moves(board, seat)}


def check(board: str, seat: int) -> None:
    white, black, kings = bb.from_board(board)
    moves = bb.legal_moves(white, black, kings, seat)
    assert len(moves) == len(set(moves))
    assert set(moves) == effects(board, seat), board
    own, opp = (white, black) if seat == 0 else (black, white)
    empty = bb.VALID & ~(white | black)
    has_capture = any(cap for _, _, cap in moves)
    assert bb.can_capture(own & ~kings, own & kings, opp, empty) == has_capture, board
    if not has_capture:
        assert bb.can_move(white, black, kings, seat) == bool(moves), board
    by_effect = {bb.from_rules_move(m): m for m in legal_moves(board, seat)}
    for move in moves:  # the position after each move is the engine's
        assert bb.play(white, black, kings, seat, move) == bb.from_board(
            after(board, by_effect[move])
        )


def test_random_positions_agree_with_the_engine():
    rng = random.Random(36)
    for _ in range(3000):
        check(random_board(rng), rng.randrange(2))


def test_positions_of_random_games_agree_with_the_engine():
    for seed in range(12):
        states, _ = random_game(GAME, seed)
        for state in states:
            check(state.board, state.to_move)


def test_every_square_has_its_own_bit_and_steps_stay_on_the_board():
    assert len(set(bb.BIT)) == 32 and bb.VALID.bit_count() == 32
    assert all(bb.NEIGHBOURS[b] & ~bb.VALID == 0 for b in bb.BIT)
    for sq, bit in enumerate(bb.BIT):  # the same diagonals as the engine's board
        assert {tuple(bb.SQUARE_OF[b] for b in ray) for ray in bb.RAYS[bit]} == set(RAYS[sq])
