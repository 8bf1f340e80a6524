"""Wolf und Schafe's moves and end (WOLF_UND_SCHAFE.md WS2-WS4) as fast pure functions.

A position is the sheep as a bit mask over the 32 dark squares (bit i set: a sheep on dark
square i, games.core.checkerboard's numbering a1=0 .. h8=31) and the wolf's square (None before
it is placed). The engine and the perfect bot's solver both use these functions, so the solved
table and the played game follow the same rules.

Dark squares are numbered rank by rank, so a square's rank is its number // 4 and the lowest
sheep is the lowest set bit of the mask.
"""

from __future__ import annotations

from games.core.checkerboard import FORWARD_NEIGHBOURS, NEIGHBOURS, SQUARES

SHEEP, WOLF = 0, 1  # the seats (WS2): seat 0 plays the four sheep, seat 1 the wolf
PIECE = ("s", "w")  # WS1: a sheep, the wolf
SHEEP_COUNT = 4
START_SHEEP = 0b1111  # WS2: a1 c1 e1 g1
WOLF_STARTS = (28, 29, 30, 31)  # WS2: the dark squares of rank 8, b8 d8 f8 h8
SHEEP_STEPS = FORWARD_NEIGHBOURS[SHEEP]  # WS3: one square diagonally forward (towards rank 8)
WOLF_STEPS = NEIGHBOURS  # WS3: one square diagonally in any of the four directions
# WS4 (Decided): every sheep move advances a sheep one rank, so there are at most 4 x 7 sheep
# moves, each followed by at most one wolf move.
MAX_PLIES = SHEEP_COUNT * 7 * 2

Move = tuple[int, int]  # (from, to)


def squares_of(mask: int) -> list[int]:
    """The dark squares set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def rank(square: int) -> int:
    """0-based rank (0 = rank 1, the sheep's base row)."""
    return square >> 2


def lowest_rank(sheep: int) -> int:
    return rank((sheep & -sheep).bit_length() - 1)


def broken_through(sheep: int, wolf: int | None) -> bool:
    """WS4 (Decided): no sheep stands on a lower rank than the wolf."""
    return wolf is not None and rank(wolf) <= lowest_rank(sheep)


def placements(sheep: int) -> list[int]:
    """WS2: the free squares among b8 d8 f8 h8."""
    return [sq for sq in WOLF_STARTS if not sheep >> sq & 1]


def sheep_moves(sheep: int, wolf: int) -> list[Move]:
    occupied = sheep | 1 << wolf
    return [
        (sq, to) for sq in squares_of(sheep) for to in SHEEP_STEPS[sq] if not occupied >> to & 1
    ]


def wolf_moves(sheep: int, wolf: int) -> list[Move]:
    return [(wolf, to) for to in WOLF_STEPS[wolf] if not sheep >> to & 1]


def moves(sheep: int, wolf: int, to_move: int) -> list[Move]:
    """The legal moves of the seat to move (WS3); empty when it is blocked (WS4)."""
    return sheep_moves(sheep, wolf) if to_move == SHEEP else wolf_moves(sheep, wolf)


def after(sheep: int, wolf: int, move: Move) -> tuple[int, int]:
    """(sheep, wolf) once `move` is played; nothing is captured (WS3)."""
    frm, to = move
    if frm == wolf:
        return sheep, to
    return sheep ^ (1 << frm | 1 << to), wolf


def ending(sheep: int, wolf: int, to_move: int) -> tuple[str, int] | None:
    """WS4's checks once a position is reached, in order: the breakthrough (the wolf wins), then
    whether the seat to move can move (if not, it loses). (end_reason, winner) or None."""
    if broken_through(sheep, wolf):
        return "escaped", WOLF
    if not moves(sheep, wolf, to_move):
        return "blocked", 1 - to_move
    return None


def move_name(move: Move) -> str:
    """WS1 notation: "c1-d2"."""
    return f"{SQUARES[move[0]]}-{SQUARES[move[1]]}"
