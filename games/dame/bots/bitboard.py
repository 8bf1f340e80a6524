"""The board as integers, for the grandmaster's search: Dame's moves (DA3-DA5) by bit operations.

Each dark square is one bit of a diagonal grid: u = (file + rank) / 2 counts along the a1-h8
diagonals, v = (rank - file + 6) / 2 across them, and the bit is u + 9 v. One step north-east
is then +1, north-west +9, south-east -9 and south-west -1 on every square; the ninth column
(u = 8) is never a square, so a step off the board lands outside VALID and is masked away.

A position is three integers, white pieces, black pieces and kings (of either colour), and the
seat to move. A move is (from_bit, to_bit, captured_bits): routes that take the same pieces and
end on the same square make the same position (DA1, DA4), so the search sees them once.
"""

from __future__ import annotations

from games.core.checkerboard import FAR_ROW, coords

NE, NW, SE, SW = 1, 9, -9, -1
DIRECTIONS = (NE, NW, SE, SW)
FORWARD = ((NE, NW), (SE, SW))  # DA1: White towards rank 8, Black towards rank 1


def _bit_of(square: int) -> int:
    file, rank = coords(square)
    return 1 << ((file + rank) // 2 + 9 * ((rank - file + 6) // 2))


BIT: tuple[int, ...] = tuple(_bit_of(sq) for sq in range(32))  # by checkerboard square number
SQUARE_OF: dict[int, int] = {bit: sq for sq, bit in enumerate(BIT)}
VALID = sum(BIT)
FAR = tuple(sum(BIT[sq] for sq in FAR_ROW[seat]) for seat in (0, 1))


def _shift(bits: int, step: int) -> int:
    return (bits << step if step > 0 else bits >> -step) & VALID


def _ray(bit: int, step: int) -> tuple[int, ...]:
    out = []
    while bit := _shift(bit, step):
        out.append(bit)
    return tuple(out)


# Per square bit: the rays in the four directions (nearest first), and a man's jumps as
# (square jumped over, landing square).
RAYS: dict[int, tuple[tuple[int, ...], ...]] = {
    b: tuple(r for r in (_ray(b, d) for d in DIRECTIONS) if r) for b in BIT
}
JUMPS: dict[int, tuple[tuple[int, int], ...]] = {
    b: tuple((r[0], r[1]) for r in RAYS[b] if len(r) > 1) for b in BIT
}
NEIGHBOURS: dict[int, int] = {b: sum(r[0] for r in RAYS[b]) for b in BIT}


def bits(mask: int):
    """The set bits of mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


# --- Captures (DA4) ---------------------------------------------------------------------------


def _man_jumps(sq, taken, empty, opp, start, out) -> None:
    """A man jumps an adjacent opposing piece onto the empty square beyond, forwards or
    backwards; captured pieces stay (they block and cannot be jumped twice) until the move ends,
    and a man passing its far row stays a man (DA5)."""
    more = False
    for over, land in JUMPS[sq]:
        if over & opp and not over & taken and land & empty:
            more = True
            _man_jumps(land, taken | over, empty, opp, start, out)
    if not more and taken:
        out.add((start, sq, taken))


def _king_jumps(sq, taken, empty, opp, start, out) -> None:
    """A flying king crosses empty squares, jumps one opposing piece and lands on any empty
    square beyond it."""
    more = False
    for ray in RAYS[sq]:
        i, n = 0, len(ray)
        while i < n and ray[i] & empty:
            i += 1
        if i >= n - 1:
            continue
        victim = ray[i]
        if not victim & opp or victim & taken:
            continue
        for land in ray[i + 1 :]:
            if not land & empty:
                break
            more = True
            _king_jumps(land, taken | victim, empty, opp, start, out)
    if not more and taken:
        out.add((start, sq, taken))


def can_capture(men: int, kings: int, opp: int, empty: int) -> bool:
    """Whether the side with these men and kings has a capture at all (DA4)."""
    for d in DIRECTIONS:
        if d > 0:
            if men & (opp >> d) & (empty >> (2 * d)):
                return True
        elif men & (opp << -d) & (empty << (-2 * d)):
            return True
    for king in bits(kings):
        for ray in RAYS[king]:
            i, n = 0, len(ray)
            while i < n and ray[i] & empty:
                i += 1
            if i < n - 1 and ray[i] & opp and ray[i + 1] & empty:
                return True
    return False


def captures(men: int, kings: int, opp: int, empty: int) -> list[tuple[int, int, int]]:
    """The captures of the largest number of pieces (DA4 majority rule), or [] if none."""
    found: set[tuple[int, int, int]] = set()
    jumpers = 0
    for d in DIRECTIONS:
        if d > 0:
            jumpers |= men & (opp >> d) & (empty >> (2 * d))
        else:
            jumpers |= men & (opp << -d) & (empty << (-2 * d))
    for man in bits(jumpers):
        _man_jumps(man, 0, empty | man, opp, man, found)
    for king in bits(kings):
        _king_jumps(king, 0, empty | king, opp, king, found)
    if not found:
        return []
    most = max(cap.bit_count() for _, _, cap in found)
    return [m for m in found if m[2].bit_count() == most]


# --- Quiet moves (DA3) and the legal moves --------------------------------------------------------


def quiet_moves(men: int, kings: int, empty: int, seat: int) -> list[tuple[int, int, int]]:
    out = []
    for d in FORWARD[seat]:
        targets = (men << d if d > 0 else men >> -d) & empty
        while targets:  # the set bits, lowest first (inlined: this is the search's inner loop)
            to = targets & -targets
            targets ^= to
            out.append((to >> d if d > 0 else to << -d, to, 0))
    while kings:
        king = kings & -kings
        kings ^= king
        for ray in RAYS[king]:
            for to in ray:
                if not to & empty:
                    break
                out.append((king, to, 0))
    return out


def legal_moves(white: int, black: int, kings: int, seat: int) -> list[tuple[int, int, int]]:
    """The seat's legal moves: the largest captures if it can capture, else its quiet moves."""
    own, opp = (white, black) if seat == 0 else (black, white)
    empty = VALID & ~(white | black)
    men, own_kings = own & ~kings, own & kings
    return captures(men, own_kings, opp, empty) or quiet_moves(men, own_kings, empty, seat)


def can_move(white: int, black: int, kings: int, seat: int) -> bool:
    """Whether the seat has any quiet step (a cheap test before a capture-free leaf)."""
    own = white if seat == 0 else black
    empty = VALID & ~(white | black)
    men = own & ~kings
    for d in FORWARD[seat]:
        if (men << d if d > 0 else men >> -d) & empty:
            return True
    return any(NEIGHBOURS[king] & empty for king in bits(own & kings))


def play(white: int, black: int, kings: int, seat: int, move) -> tuple[int, int, int]:
    """The position after the move: captured pieces off at the end (DA4), a man that ends on its
    far row crowned (DA5)."""
    frm, to, cap = move
    if seat == 0:
        white = (white ^ frm) | to
        black &= ~cap
    else:
        black = (black ^ frm) | to
        white &= ~cap
    if kings & frm:
        kings = (kings ^ frm) | to
    elif to & FAR[seat]:
        kings |= to
    return white, black, kings & ~cap


# --- Conversions ----------------------------------------------------------------------------------


def from_board(board) -> tuple[int, int, int]:
    """(white, black, kings) from a 32-cell board of "." "w" "W" "b" "B" (rules.py)."""
    white = black = kings = 0
    for sq, piece in enumerate(board):
        if piece == ".":
            continue
        if piece in "wW":
            white |= BIT[sq]
        else:
            black |= BIT[sq]
        if piece in "WB":
            kings |= BIT[sq]
    return white, black, kings


def from_rules_move(move) -> tuple[int, int, int]:
    """A rules.py move (path, captured squares) as (from_bit, to_bit, captured_bits)."""
    path, taken = move
    return BIT[path[0]], BIT[path[-1]], sum(BIT[sq] for sq in taken)
