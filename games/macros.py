"""The table's plumbing for a game's region templates (docs/web-part.md): Jinja globals, called
with a body as {% call region(...) %}...{% endcall %}. They write the root element of a region
and the form of a move, so that a game writes only what its regions show.

- region(id, label): the region's root element. It carries the id that socket frames swap it
  by (hx-swap-oob when it is sent as an update), its accessible name, tabindex -1 (table.js
  moves the focus to it) and, given `announce`, what table.js tells screen readers when it
  changes.
- board_moves(prefix): a board game's move controls (docs/board.md).
- move_form(): a form that plays a move: posted to the table's act URL, with the CSRF token and
  the table's version (a move made on an old version is refused, never played twice), through
  htmx without a page load (the socket brings the new table), and as a plain POST without
  scripts. `action` adds the hidden field most moves name themselves by; other keywords are
  attributes (data_kind="sail" is data-kind="sail").
"""

from __future__ import annotations

from functools import lru_cache

from jinja2 import pass_context
from markupsafe import Markup, escape

from games.templatetags.table_urls import cached_url


def _attributes(pairs) -> str:
    return "".join(f' {name}="{escape(value)}"' for name, value in pairs if value is not None)


@lru_cache(maxsize=4096)  # a region's root is the same for every viewer and most moves
def _region_tag(tag, id, label, labelledby, class_, announce, focusable, oob) -> str:  # noqa: A002
    attributes = _attributes(
        [
            ("id", id),
            ("class", class_ or None),
            ("aria-label", label),
            ("aria-labelledby", labelledby),
            ("tabindex", "-1" if focusable else None),
            ("data-announce", announce),
            ("hx-swap-oob", "true" if oob else None),
        ]
    )
    return f"<{tag}{attributes}>"


@pass_context
def region(
    ctx,
    id: str,  # noqa: A002 (the element's id, as in HTML)
    label: str | None = None,
    *,
    labelledby: str | None = None,
    class_: str = "",
    announce: str | None = None,
    tag: str = "section",
    focusable: bool = True,
    caller=None,
) -> Markup:
    # Strings, not lazy translations, as the cache's key: the words of the active language.
    label = None if label is None else str(label)
    announce = None if announce is None else str(announce)
    opening = _region_tag(
        tag, id, label, labelledby, class_, announce, focusable, bool(ctx.get("oob"))
    )
    body = escape(caller()) if caller else ""
    return Markup(f"{opening}{body}</{tag}>")


@pass_context
def move_form(
    ctx,
    *,
    action: str | None = None,
    id: str | None = None,  # noqa: A002
    class_: str = "",
    include: str = "",
    caller=None,
    **more,
) -> Markup:
    url = cached_url("table_act", ctx["match"].pk)
    attributes = _attributes(
        [
            ("id", id),
            ("class", class_ or None),
            ("method", "post"),
            ("action", url),
            ("hx-post", url),
            ("hx-swap", "none"),
            ("hx-include", ", ".join(filter(None, ["#table-version", include]))),
            *((name.replace("_", "-"), value) for name, value in more.items()),
        ]
    )
    hidden = f'<input type="hidden" name="action" value="{escape(action)}">' if action else ""
    body = escape(caller()) if caller else ""
    csrf = str(ctx.get("csrf_input") or "")  # the framework's own markup
    return Markup(f"<form{attributes}>{csrf}{hidden}{body}</form>")


@pass_context
def board_moves(
    ctx, prefix: str, action: str = "move", label=None, button=None, caller=None
) -> Markup:
    """A board game's move controls (docs/board.md), `games/board/moves.jinja` rendered with the
    call's body as the hint. A function rather than a macro imported `with context`: such an
    import makes a new module per render whose macros and context hold each other, a cycle
    left to the garbage collector for every seat and move (issue 37)."""
    template = ctx.environment.get_template("games/board/moves.jinja")
    hint = caller() if caller else ""
    return Markup(
        template.render(
            ctx.get_all(), prefix=prefix, action=action, label=label, button=button, hint=hint
        )
    )


GLOBALS = {"region": region, "move_form": move_form, "board_moves": board_moves}
