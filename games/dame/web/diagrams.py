"""The rules page's diagrams: boards drawn like the table's, White at the bottom."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.dame.state import STANDARD_BOARD, board_to_dict
from games.plugin import boards

from .board import COLOURS, PIECES, files_and_ranks


def _diagram(pieces: dict[str, str], path=(), captured=(), stops=()) -> dict:
    """A board as the table draws it after a move: `pieces` where they stand then, the move's
    `path` framed and the squares it emptied crossed; `stops` are squares marked with a dot."""
    files, ranks = files_and_ranks(None)
    note = _("the king may stop here") if stops else None
    return {
        "board": boards.board_rows(pieces, None, PIECES, path, captured, stops, None, note),
        "files": files,
        "ranks": ranks,
        "bottom_colour": COLOURS[0],
    }


def diagrams() -> dict:
    return {
        # DA2: the starting position.
        "start": _diagram(board_to_dict(STANDARD_BOARD)),
        # DA4: a man captures three times, twice forwards, then backwards (c3xe5xc7xa5): drawn
        # after the move, as the table shows a last move.
        "capture": _diagram(
            {"a5": "w", "g7": "b", "h8": "B"},
            path=("c3", "e5", "c7", "a5"),
            captured=("d4", "d6", "b6"),
        ),
        # DA4: a flying king jumps from a distance and may stop on any empty square beyond:
        # drawn before the capture, its four stopping squares marked.
        "king": _diagram(
            {"a1": "W", "d4": "b", "f8": "b", "b8": "b"},
            stops=("e5", "f6", "g7", "h8"),
        ),
    }
