"""Räuber und Gendarm's moves (RG3) as small pure functions over a board: 32 one-character cells,
one per dark square in games.core.checkerboard's order, "." for empty, "b" (Black, seat 0) and
"w" (White, seat 1) for the stones (RG1). The engine keeps boards as strings, the bots' search
as lists it changes and restores; both read them with the same functions here.

A move is its path: the squares the moving stone occupies in turn (start, then the step's square
or every landing square of a chain), a tuple of square numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.checkerboard import JUMPS, NEIGHBOURS, SQUARES

EMPTY = "."
STONE = ("b", "w")  # by seat: seat 0 is Black and moves first (RG2)
STONES_PER_SIDE = 12  # RG2

# RG2: Black on the dark squares of ranks 1-3, White on those of ranks 6-8, as in Dame.
START = (frozenset(range(0, 12)), frozenset(range(20, 32)))
# RG4: a seat's home is the other seat's starting squares.
HOME = (START[1], START[0])

Path = tuple[int, ...]
Board = Sequence[str]


def legal_moves(board: Board, seat: int) -> list[Path]:
    """Every legal move of seat (RG3): each stone's steps in the four diagonal directions, and
    its jumps over an adjacent opponent stone onto the empty square beyond, chained in any
    direction as far as it likes (every prefix of a chain is a move of its own), never landing
    twice on a square of the move, its start included. Empty when seat is blocked (RG4)."""
    out: list[Path] = []
    stone, other = STONE[seat], STONE[1 - seat]

    for sq, cell in enumerate(board):
        if cell == stone:
            for to in NEIGHBOURS[sq]:
                if board[to] == EMPTY:
                    out.append((sq, to))
            _chains(board, other, out, (sq,))
    return out


def _chains(board: Board, other: str, out: list[Path], path: Path) -> None:
    """Every chain of jumps over `other`'s stones (RG3) going on from `path`, added to `out`. A
    function of the module, not a closure: a closure that calls itself is a cycle left to the
    garbage collector after every call (issue 37)."""
    for over, land in JUMPS[path[-1]]:
        if board[over] == other and board[land] == EMPTY and land not in path:
            longer = path + (land,)
            out.append(longer)
            _chains(board, other, out, longer)


def can_move(board: Board, seat: int) -> bool:
    """Whether seat has any legal move (RG4), without listing them: a step or a first jump."""
    stone, other = STONE[seat], STONE[1 - seat]
    for sq, cell in enumerate(board):
        if cell == stone:
            for to in NEIGHBOURS[sq]:
                if board[to] == EMPTY:
                    return True
            for over, land in JUMPS[sq]:
                if board[over] == other and board[land] == EMPTY:
                    return True
    return False


def after(board: str, path: Path) -> str:
    """The board once the stone has moved along path: nothing is captured (RG3)."""
    cells = list(board)
    cells[path[-1]] = cells[path[0]]
    cells[path[0]] = EMPTY
    return "".join(cells)


def at_home(board: Board, seat: int) -> int:
    """How many of seat's stones stand on its home squares (RG4)."""
    stone = STONE[seat]
    return sum(board[sq] == stone for sq in HOME[seat])


def count_stones(board: Board) -> tuple[int, int]:
    return board.count(STONE[0]), board.count(STONE[1])


def move_name(path: Path) -> str:
    """RG1 notation: "c3-d4", "c3-e5-c7-a5"."""
    return "-".join(SQUARES[sq] for sq in path)
