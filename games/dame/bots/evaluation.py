"""How good a position looks to the seat to move, in hundredths of a man, for each goal.

Dame (DA7): more and better pieces. Flying kings are worth about three men on the 8x8 board; men
gain as they advance (a man near the far row is a king in waiting) and in the centre; a king
on the long diagonal a1-h8 commands the board. Ahead in material, trades help: the lead
counts for more as the board empties.

Schlagdame (SD1): the goal is to have no move, by losing every piece or being blocked, so a
piece is a burden, not an asset, and the count is not Dame's turned round: a king weighs more
than a man (it flies, so it is hard to get blocked or taken), and a man with free squares in
front of it weighs more than a stuck one (being stuck is half way to being blocked).

The simple evaluations (the middle level's) count pieces only.
"""

from __future__ import annotations

from games.core.checkerboard import FORWARD_NEIGHBOURS, INDEX, coords, relative_rank

from ..rules import EMPTY

# --- Dame -------------------------------------------------------------------------------------

MAN_VALUE = 100
KING_VALUE = 300
_ADVANCE = (0, 3, 6, 10, 15, 22, 32, 0)  # by relative rank 0..7 (a man on rank 7 is crowned)
_CENTRE = {INDEX[s] for s in ("c3", "e3", "d4", "f4", "c5", "e5", "d6", "f6")}
_LONG_DIAGONAL = {INDEX[s] for s in ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8")}


def _man_table(seat: int) -> list[int]:
    table = []
    for sq in range(32):
        value = MAN_VALUE + _ADVANCE[relative_rank(sq, seat)]
        if sq in _CENTRE:
            value += 5
        if relative_rank(sq, seat) == 0:
            value += 4  # a back-row guard keeps the opponent's men from crowning
        if coords(sq)[0] in (0, 7):
            value -= 3  # an edge man has only one way forward
        table.append(value)
    return table


def _king_table() -> list[int]:
    return [KING_VALUE + (20 if sq in _LONG_DIAGONAL else 0) for sq in range(32)]


# Signed from White's side: White's pieces positive.
_DAME = {
    "w": _man_table(0),
    "W": _king_table(),
    "b": [-v for v in _man_table(1)],
    "B": [-v for v in _king_table()],
}


def dame(board, side: int) -> int:
    tables = _DAME
    score = 0
    white = black = 0
    for sq, piece in enumerate(board):
        if piece != EMPTY:
            v = tables[piece][sq]
            score += v
            if v > 0:
                white += 1
            else:
                black += 1
    # Trade down when ahead: the lead weighs more as pieces come off (up to about double).
    score += score * 8 // (white + black + 8)
    return score if side == 0 else -score


def dame_simple(board, side: int) -> int:
    score = (
        board.count("w") * MAN_VALUE
        + board.count("W") * KING_VALUE
        - board.count("b") * MAN_VALUE
        - board.count("B") * KING_VALUE
    )
    return score if side == 0 else -score


# --- Schlagdame -------------------------------------------------------------------------------

BURDEN_MAN = 100
BURDEN_KING = 170
FREE_STEP = 6  # per empty square in front of a man: a mobile man is far from blocked
_STEPS_WHITE = FORWARD_NEIGHBOURS[0]
_STEPS_BLACK = FORWARD_NEIGHBOURS[1]


def schlagdame(board, side: int) -> int:
    """Seat-to-move's view: fewer pieces and fewer free men are better."""
    burden = [0, 0]
    for sq, piece in enumerate(board):
        if piece == EMPTY:
            continue
        if piece == "w":
            burden[0] += BURDEN_MAN + FREE_STEP * sum(board[t] == EMPTY for t in _STEPS_WHITE[sq])
        elif piece == "b":
            burden[1] += BURDEN_MAN + FREE_STEP * sum(board[t] == EMPTY for t in _STEPS_BLACK[sq])
        elif piece == "W":
            burden[0] += BURDEN_KING
        else:
            burden[1] += BURDEN_KING
    return burden[1 - side] - burden[side]


def schlagdame_simple(board, side: int) -> int:
    white = board.count("w") + board.count("W")
    black = board.count("b") + board.count("B")
    score = (black - white) * BURDEN_MAN
    return score if side == 0 else -score


EVALUATIONS = {False: dame, True: schlagdame}
SIMPLE_EVALUATIONS = {False: dame_simple, True: schlagdame_simple}
