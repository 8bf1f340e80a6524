"""The grandmaster: iterative-deepening alpha-beta over bitboards (bitboard_search.py) with the
evaluation of its game's goal (bitboard_eval.py), within a time budget; the first moves drawn
from a ballot of short openings (openings.py) so that games differ."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from games.core.checkerboard import INDEX

from .bitboard import BIT, from_board
from .bitboard_eval import EVALUATIONS
from .bitboard_search import Search, zobrist
from .openings import book_moves

DEFAULT_TIME_BUDGET = 0.5  # seconds per move: p95 stays under 1 s on one core (GAMES.md)
NODES_PER_SECOND = 40_000  # without a clock, the budget becomes this many nodes a second
MAX_DEPTH = 60
CONTEMPT = 15  # a draw is a little worse than an even position: play on against weaker bots


def root_moves(view: dict, rng: Random) -> dict[tuple[int, int, int], str]:
    """The legal moves as bitboard moves, each with one of its names: routes that take the same
    pieces to the same square are one move (DA1); which route is named is drawn at random."""
    names = list(view["legal_moves"])
    rng.shuffle(names)  # equal moves are tried (and so chosen) in a random order
    moves: dict[tuple[int, int, int], str] = {}
    for name in names:
        path = name.split("-")
        taken = sum(BIT[INDEX[sq]] for sq in view["captures"][name])
        moves.setdefault((BIT[INDEX[path[0]]], BIT[INDEX[path[-1]]], taken), name)
    return moves


def choose(
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    if len(view["legal_moves"]) == 1:
        return view["legal_moves"][0]
    misere = view["game"] == "schlagdame"
    seat = view["to_move"]
    board = ["."] * 32
    for name, piece in view["board"].items():
        board[INDEX[name]] = piece
    white, black, kings = from_board(board)
    if not misere:
        opening = book_moves(white, black, kings, seat, view["legal_moves"])
        if opening:
            return rng.choice(opening)
    budget = DEFAULT_TIME_BUDGET if time_budget is None else time_budget
    moves = root_moves(view, rng)
    earlier = [zobrist(*from_board(key[:32]), int(key[32])) for key in view["positions"][:-1]]
    search = Search(
        EVALUATIONS[misere],
        misere,
        earlier,
        deadline=clock() + budget if clock else None,
        clock=clock,
        max_nodes=None if clock else max(300, int(budget * NODES_PER_SECOND)),
        contempt=CONTEMPT,
    )
    best, _ = search.iterate(
        (white, black, kings, seat), view["king_plies"], list(moves), MAX_DEPTH
    )
    return moves[best]
