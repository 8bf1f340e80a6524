"""Halma-Dame's moves (HD3) as small pure functions over a board: 32 one-character cells, one per
dark square in games.core.checkerboard's order, "." for empty, "b" (Black, seat 0) and "w"
(White, seat 1) for the stones (HD1). The engine keeps boards as strings, the bots' search as
lists it changes and restores; both read them with the same functions here.

A move is its path: the squares the moving stone occupies in turn (start, then the step's square
or every landing square of a chain), a tuple of square numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.checkerboard import FORWARD_JUMPS, FORWARD_NEIGHBOURS, SQUARES

EMPTY = "."
STONE = ("b", "w")  # by seat: seat 0 is Black and moves first (HD2)
STONES_PER_SIDE = 8  # HD2 (Decided: never 9)

# HD2: Black on the dark squares of ranks 1-2, White on those of ranks 7-8.
START = (frozenset(range(0, 8)), frozenset(range(24, 32)))
# HD4: a seat's target area is the other seat's starting squares.
TARGET = (START[1], START[0])

Path = tuple[int, ...]
Board = Sequence[str]


def legal_moves(board: Board, seat: int) -> list[Path]:
    """Every legal move of seat (HD3): each stone's forward steps, and its jumps over any
    adjacent stone onto the empty square beyond, chained forward as far as it likes (every
    prefix of a chain is a move of its own). Empty when seat cannot move (HD5)."""
    out: list[Path] = []
    stone = STONE[seat]
    steps, jumps = FORWARD_NEIGHBOURS[seat], FORWARD_JUMPS[seat]
    for sq, cell in enumerate(board):
        if cell == stone:
            for to in steps[sq]:
                if board[to] == EMPTY:
                    out.append((sq, to))
            _chains(board, jumps, out, (sq,))
    return out


def _chains(board: Board, jumps, out: list[Path], path: Path) -> None:
    """Every chain of jumps (HD3) going on from `path`, added to `out`. A function of the
    module, not a closure: a closure that calls itself is a cycle left to the garbage collector
    after every call (issue 37)."""
    for over, land in jumps[path[-1]]:
        # HD3: the jumped stone (own or other) is free: the square behind it is empty.
        if board[over] != EMPTY and board[land] == EMPTY:
            longer = path + (land,)
            out.append(longer)
            _chains(board, jumps, out, longer)  # forward only: never back to a square


def can_move(board: Board, seat: int) -> bool:
    """Whether seat has any legal move (HD5), without listing them: a step or a first jump."""
    stone = STONE[seat]
    steps, jumps = FORWARD_NEIGHBOURS[seat], FORWARD_JUMPS[seat]
    for sq, cell in enumerate(board):
        if cell == stone:
            for to in steps[sq]:
                if board[to] == EMPTY:
                    return True
            for over, land in jumps[sq]:
                if board[over] != EMPTY and board[land] == EMPTY:
                    return True
    return False


def after(board: str, path: Path) -> str:
    """The board once the stone has moved along path: nothing is captured (HD3)."""
    cells = list(board)
    cells[path[-1]] = cells[path[0]]
    cells[path[0]] = EMPTY
    return "".join(cells)


def in_target(board: Board, seat: int) -> int:
    """How many of seat's stones stand in its target area (HD4)."""
    stone = STONE[seat]
    return sum(board[sq] == stone for sq in TARGET[seat])


def count_stones(board: Board) -> tuple[int, int]:
    return board.count(STONE[0]), board.count(STONE[1])


def move_name(path: Path) -> str:
    """HD1 notation: "c3-d4", "c3-e5-g7"."""
    return "-".join(SQUARES[sq] for sq in path)
