"""A ballot of short openings for the grandmaster, so that its games differ: from the standard
start (DA2) it draws among sound first moves, and as Black among sound replies. Each line was
checked by the grandmaster's own search: at depth 7 every move of the ballot scores within about
a tenth of a man of the best move there (g3-f4 h6-g5, which loses a man, is left out). After
the ballot, and in Schlagdame, the search plays."""

from __future__ import annotations

from games.core.checkerboard import parse_path

from .bitboard import BIT, from_board, play

START = "w" * 12 + "." * 8 + "b" * 12  # DA2

# Lines of moves from the start, DA1 notation; every prefix of a line is in the ballot.
LINES: tuple[tuple[str, ...], ...] = (
    ("c3-d4", "b6-c5"),
    ("c3-d4", "f6-e5"),
    ("c3-d4", "h6-g5"),
    ("e3-d4", "b6-c5"),
    ("e3-d4", "f6-e5"),
    ("e3-d4", "h6-g5"),
    ("g3-f4", "d6-e5"),
    ("g3-f4", "b6-c5"),
    ("a3-b4", "d6-c5"),
    ("a3-b4", "b6-c5"),
    ("a3-b4", "h6-g5"),
    ("e3-f4", "d6-e5"),
    ("e3-f4", "b6-c5"),
    ("g3-h4", "b6-c5"),
    ("g3-h4", "f6-g5"),
    ("g3-h4", "h6-g5"),
    ("c3-b4", "d6-c5"),
    ("c3-b4", "b6-c5"),
    ("c3-b4", "h6-g5"),
)


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
