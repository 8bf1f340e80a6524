"""The grandmaster's evaluations over bitboards (bitboard.py), in hundredths of a man, for the
seat to move, one per goal.

Dame (DA7): material first (a flying king is worth about three men on the 8x8 board), then men
that advance (a man near the far row is a king in waiting), hold the centre or guard the back
row, and kings on the long diagonal a1-h8. Ahead in material, trades help: the lead counts for
more as the board empties. Square values are summed a bit plane at a time: a table of small
numbers split into its binary digits, one popcount per digit.

Schlagdame (SD1): the goal is to have no move, by losing every piece or being blocked, so a
piece is a burden: a king more than a man (it flies, hard to get blocked or taken), and a man
with free squares in front of it more than a stuck one (being stuck is half way to blocked).
"""

from __future__ import annotations

from games.core.checkerboard import INDEX, coords, relative_rank

from .bitboard import BIT, FORWARD, VALID

MAN = 100
KING = 300
ADVANCE = (0, 3, 6, 10, 15, 22, 32, 0)  # by relative rank 0..7 (a man on rank 7 is crowned)
CENTRE_SQUARES = ("c3", "e3", "d4", "f4", "c5", "e5", "d6", "f6")
LONG_DIAGONAL = ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")
CENTRE, BACK_GUARD, EDGE, DIAGONAL_KING = 5, 4, 3, 20
TRADE = 8  # the lead is multiplied by 1 + TRADE / (pieces + TRADE)


def man_table(seat: int) -> list[int]:
    """A man's worth above MAN on each square, for the seat's men."""
    table = []
    for sq in range(32):
        rank = relative_rank(sq, seat)
        value = ADVANCE[rank] + (CENTRE if sq in (INDEX[s] for s in CENTRE_SQUARES) else 0)
        if rank == 0:
            value += BACK_GUARD  # a back-row guard keeps the opponent's men from crowning
        if coords(sq)[0] in (0, 7):
            value -= EDGE  # an edge man has only one way forward
        table.append(value + EDGE)  # kept >= 0 for the bit planes; the same for both sides
    return table


def planes(table: list[int]) -> tuple[tuple[int, int], ...]:
    """(mask, binary digit) pairs with sum(((x & mask).bit_count() << digit)) = sum of table."""
    top = max(table).bit_length()
    return tuple((sum(BIT[sq] for sq in range(32) if table[sq] >> j & 1), j) for j in range(top))


WHITE_MEN = planes(man_table(0))
BLACK_MEN = planes(man_table(1))
DIAGONAL = sum(BIT[INDEX[s]] for s in LONG_DIAGONAL)


def dame(white: int, black: int, kings: int, seat: int) -> int:
    wm, bm = white & ~kings, black & ~kings
    wk, bk = white & kings, black & kings
    score = MAN * (wm.bit_count() - bm.bit_count()) + KING * (wk.bit_count() - bk.bit_count())
    for mask, j in WHITE_MEN:
        score += (wm & mask).bit_count() << j
    for mask, j in BLACK_MEN:
        score -= (bm & mask).bit_count() << j
    if kings:
        score += DIAGONAL_KING * ((wk & DIAGONAL).bit_count() - (bk & DIAGONAL).bit_count())
    # Trade down when ahead: the lead weighs more as pieces come off (up to about double).
    bonus = abs(score) * TRADE // ((white | black).bit_count() + TRADE)
    score += bonus if score > 0 else -bonus
    return score if seat == 0 else -score


BURDEN_MAN = 100
BURDEN_KING = 170
FREE_STEP = 6  # per empty square in front of a man: a mobile man is far from blocked


def schlagdame(white: int, black: int, kings: int, seat: int) -> int:
    """Seat-to-move's view: fewer pieces and fewer free men are better."""
    empty = VALID & ~(white | black)
    wm, bm = white & ~kings, black & ~kings
    free_white = sum(((wm << d) & empty).bit_count() for d in FORWARD[0])
    free_black = sum(((bm >> -d) & empty).bit_count() for d in FORWARD[1])
    white_burden = BURDEN_MAN * wm.bit_count() + BURDEN_KING * (white & kings).bit_count()
    black_burden = BURDEN_MAN * bm.bit_count() + BURDEN_KING * (black & kings).bit_count()
    score = black_burden - white_burden + FREE_STEP * (free_black - free_white)
    return score if seat == 0 else -score


EVALUATIONS = {False: dame, True: schlagdame}
