"""The 8x8 draughts board that Dame, Schlagdame, Wolf und Schafe, Halma-Dame and Räuber und
Gendarm share (DA1, WS1, HD1, RG1): square names, the 32 dark squares, diagonals, "forward" per
seat and the board as each seat sees it.

Files a..h run left to right and ranks 1..8 bottom to top as seen by seat 0, who sits at the
rank-1 edge; seat 1 sits at the rank-8 edge. A square is dark when file number + rank number is
even (a1, c1, ... h8). Only dark squares are played on, so they are numbered 0..31 rank by rank
(a1=0, c1=1, e1=2, g1=3, b2=4, ... h8=31) and every table here is indexed by that number.
Turning the board round for seat 1 maps dark square i to 31 - i.
"""

from __future__ import annotations

from collections.abc import Iterable

FILES = "abcdefgh"
RANKS = "12345678"
SIZE = 8

# Diagonal directions as (file step, rank step), in this fixed order.
NE, NW, SE, SW = 0, 1, 2, 3
DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
# Forward is towards rank 8 for seat 0 and towards rank 1 for seat 1 (DA1, WS1, HD1).
FORWARD = ((NE, NW), (SE, SW))
BACKWARD = ((SE, SW), (NE, NW))
SEATS = (0, 1)

SQUARES: tuple[str, ...] = tuple(
    f + r for ri, r in enumerate(RANKS) for fi, f in enumerate(FILES) if (fi + ri) % 2 == 0
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}
ALL_SQUARE_NAMES = frozenset(f + r for f in FILES for r in RANKS)


def coords(i: int) -> tuple[int, int]:
    """(file, rank) of dark square i, both 0-based."""
    rank, pos = divmod(i, 4)
    return pos * 2 + (rank % 2), rank


def square_at(file: int, rank: int) -> int | None:
    """The dark square at 0-based (file, rank), or None off the board or on a light square."""
    if not (0 <= file < SIZE and 0 <= rank < SIZE) or (file + rank) % 2:
        return None
    return rank * 4 + file // 2


def rank_of(i: int) -> int:
    return i // 4


def file_of(i: int) -> int:
    return coords(i)[0]


def _walk(i: int, d: int) -> tuple[int, ...]:
    file, rank = coords(i)
    df, dr = DIRECTIONS[d]
    out = []
    while (sq := square_at(file + df, rank + dr)) is not None:
        out.append(sq)
        file, rank = file + df, rank + dr
    return tuple(out)


# RAY[i][d]: the dark squares from i outwards along direction d (i excluded), nearest first.
RAY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_walk(i, d) for d in range(4)) for i in range(32)
)
# NEIGHBOUR[i][d]: the adjacent dark square in direction d, or -1 at the edge.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] if ray else -1 for ray in RAY[i]) for i in range(32)
)
# JUMP[i][d]: (the square jumped over, the landing square) in direction d, or None at the edge.
JUMP: tuple[tuple[tuple[int, int] | None, ...], ...] = tuple(
    tuple((ray[0], ray[1]) if len(ray) > 1 else None for ray in RAY[i]) for i in range(32)
)
# The same tables without the edges, for loops that try every direction.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in RAY[i] if ray) for i in range(32)
)
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(j for j in JUMP[i] if j) for i in range(32)
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in NEIGHBOUR[i] if n >= 0) for i in range(32)
)
# FORWARD_NEIGHBOURS[seat][i], FORWARD_JUMPS[seat][i]: a man's (sheep's, stone's) steps and
# jumps towards its far row.
FORWARD_NEIGHBOURS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(NEIGHBOUR[i][d] for d in FORWARD[seat] if NEIGHBOUR[i][d] >= 0) for i in range(32))
    for seat in SEATS
)
FORWARD_JUMPS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple(JUMP[i][d] for d in FORWARD[seat] if JUMP[i][d]) for i in range(32))
    for seat in SEATS
)


def relative_rank(i: int, seat: int) -> int:
    """0 on the seat's own edge (its base row) up to 7 on its far row."""
    rank = i // 4
    return rank if seat == 0 else SIZE - 1 - rank


# Each seat's far row (promotion row in Dame) and base row, as sets of dark squares.
FAR_ROW: tuple[frozenset[int], ...] = (frozenset(range(28, 32)), frozenset(range(0, 4)))
BASE_ROW: tuple[frozenset[int], ...] = (FAR_ROW[1], FAR_ROW[0])


def flip(i: int) -> int:
    """The square i becomes when the board is turned round (seat 1's view of seat 0's board)."""
    return 31 - i


# --- Names and notation ---------------------------------------------------------------------


def parse_square(name: object) -> int:
    """The dark square named `name` ("a1".."h8", lower case); ValueError for anything else."""
    if isinstance(name, str) and name in INDEX:
        return INDEX[name]
    if isinstance(name, str) and name in ALL_SQUARE_NAMES:
        raise ValueError(f"{name} is a light square")
    raise ValueError(f"{name!r} is not a square name (a1 .. h8)")


def square_name(i: int) -> str:
    return SQUARES[i]


def parse_path(text: object) -> tuple[int, ...]:
    """A move written as squares joined by "-" ("c3-d4", "c3-e5-c7"): at least two dark squares;
    ValueError for anything else. Whether the squares make a move is the game's business."""
    if not isinstance(text, str):
        raise ValueError(f"a move is a string like 'c3-d4', not {text!r}")
    parts = text.split("-")
    if len(parts) < 2:
        raise ValueError(f"{text!r} is not a move like 'c3-d4'")
    return tuple(parse_square(p) for p in parts)


def format_path(path: Iterable[int]) -> str:
    return "-".join(SQUARES[i] for i in path)


def rows(seat: int | None) -> list[list[str]]:
    """All 64 square names as seat sees the board, top row first, left to right (seat 1 sees it
    turned round; a spectator, None, as seat 0). For drawing; is_dark() tells the colours."""
    ranks = range(SIZE - 1, -1, -1) if seat != 1 else range(SIZE)
    files = range(SIZE) if seat != 1 else range(SIZE - 1, -1, -1)
    return [[FILES[f] + RANKS[r] for f in files] for r in ranks]


def is_dark(name: str) -> bool:
    return name in INDEX
