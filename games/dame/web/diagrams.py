"""The rules page's diagrams: boards drawn like the table's, White at the bottom."""

from __future__ import annotations

from games.dame.state import STANDARD_BOARD, board_to_dict

from .board import COLOURS, board_rows, files_and_ranks


def _diagram(pieces: dict[str, str], path=(), captured=()) -> dict:
    files, ranks = files_and_ranks(None)
    last = {"path": list(path), "captured": list(captured)} if path else None
    return {
        "board": board_rows(pieces, None, last),
        "files": files,
        "ranks": ranks,
        "bottom_colour": COLOURS[0],
    }


def diagrams() -> dict:
    return {
        # DA2: the starting position.
        "start": _diagram(board_to_dict(STANDARD_BOARD)),
        # DA4: a man captures three times, twice forwards, then backwards (c3xe5xc7xa5).
        "capture": _diagram(
            {"c3": "w", "d4": "b", "d6": "b", "b6": "b", "g7": "b", "h8": "B"},
            path=("c3", "e5", "c7", "a5"),
            captured=("d4", "d6", "b6"),
        ),
        # DA4: a flying king jumps from a distance and may stop on any empty square beyond.
        "king": _diagram(
            {"a1": "W", "d4": "b", "f8": "b", "b8": "b"},
            path=("a1", "g7"),
            captured=("d4",),
        ),
    }
