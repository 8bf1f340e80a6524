"""The board's squares, drawn in Python: a Dame table shows 64 of them in every update, and as a
template loop they were most of its rendering time (benchmarks/README.md). Each square's HTML
depends on nothing but what its cell says, so it is remembered.

    {{ dame_board.squares(row, interactive) }}        (Jinja2: the board, dame/grid.jinja)
"""

from functools import lru_cache

from django import template
from markupsafe import Markup, escape

register = template.Library()

CROWN = (
    '<svg viewBox="0 0 24 24" class="crown"><path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z"/></svg>'
)


@register.simple_tag
def squares(cells: list[dict], interactive: bool) -> Markup:
    """A row of squares (board.board_rows): a grid's cells when the viewer may move on it,
    else a table's."""
    return Markup(
        "".join(
            _square(
                c["name"],
                c["dark"],
                c["piece"] or "",
                c["side"],
                c["king"],
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
def _square(name, dark, piece, side, king, movable, last, captured, cursor, label, interactive):
    marks = (
        (" sq--movable" if movable else "")
        + (" sq--last" if last else "")
        + (" sq--captured" if captured else "")
    )
    focus = f' id="sq-{name}" tabindex="{0 if cursor else -1}"' if interactive else ""
    inside = ""
    if piece:
        crowned = " piece--king" if king else ""
        inside = (
            f'<span class="piece piece--{side}{crowned}" aria-hidden="true">'
            f"{CROWN if king else ''}</span>"
        )
    return (
        f'<div role="{"gridcell" if interactive else "cell"}"{focus} data-sq="{name}"'
        f' class="sq sq--{"dark" if dark else "light"}{marks}" aria-label="{escape(label)}">'
        f"{inside}</div>"
    )
