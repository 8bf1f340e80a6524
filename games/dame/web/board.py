"""Dame's words and pieces on the platform's board (games/boards.py, docs/board.md, DA1, DA8):
every square an element with an accessible name ("white man on c3"), seen from the viewer's
side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from games.core.checkerboard import parse_path
from games.dame.rules import record_name
from games.plugin import boards

# DA1: seat 0 plays White, seat 1 Black.
COLOURS = (pgettext_lazy("Dame side", "White"), pgettext_lazy("Dame side", "Black"))
PIECES = boards.Pieces(
    names={
        "w": gettext_lazy("white man"),
        "W": gettext_lazy("white king"),
        "b": gettext_lazy("black man"),
        "B": gettext_lazy("black king"),
    },
    classes={
        "w": "piece--white",
        "W": "piece--white piece--king",
        "b": "piece--black",
        "B": "piece--black piece--king",
    },
    emblems={"W": boards.CROWN, "B": boards.CROWN},  # DA5: kings are crowned
)


def record(move: str, captured) -> str:
    """DA1's move (c3-e5-c7) in the usual record notation: c3xe5xc7 for a capture."""
    return record_name((parse_path(move), tuple(captured)))


def board_rows(
    board: dict[str, str],
    seat: int | None,
    last: dict | None = None,
    movable=(),
    cursor: str | None = None,
) -> list[list[dict]]:
    """The 64 squares as `seat` sees them (a spectator sees White at the bottom), the last move
    marked and, on the viewer's turn, the pieces that may move (only the capturing ones when
    capturing is compulsory, DA4)."""
    path = last["path"] if last else ()
    captured = last["captured"] if last else ()
    return boards.board_rows(board, seat, PIECES, path, captured, movable, cursor)


files_and_ranks = boards.edges
