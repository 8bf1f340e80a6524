"""The platform's checkerboard component, its Python half (docs/board.md): the 64 squares of an
8x8 board as the templates draw them, each an element with its accessible name ("white man on
c3, can move"), seen from the viewer's side, for every game played on the squares of
games.core.checkerboard.

A game says what its pieces are called and how they look (`Pieces`); this module does the rest:
the squares in the viewer's order, the last move's marks, the pieces that may move, the keyboard
cursor, and the HTML of each square (remembered: a table draws 64 of them on every update).

    rows = board_rows(board, seat, PIECES, last=("c3", "e5"), captured=("d4",), movable=("a3",))
    files, ranks = edges(seat)
    {% include "games/board/grid.jinja" %}          (Jinja2; its context: docs/board.md)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from markupsafe import Markup, escape

from games.core.checkerboard import is_dark, rows

CROWN = (
    '<svg viewBox="0 0 24 24" class="crown"><path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z"/></svg>'
)


@dataclass(frozen=True)
class Pieces:
    """A game's pieces by the letter its engine's board uses for them ("w", "B"): `names`, each
    one's accessible name (lazy, translated when drawn); `classes`, the CSS classes it is drawn
    with besides `piece` ("piece--white piece--king", docs/board.md); `emblems`, an SVG drawn
    inside the piece (CROWN for a king), for the pieces that carry one. Colour is never the
    only cue: a game whose pieces differ in kind gives them emblems."""

    names: Mapping[str, object]
    classes: Mapping[str, str]
    emblems: Mapping[str, str] = field(default_factory=dict)


def square_label(name: str, piece: str | None, pieces: Pieces) -> str:
    """A square's accessible name: "light square a2", "empty square d4", "white man on c3"."""
    piece_name = str(pieces.names.get(piece, "")) if piece else ""
    return _label(name, piece or "", piece_name, get_language())


@lru_cache(maxsize=4096)  # 64 squares x a few pieces x a few languages
def _label(name: str, piece: str, piece_name: str, language: str) -> str:
    if not is_dark(name):
        return _("light square %(square)s") % {"square": name}
    if piece:
        return _("%(piece)s on %(square)s") % {"piece": piece_name, "square": name}
    return _("empty square %(square)s") % {"square": name}


def board_rows(
    board: Mapping[str, str],
    seat: int | None,
    pieces: Pieces,
    last: Iterable[str] = (),
    captured: Iterable[str] = (),
    movable: Iterable[str] = (),
    cursor: str | None = None,
    movable_note: str | None = None,
) -> list[list[dict]]:
    """The 64 squares top row first as `seat` sees them (seat 1 sees the board turned round; a
    spectator, None, as seat 0), each a dict for `squares()`:

    `board` maps square names to piece letters; `last` is the last move's path (its first and
    last squares are marked "from here" and "to here", all of them framed; one square: a piece
    placed there); `captured` the squares it emptied; `movable` the squares the viewer may choose
    first (a piece that can move, or an empty square a piece can be placed on), named with
    `movable_note` (default "can move"). The keyboard cursor starts on `cursor`, else on the first
    movable square, else where the last move ended, else in the viewer's near left corner."""
    path = list(last)
    captured = set(captured)
    movable = set(movable)
    if cursor is None:
        cursor = min(movable) if movable else (path[-1] if path else ("a1" if seat != 1 else "h8"))
    notes_from, notes_to = _("last move: from here"), _("last move: to here")
    note_taken = _("captured in the last move")
    note_movable = movable_note or _("can move")
    language = get_language()
    names = {code: str(name) for code, name in pieces.names.items()}
    out = []
    for row in rows(seat):
        cells = []
        for name in row:
            piece = board.get(name) or ""
            notes = []
            if name in movable:
                notes.append(note_movable)
            if len(path) > 1 and name == path[0]:
                notes.append(notes_from)
            elif path and name == path[-1]:
                notes.append(notes_to)
            if name in captured:
                notes.append(note_taken)
            label = _label(name, piece, names.get(piece, ""), language)
            cells.append(
                {
                    "name": name,
                    "dark": is_dark(name),
                    "piece": piece,
                    "classes": pieces.classes.get(piece, ""),
                    "emblem": pieces.emblems.get(piece, ""),
                    "label": ", ".join([label, *notes]),
                    "movable": name in movable,
                    "last": name in path,
                    "captured": name in captured,
                    "cursor": name == cursor,
                }
            )
        out.append(cells)
    return out


def edges(seat: int | None) -> tuple[list[str], list[str]]:
    """The board's edge labels as `seat` sees them: files left to right, ranks top down."""
    grid = rows(seat)
    return [sq[0] for sq in grid[-1]], [r[0][1] for r in grid]


def squares(cells: list[dict], interactive: bool) -> Markup:
    """A row of squares (board_rows) as HTML: a grid's cells when the viewer may move on it
    (each focusable by the script, static/js/board.js), else a table's."""
    return Markup(
        "".join(
            _square(
                c["name"],
                c["dark"],
                c["piece"],
                c["classes"],
                c["emblem"],
                c["movable"],
                c["last"],
                c["captured"],
                c["cursor"],
                c["label"],
                bool(interactive),
            )
            for c in cells
        )
    )


@lru_cache(maxsize=16384)  # 64 squares, their pieces and marks, in a few languages
def _square(name, dark, piece, classes, emblem, movable, last, captured, cursor, label, active):
    marks = (
        (" sq--movable" if movable else "")
        + (" sq--last" if last else "")
        + (" sq--captured" if captured else "")
    )
    focus = f' id="sq-{name}" tabindex="{0 if cursor else -1}"' if active else ""
    inside = ""
    if piece:
        inside = f'<span class="piece {classes}" aria-hidden="true">{emblem}</span>'
    return (
        f'<div role="{"gridcell" if active else "cell"}"{focus} data-sq="{name}"'
        f' class="sq sq--{"dark" if dark else "light"}{marks}" aria-label="{escape(label)}">'
        f"{inside}</div>"
    )
