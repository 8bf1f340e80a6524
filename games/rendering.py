"""The table as HTML, for one viewer: built only from the game's `view()` for that viewer's seat
(or the public view), so no page or frame can carry what the viewer may not see.

The table is split into regions, each an element with its own id. Pages include them all;
sockets send only the regions whose HTML changed (htmx swaps them by id). The platform's regions
are the same for every game (status, seats, actions, log, people, chat: games/jinja2/games/table/);
each game adds its own (its presenter's `regions`, "<slug>/table/<region>.jinja" in its app's
jinja2/). Regions are Jinja2 templates, rendered two to three times faster than Django's
(korsaren_site/jinja.py).
"""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth.models import AnonymousUser
from django.template import engines
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, trans_real

from accounts.models import User
from games import chat, registry
from games.models import Match
from games.plugin import once
from games.seat_names import names_by_position
from games.selectors import away_at, latest_ended_round, round_actors, seat_of, state_of
from games.services import TIMEOUTS_BEFORE_TAKEOVER
from games.templatetags.table_urls import cached_url, newest_first

PLATFORM_REGIONS = ("status", "seats", "actions", "log", "people", "chat", "chat_form")
# The platform's regions that every viewer sees alike, given these context entries (and the
# language); the tabs of a server process share one rendering of them per table version (a
# game's presenter may add entries a region of the platform's depends on in its game, as
# Whist's seats show your partner). The seats show no viewer's own controls (those are in
# "people"); the viewer's own seat is marked by the page's data-my-seat and table.css.
PLATFORM_SHARED = {"status": ("my_turn", "table_full", "away"), "seats": ("can_remove_bots",)}


def regions_of(game: str) -> tuple[str, ...]:
    return PLATFORM_REGIONS + registry.presenter(game).regions


# Regions the platform draws for a game that has no template of its own for them.
PLATFORM_DEFAULTS = ("result",)


@lru_cache(maxsize=256)
def template_name(game: str, region: str) -> str:
    if region in PLATFORM_REGIONS:
        return f"games/table/{region}.jinja"
    own = f"{game}/table/{region}.jinja"
    if region in PLATFORM_DEFAULTS and own not in engines["jinja2"].env.list_templates():
        return f"games/table/{region}.jinja"
    return own


def render_region(template: str, ctx: dict) -> SafeString:
    """One region (or a piece of one, as Korsaren's lay-down panel) as HTML, safe to put in a
    page as it is (Jinja2 escaped every value that went into it). As Template.render, with the
    template's globals merged once (render merges them from a chain of mappings every time)."""
    env = engines["jinja2"].env
    region = env.get_template(template)
    values = {**_globals(region), **ctx, **_words(trans_real.catalog())}
    try:
        html = env.concat(region.root_render_func(region.new_context(values, shared=True)))
    except Exception:
        env.handle_exception()  # the template's own line in the traceback, as render does
    return mark_safe(html)  # noqa: S308


@lru_cache(maxsize=256)
def _globals(region) -> dict:
    return dict(region.globals)


@lru_cache(maxsize=32)
def _words(catalog) -> dict:
    """The region templates' gettext functions for one language's catalogue, each word looked
    up once: Django's gettext finds the active catalogue again for every word (a context-local
    lookup; the regions of a move say dozens of words)."""
    gettext = lru_cache(maxsize=4096)(catalog.gettext)
    return {
        "_": gettext,
        "gettext": gettext,
        "ngettext": lru_cache(maxsize=4096)(catalog.ngettext),
        "pgettext": lru_cache(maxsize=1024)(catalog.pgettext),
    }


def table_context(
    match: Match,
    user: User,
    invited: bool = False,
    site_root: str = "",
    *,
    with_chat: bool = True,
    muted: set[int] | None = None,
) -> dict:
    """Everything the regions show this viewer. Without `with_chat`, the chat is left out (a move
    does not change it: sockets skip its queries); `muted` is the viewer's mutes, if known."""
    config = registry.get(match.game)
    presenter = config.presenter
    seats = list(match.seats.all())
    mine = seat_of(match, user)
    signed_in = user.is_authenticated  # (a socket's user is a lazy object: asked once)
    by_position = {s.position: s for s in seats}
    names = names_by_position(seats, match.seat_count)
    bot_names = presenter.bot_names()
    ctx: dict = {
        "match": match,
        "game": config,
        "presenter": presenter,
        "options_text": presenter.options_text(match.options),
        "me": mine,
        "names": names,
        "invited": invited,
        "request_root": site_root,
        "user": user,
        "language": get_language(),  # for what a presenter memoises per language
        "is_creator": signed_in and user.pk == match.created_by_id,
        "table_full": len(seats) >= match.seat_count,
        "my_seat": mine.position if mine is not None else None,
        "bot_levels": list(bot_names.items()),
        "v": None,
        "status_notes": [],
        "log_lines": [],
    }
    seat_rows = []
    for p in range(match.seat_count):
        s = by_position.get(p)
        seat_rows.append(
            {
                "position": p,
                "seat": s,
                "name": names[p],
                "is_me": mine is not None and s is mine,
                "is_bot": bool(s and s.bot_level),
                "is_bot_account": bool(s and s.user.is_bot),
                "bot_name": bot_names.get(s.bot_level, "") if s and s.bot_level else "",
                # Made here, not by {% url %} (the tags were half of the seats region), and
                # only if shown: a move renders neither the people region nor bot removals.
                "mute_url": once(cached_url, "table_mute", match.pk, s.user_id) if s else "",
                "report_url": once(_report_url, match.pk, s.user_id) if s else "",
                "remove_bot_url": once(cached_url, "table_remove_bot", match.pk, p),
                "facts": [],
                "badges": [],
            }
        )
    ctx["seat_rows"] = seat_rows
    ctx["can_remove_bots"] = match.is_open and ctx["is_creator"]
    # The other players, to mute in the chat or to report (the "people" region).
    ctx["others"] = [
        row
        for row in seat_rows
        if signed_in and row["seat"] and not row["is_me"] and not row["is_bot_account"]
    ]
    # R10: the turn timer played for this player; at TIMEOUTS_BEFORE_TAKEOVER a bot takes over.
    if mine is not None and mine.timeouts and not mine.bot_level:
        left = TIMEOUTS_BEFORE_TAKEOVER - mine.timeouts
        ctx["timeouts"] = {"count": mine.timeouts, "left": left}
    # The chat's box, for those who may write: a region, so that it comes with "Join" (issue
    # 28.13) and goes when the match ends; sent only when it changes, so typing is never lost.
    ctx["chat_writable"] = chat.seat_may_write(match, mine)
    ctx["muted"] = chat.muted_by(user) if muted is None else muted
    if with_chat:
        ctx["chat_readable"] = chat.can_read(match, user)
        ctx["chat_messages"] = chat.messages_for(match, user, muted=ctx["muted"])
    if match.status == Match.Status.FINISHED:
        # A finished table leads on: its record, a rematch, the lobby (GAMES.md).
        ctx["rematch"] = match.rematches.filter(status=Match.Status.OPEN).first()
        ctx["in_rematch"] = bool(
            ctx["rematch"] and user.is_authenticated and ctx["rematch"].seats.filter(user=user)
        )
    if match.state is None:
        return ctx

    engine = config.game
    state, status = state_of(match)
    my_position = mine.position if mine is not None else None
    v = engine.view(state, my_position)
    for row in seat_rows:
        row["to_move"] = row["position"] in status.to_act and match.is_active
    on_turn = match.is_active and my_position is not None and my_position in status.to_act
    # Optional moves out of turn (an interjection, an announcement): only the viewer's own, in
    # the actions region, which is never shared; `status.optional` alone gives nothing away.
    optional = (
        match.is_active
        and my_position in status.optional
        and not on_turn
        and not mine.bot_level
        and bool(config.presenter.optional_template)
    )
    ctx.update(
        v=v,
        status=status,
        my_turn=on_turn and not mine.bot_level,
        waiting_names=[names[p] for p in status.to_act],
        between_rounds=match.is_active and status.round_over,
        deadline=match.deadline,
        latest_round=latest_ended_round(match),
        # Time off (issue 21): why a slow table's timer stands still, told to the table's other
        # players only (issue 28.10: a watcher may not learn who is away, nor until when).
        away=tuple(
            (names[seat.position], until)
            for seat, until in (away_at(match) if mine is not None else ())
            if seat.position != mine.position
        ),
        round_actors=round_actors(match),
        optional_moves=engine.legal_actions(state, my_position) if optional else [],
    )
    presenter.table_context(ctx)
    ctx.setdefault("log_heading", presenter.log_heading)
    ctx["log_lines"] = presenter.log_text(presenter.log_entries(ctx), names, ctx["round_actors"])
    return ctx


def public_context(match: Match) -> dict:
    """What a spectator sees: the shared regions are rendered from this wherever a viewer's
    values of what they depend on are the same (so they cannot carry anyone's secrets)."""
    return table_context(match, AnonymousUser(), with_chat=False, muted=set())


def _report_url(match_id: int, user_id: int) -> str:
    return f"{cached_url('report_new')}?user={user_id}&match={match_id}"


def render_regions(
    ctx: dict,
    oob: bool = False,
    regions: tuple[str, ...] | None = None,
    shared: dict | None = None,
    known: dict | None = None,
    public=None,
) -> dict[str, str]:
    """Each region's HTML. With `oob`, every root element carries hx-swap-oob (htmx swaps it
    by id wherever it arrives: a socket frame or the response to a move). `shared` keeps the
    regions every viewer sees alike, rendered for one version of the table, for its other
    viewers: from `public()` (the public context) where this viewer's values of what the
    region depends on are the public ones, else from this viewer's context. `known` holds
    the keys (Presenter.region_keys) of what one tab has: a region whose key it already has
    is left out, and the keys of those rendered are put in; and the move log's lines it has,
    so that it is sent only the lines it lacks."""
    game = ctx["match"].game
    presenter = ctx["presenter"]
    ctx = {**ctx, "oob": oob}
    html = {}
    keys = presenter.region_keys(ctx) if known is not None else {}
    language = get_language()
    for name in regions or regions_of(game):
        if name == "log" and known is not None and oob:
            lines = ctx.get("log_lines") or ()
            more = _more_log_lines(lines, ctx.get("log_heading"), language, known)
            if more is not None:
                if more:
                    html[name] = more
                continue
        elif name in keys:
            key = (language, oob, keys[name])
            if known.get(name) == key:
                continue  # the tab shows this already
            known[name] = key
        elif known is not None:
            known.pop(name, None)  # rendered without a key: what the tab shows has none now
        depends = presenter.shared_regions.get(name, PLATFORM_SHARED.get(name))
        if shared is None or depends is None:
            html[name] = render_region(template_name(game, name), ctx)
            continue
        key = (name, oob, language, *(ctx.get(k) for k in depends))
        if key not in shared:
            source = ctx
            if public is not None:
                base = public()
                if all(base.get(k) == ctx.get(k) for k in depends):
                    source = {**base, "oob": oob}
            shared[key] = render_region(template_name(game, name), source)
        html[name] = shared[key]
    return html


def _more_log_lines(lines, heading, language: str, known: dict) -> str | None:
    """The move log's lines a tab lacks, as items for the top of its list (newest first), when
    it has all the others (every move adds a line, and the whole round's log was a third of
    a frame); "" when it has them all; None when it needs the region again: a new round, a
    line that now says more (Korsaren's lay-downs, at the scoring), a new heading or language.
    `known["log"]` keeps what the tab has."""
    lines, state = tuple(lines), (language, str(heading or ""))
    had = known.get("log")
    known["log"] = (state, lines)
    if had is None or had[0] != state or not had[1] or lines[: len(had[1])] != had[1]:
        return None
    new = lines[len(had[1]) :]
    if not new:
        return ""
    # data-lines: each such frame differs from the one before (sockets skip a repeated one).
    return (
        f'<ol hx-swap-oob="afterbegin:#table-log .move-log" data-lines="{len(lines)}">'
        f"{newest_first(new)}</ol>"
    )
