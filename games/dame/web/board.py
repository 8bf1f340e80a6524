"""Dame's words and the board as the templates draw it (DA1, DA8): every square an element
with an accessible name ("white man on c3"), seen from the viewer's side."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from games.core.checkerboard import is_dark, parse_path, rows
from games.dame.rules import record_name

# DA1: seat 0 plays White, seat 1 Black.
COLOURS = (pgettext_lazy("Dame side", "White"), pgettext_lazy("Dame side", "Black"))
PIECE_NAMES = {
    "w": gettext_lazy("white man"),
    "W": gettext_lazy("white king"),
    "b": gettext_lazy("black man"),
    "B": gettext_lazy("black king"),
}


def record(move: str, captured) -> str:
    """DA1's move (c3-e5-c7) in the usual record notation: c3xe5xc7 for a capture."""
    return record_name((parse_path(move), tuple(captured)))


def square_label(name: str, piece: str | None) -> str:
    return _label(name, piece or "", get_language())


@lru_cache(maxsize=2048)  # 64 squares x 5 pieces x a few languages
def _label(name: str, piece: str, language: str) -> str:
    if not is_dark(name):
        return _("light square %(square)s") % {"square": name}
    if piece:
        return _("%(piece)s on %(square)s") % {"piece": PIECE_NAMES[piece], "square": name}
    return _("empty square %(square)s") % {"square": name}


def board_rows(
    board: dict[str, str],
    seat: int | None,
    last: dict | None = None,
    movable=(),
    cursor: str | None = None,
) -> list[list[dict]]:
    """The 64 squares top row first as `seat` sees them (its own pieces at the bottom; a
    spectator sees White at the bottom), with the last move marked and, on the viewer's turn,
    the pieces that may move (only the capturing ones when capturing is compulsory, DA4)."""
    path = last["path"] if last else []
    captured = set(last["captured"]) if last else set()
    movable = set(movable)
    if cursor is None:
        cursor = min(movable) if movable else (path[-1] if path else ("a1" if seat != 1 else "h8"))
    notes_from, notes_to = _("last move: from here"), _("last move: to here")
    note_taken, note_movable = _("captured in the last move"), _("can move")
    language = get_language()
    out = []
    for row in rows(seat):
        cells = []
        for name in row:
            piece = board.get(name)
            notes = []
            if name in movable:
                notes.append(note_movable)
            if path and name == path[0]:
                notes.append(notes_from)
            elif path and name == path[-1]:
                notes.append(notes_to)
            if name in captured:
                notes.append(note_taken)
            label = _label(name, piece or "", language)
            cells.append(
                {
                    "name": name,
                    "dark": is_dark(name),
                    "piece": piece,
                    "side": "white" if piece in ("w", "W") else "black",
                    "king": piece in ("W", "B"),
                    "label": ", ".join([label, *notes]),
                    "movable": name in movable,
                    "last": name in path,
                    "captured": name in captured,
                    "cursor": name == cursor,
                }
            )
        out.append(cells)
    return out


def files_and_ranks(seat: int | None) -> tuple[list[str], list[str]]:
    """The board's edge labels as `seat` sees them: files left to right, ranks top down."""
    grid = rows(seat)
    return [sq[0] for sq in grid[-1]], [r[0][1] for r in grid]
