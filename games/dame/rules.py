"""Dame's moves (DA3-DA5) as fast pure functions over a board: 32 one-character cells, one per
dark square in games.core.checkerboard's order, "." for empty, "w" "W" "b" "B" for the pieces
(DA1). The engine keeps boards as strings, the bots' search as lists it changes and restores;
both read them with the same functions here.

A move is a pair (path, captured): the squares the piece occupies in turn (start, then every
landing square, or the stopping square of a quiet move) and the squares it captures, in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.checkerboard import FAR_ROW, FORWARD_NEIGHBOURS, JUMPS, RAYS, SQUARES

EMPTY = "."
MAN = ("w", "b")  # by seat: seat 0 is White (DA2)
KING = ("W", "B")
OPPONENT = ("bB", "wW")  # the pieces seat s may capture
OWN = ("wW", "bB")
PIECES = "wWbB"
SEAT_OF = {"w": 0, "W": 0, "b": 1, "B": 1}

Move = tuple[tuple[int, ...], tuple[int, ...]]
Board = Sequence[str]


def captures(board: Board, seat: int) -> list[Move]:
    """Every capture seat may play: only those taking the most pieces (DA4 majority rule), each
    played to its end."""
    found: list[Move] = []
    man, king, opp = MAN[seat], KING[seat], OPPONENT[seat]
    for sq, piece in enumerate(board):
        if piece == man:
            _man_captures(board, sq, opp, found)
        elif piece == king:
            _king_captures(board, sq, opp, found)
    if not found:
        return found
    most = max(len(taken) for _, taken in found)
    return [m for m in found if len(m[1]) == most]


def _man_captures(board: Board, start: int, opp: str, found: list[Move]) -> None:
    """A man jumps an adjacent opposing piece, forwards or backwards (DA4). Captured pieces stay
    on the board until the move ends: they cannot be jumped twice nor landed on; the start
    square counts as empty once the man has left it. A man passing its far row stays a man for
    the rest of the move (DA5), so it goes on with short jumps."""
    _man_jumps(board, start, opp, found, start, (start,), ())


# The recursions are functions of the module, not closures: a closure that calls itself holds
# itself, a cycle left to the garbage collector after every call (issue 37).
def _man_jumps(board, start, opp, found, sq: int, path: tuple[int, ...], taken: tuple[int, ...]):
    more = False
    for over, land in JUMPS[sq]:
        if board[over] in opp and over not in taken and (board[land] == EMPTY or land == start):
            more = True
            _man_jumps(board, start, opp, found, land, path + (land,), taken + (over,))
    if not more and taken:
        found.append((path, taken))


def _king_captures(board: Board, start: int, opp: str, found: list[Move]) -> None:
    """A flying king crosses empty squares, jumps one opposing piece and lands on any empty
    square beyond it (DA4). A piece already captured in this move blocks the line."""
    _king_jumps(board, start, opp, found, start, (start,), ())


def _king_jumps(board, start, opp, found, sq: int, path: tuple[int, ...], taken: tuple[int, ...]):
    more = False
    for ray in RAYS[sq]:
        n = len(ray)
        i = 0
        while i < n and (board[ray[i]] == EMPTY or ray[i] == start):
            i += 1
        if i >= n - 1:
            continue  # nothing on this line, or a piece at the edge with nowhere to land
        victim = ray[i]
        if board[victim] not in opp or victim in taken:
            continue
        for land in ray[i + 1 :]:
            if board[land] != EMPTY and land != start:
                break
            more = True
            _king_jumps(board, start, opp, found, land, path + (land,), taken + (victim,))
    if not more and taken:
        found.append((path, taken))


def quiet_moves(board: Board, seat: int) -> list[Move]:
    """Moves without capture (DA3): a man one step forward, a king any distance along a
    diagonal over empty squares."""
    out: list[Move] = []
    man, king = MAN[seat], KING[seat]
    steps = FORWARD_NEIGHBOURS[seat]
    for sq, piece in enumerate(board):
        if piece == man:
            for to in steps[sq]:
                if board[to] == EMPTY:
                    out.append(((sq, to), ()))
        elif piece == king:
            for ray in RAYS[sq]:
                for to in ray:
                    if board[to] != EMPTY:
                        break
                    out.append(((sq, to), ()))
    return out


def legal_moves(board: Board, seat: int) -> list[Move]:
    """Seat's legal moves: the largest captures if it can capture at all (DA4), else its quiet
    moves (DA3). Empty when seat cannot move (DA7)."""
    return captures(board, seat) or quiet_moves(board, seat)


def all_capture_prefixes(board: Board, seat: int) -> set[tuple[int, ...]]:
    """The paths of every capture of one piece or more, including those stopped early or taking
    fewer than the most: only to explain a refused move (majority rule, DA4)."""
    found: list[Move] = []
    man, king, opp = MAN[seat], KING[seat], OPPONENT[seat]
    for sq, piece in enumerate(board):
        if piece == man:
            _man_captures(board, sq, opp, found)
        elif piece == king:
            _king_captures(board, sq, opp, found)
    return {path[:k] for path, _ in found for k in range(2, len(path) + 1)}


def after(board: str, move: Move) -> str:
    """The board once `move` is played: captured pieces taken off at the end (DA4), a man that
    ends its move on its far row crowned (DA5)."""
    path, taken = move
    cells = list(board)
    piece = cells[path[0]]
    cells[path[0]] = EMPTY
    for sq in taken:
        cells[sq] = EMPTY
    end = path[-1]
    if piece in MAN and end in FAR_ROW[SEAT_OF[piece]]:
        piece = piece.upper()
    cells[end] = piece
    return "".join(cells)


def is_king_quiet_move(board: Board, move: Move) -> bool:
    """Whether the move counts towards the twenty-move rule (DA6): a king's move without
    capture."""
    return not move[1] and board[move[0][0]] in KING


def move_name(move: Move) -> str:
    """DA1 notation: "c3-d4", "c3-e5-c7"."""
    return "-".join(SQUARES[sq] for sq in move[0])


def record_name(move: Move) -> str:
    """The usual record notation: "c3-d4" for a step, "c3xe5xc7" for a capture."""
    return ("x" if move[1] else "-").join(SQUARES[sq] for sq in move[0])


def count_pieces(board: Board) -> tuple[int, int]:
    white = board.count("w") + board.count("W")
    black = board.count("b") + board.count("B")
    return white, black
