"""WebSocket consumers: one per open tab. They push each viewer's own rendering of the table when
it changes, and take the tab's chat lines and moves (games/moves.py, as the POST endpoint)."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header

from games import chat, moves, selectors, socket_limits
from games.converters import plain_number
from games.models import Match
from games.rendering import public_context, regions_of, render_regions, table_context
from games.services import (
    LOBBY_GROUP,
    Change,
    Conflict,
    NotAllowed,
    ServiceError,
    committed_here,
    notify_chat,
    session_tag,
    table_group,
    turns_group,
    user_group,
)
from games.views import INVITES_SESSION_KEY, lobby_context, message_region

FORBIDDEN = 4403  # close code: not allowed to watch this table
BANNED = 4401  # close code: the account was banned
SESSION_ENDED = 4419  # close code: signed out, or the account's sessions ended (as HTTP 419)
TOO_MANY_SOCKETS = 4429  # close code: the user has settings.KORSAREN_SOCKETS_PER_USER open
MAX_FRAME = 4096  # bytes; a chat message is at most 300 characters


def site_root(scope: dict) -> str:
    """The site's address as the socket's page has it ("https://host"), for the links a region
    shows in full (the invite link), as the page's request.scheme and get_host() give it."""
    headers = dict(scope.get("headers", []))
    secure = scope.get("scheme") == "wss" or headers.get(b"x-forwarded-proto") == b"https"
    host = headers.get(b"host", b"").decode("latin-1")
    return f"{'https' if secure else 'http'}://{host}" if host else ""


def scope_language(scope: dict) -> str:
    """A socket's language, chosen as for its tab's HTTP requests (LocaleMiddleware and
    accounts.middleware): the player's profile, then the language cookie, then the browser.
    Sync only: it may load the user."""
    user = scope.get("user")
    candidates = [
        getattr(user, "preferred_language", ""),
        scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, ""),
    ]
    accept = dict(scope.get("headers", [])).get(b"accept-language", b"").decode("latin-1")
    candidates += [code for code, _q in parse_accept_lang_header(accept) if code != "*"]
    for code in filter(None, candidates):
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class UserSocket(AsyncWebsocketConsumer):
    """A socket that closes at once when its user is banned, or when the session it was opened
    in ends (issue 15): signed out there, or every session of the account void (a new password,
    the account deleted). Its cookie then opens no socket of the user again."""

    async def dispatch(self, message: dict) -> None:
        """As channels' own, without its close_old_connections() before every message: that
        runs in the process's one shared sync thread, so every tab's every update queued there
        behind the others (and behind anything slow). Here every database call goes through
        database_sync_to_async, which closes stale connections in the thread that uses them."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        """Leave what the socket joined: its own group (`group`, once connected), the user's
        group, and its place under the user's cap."""
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.leave_user_group()
        await self.release_place()

    async def claim_place(self) -> bool:
        """Count this socket against its user's cap, or a visitor's against their address's and
        all visitors' (games/socket_limits.py). Past it, the socket is accepted and closed at
        once with TOO_MANY_SOCKETS, so that the page knows (the socket is not retried, as it
        would be after a refused handshake)."""
        user = self.scope["user"]
        user_id = user.pk if user.is_authenticated else None
        owners = socket_limits.owners(user_id, socket_limits.client_address(self.scope))
        if await _claim(owners, self.channel_name):
            self.claimed = owners
            return True
        await self.accept()
        await self.close(code=TOO_MANY_SOCKETS)
        return False

    async def release_place(self) -> None:
        if hasattr(self, "claimed"):
            await _release(self.claimed, self.channel_name)

    async def join_user_group(self) -> None:
        user = self.scope["user"]
        if user.is_authenticated:
            self.user_group = user_group(user.pk)
            self.session = session_tag(self.scope["session"].session_key or "")
            await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def leave_user_group(self) -> None:
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def account_banned(self, event: dict) -> None:
        await self.close(code=BANNED)

    async def session_ended(self, event: dict) -> None:
        """games.services.end_sockets: this session's sockets (`session`), or all (None)."""
        if event["session"] in (None, self.session):
            await self.close(code=SESSION_ENDED)

    async def mutes_changed(self, event: dict) -> None:
        """The player's chat mutes changed: only a table shows them."""


@dataclass
class Snapshot:
    """One read of a table, and the regions rendered from it that its viewers share
    (games.rendering, shared regions, and the public context they are rendered from, per
    language; used by the render thread only)."""

    load: int  # which load read it: a later one read a later database
    match: Match
    shared: dict = field(default_factory=dict)
    public: dict = field(default_factory=dict)

    def public_context(self) -> dict:
        language = translation.get_language()
        if language not in self.public:
            self.public[language] = public_context(self.match)
        return self.public[language]


class TableSnapshots:
    """The newest table read from the database, per match, shared by this process's tabs: a move
    at a table is loaded once per server process, not once per seat and spectator.

    Every change of a match in play bumps its version (games/services.py), so a snapshot at
    least as new as an event's version is current for it; events without a version (seats of
    an open table) always load afresh. Lives on the event loop: no locks needed."""

    SIZE = 2048  # matches kept; a busy process has a few hundred tables open

    def __init__(self) -> None:
        self.newest: OrderedDict[int, Snapshot] = OrderedDict()
        self.loading: dict[int, asyncio.Future] = {}
        self.loads = 0  # snapshots made: read (`reads`) or adopted from a move made here
        self.reads = 0
        self.loop: asyncio.AbstractEventLoop | None = None

    def offer(self, match: Match, change: Change) -> None:
        """A move of this process committed `match` (any thread: services' after-commit, before
        the table's group is told). Its tabs here take it as the next version's read."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._adopt, match, change)

    def _adopt(self, match: Match, change: Change) -> None:
        known = self.newest.get(match.pk)
        if known is None or match.pk in self.loading:
            return  # nobody here watches it, or a read is under way: that one wins
        if not selectors.table_after(known.match, match, change.moved_by, change.seats_read):
            return
        self.loads += 1
        self.newest[match.pk] = Snapshot(self.loads, match)
        self.newest.move_to_end(match.pk)

    async def get(self, match_id: int, version: int | None) -> Snapshot | None:
        self.loop = asyncio.get_running_loop()
        if version is not None:
            cached = self.newest.get(match_id)
            if cached is not None and cached.match.version >= version:
                self.newest.move_to_end(match_id)
                return cached
            pending = self.loading.get(match_id)
            if pending is not None:
                snapshot = await asyncio.shield(pending)
                if snapshot is None or snapshot.match.version >= version:
                    return snapshot
        return await self._load(match_id)

    async def _load(self, match_id: int) -> Snapshot | None:
        self.loads += 1
        self.reads += 1
        load = self.loads
        future = asyncio.get_running_loop().create_future()
        self.loading[match_id] = future
        known = self.newest.get(match_id)
        try:
            match = await _load_table(match_id, known.match if known else None)
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # marked retrieved: only tabs waiting on it need to see it
            raise
        finally:
            if self.loading.get(match_id) is future:
                del self.loading[match_id]
        snapshot = Snapshot(load, match) if match is not None else None
        future.set_result(snapshot)
        kept = self.newest.get(match_id)
        if kept is None or kept.load < load:
            if snapshot is None:
                self.newest.pop(match_id, None)
            else:
                self.newest[match_id] = snapshot
                self.newest.move_to_end(match_id)
                while len(self.newest) > self.SIZE:
                    self.newest.popitem(last=False)
        return snapshot


class Renders:
    """The tabs of this process that a message woke together (a move: every tab at that table)
    are rendered in one go, in one hop to the render thread, not one hop each."""

    def __init__(self) -> None:
        self.jobs: list = []

    async def render(self, tab: TableConsumer, snapshot: Snapshot, regions: tuple[str, ...]):
        future = asyncio.get_running_loop().create_future()
        self.jobs.append((tab, snapshot, regions, future))
        if len(self.jobs) == 1:
            asyncio.get_running_loop().create_task(self._run())
        return await future

    async def _run(self) -> None:
        await asyncio.sleep(0)  # the other tabs woken by the same message ask meanwhile
        jobs, self.jobs = self.jobs, []
        try:
            results = await _render_all(jobs)
        except Exception as e:
            results = [(False, e)] * len(jobs)
        for job, (ok, value) in zip(jobs, results, strict=True):
            future = job[3]
            if not future.done():
                (future.set_result if ok else future.set_exception)(value)


def _render_each(jobs: list) -> list[tuple[bool, object]]:
    results = []
    for tab, snapshot, regions, _future in jobs:
        try:
            results.append((True, tab.render(snapshot, regions)))
        except Exception as e:  # that tab's push fails, as it would alone; the others go out
            results.append((False, e))
    return results


_load_table = database_sync_to_async(selectors.get_table, thread_sensitive=False)
_claim = sync_to_async(socket_limits.claim, thread_sensitive=False)
_release = sync_to_async(socket_limits.release, thread_sensitive=False)
RENDERER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
# Moves from the sockets of this process: each waits on its match's row lock and the database,
# so a few side by side; never Django's one shared sync thread, which serves the pages.
MOVERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="move")
snapshots = TableSnapshots()
committed_here.append(snapshots.offer)
# Rendered in the process's one render thread (not Django's shared sync thread, which serves
# the HTTP requests): rendering is pure CPU, and threads side by side would only contend for
# the interpreter and the translation machinery's lock (benchmarks/README.md).
_render_all = database_sync_to_async(_render_each, thread_sensitive=False, executor=RENDERER)
renders = Renders()


class TableConsumer(UserSocket):
    """One tab at a table. A move ("table.changed" with its version) re-renders everything but
    the chat; a chat line ("chat.changed") only the chat; a change of seats everything."""

    async def connect(self) -> None:
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.sent: dict[str, str] = {}  # region -> the HTML this tab has now
        self.keys: dict[str, tuple] = {}  # region -> its key (Presenter.region_keys), if any
        self.version = -1  # the newest table version rendered for this tab
        self.muted: set[int] | None = None  # the viewer's chat mutes, read with the chat
        game = await self._allowed()
        if game is None:
            await self.close(code=FORBIDDEN)
            return
        self.regions = regions_of(game)
        # What a move changes: not the chat, nor the viewer's controls for the other players.
        self.move_regions = tuple(r for r in self.regions if r not in ("chat", "people"))
        if not await self.claim_place():
            return
        self.group = table_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.join_user_group()
        await self.accept()
        await self.catch_up()

    async def catch_up(self) -> None:
        """A (re)connecting tab gets the table at once, unless its page already shows this
        version of a match in play (`?shown=` the version it was rendered at): then only the
        chat, which changes without a version. Regions swapped in just as the page loaded
        would take the player's first keys and clicks away."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        shown = plain_number(query.get("shown", [""])[0]) or 0  # "²": as if missing
        if shown > 0:
            snapshot = await snapshots.get(self.match_id, shown)
            if snapshot is not None and snapshot.match.version == shown:
                self.version = shown
                await self.push(self.version, ("chat",))
                return
        await self.push(None, self.regions)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Chat messages ({"chat": "..."}) and moves ({"move": {field: value or [values]}}, the
        move form's fields) arrive here. Anything else, and anything too big or not JSON, is
        ignored."""
        if not text_data or len(text_data) > MAX_FRAME:
            return
        try:
            data = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
            return
        if isinstance(data, dict) and "move" in data:
            await self.play(data["move"])
        elif isinstance(data, dict) and "chat" in data:
            error = await self._post_chat(data["chat"])
            await self.send(
                text_data=format_html(
                    '<div id="chat-error" class="chat-error" role="alert" hx-swap-oob="true">{}'
                    "</div>",
                    error,
                )
            )

    async def play(self, fields) -> None:
        """A move from this tab, played as its POST would be (games/moves.py), in one thread
        hop. The player is the socket's: its session was checked when it opened, and the
        socket closes when the session ends. The answer is the message line (cleared, or the
        refusal); a move on a stale table first gets the tab the current one."""
        refusal, stale = await self._submit(fields)
        if stale:
            await self.push(None, self.move_regions)
        await self.send(text_data=message_region(refusal))

    def _submit_sync(self, fields) -> tuple[str, bool]:
        with translation.override(scope_language(self.scope)):
            try:
                if not self.scope["user"].is_authenticated:
                    raise NotAllowed(_("You are not seated at this table."))
                moves.submit(self.scope["user"], self.match_id, moves.form_data(fields))
            except ServiceError as e:
                return e.message, isinstance(e, Conflict)
        return "", False

    _submit = database_sync_to_async(_submit_sync, thread_sensitive=False, executor=MOVERS)

    @database_sync_to_async
    def _post_chat(self, text) -> str:
        match = selectors.get_match(self.match_id)
        try:
            with translation.override(scope_language(self.scope)):
                chat.post_message(self.scope["user"], match, text)
        except chat.ChatRefused as e:
            return e.message
        notify_chat(self.match_id)
        return ""

    async def table_changed(self, event: dict) -> None:
        version = event.get("version")
        if version is None:
            await self.push(None, self.regions)  # seats or the start: anything may have changed
        elif version > self.version:
            await self.push(version, self.move_regions)
        # else this tab already shows that version or a newer one (events come in bursts)

    async def chat_changed(self, event: dict) -> None:
        await self.push(self._version_shown(), ("chat",))

    async def mutes_changed(self, event: dict) -> None:
        """This player muted or unmuted someone (in this tab or another)."""
        await self.push(self._version_shown(), ("people", "chat"))

    def _version_shown(self) -> int | None:
        """The version a partial push may render from; None for an open table, whose seats
        change without a new version."""
        return self.version if self.version > 0 else None

    def _invited(self) -> bool:
        session = self.scope.get("session")
        return bool(session) and self.match_id in session.get(INVITES_SESSION_KEY, [])

    @database_sync_to_async
    def _allowed(self) -> str | None:
        """The table's game if this tab may watch it, else None."""
        match = selectors.get_match(self.match_id)
        if match is None or not selectors.can_watch(match, self.scope["user"], self._invited()):
            return None
        return match.game

    def render(self, snapshot: Snapshot, regions: tuple[str, ...]) -> tuple[dict, dict]:
        """The regions' HTML, and the region keys the tab has once they are sent."""
        user, with_chat = self.scope["user"], "chat" in regions
        if with_chat or self.muted is None:
            self.muted = chat.muted_by(user)
        if not hasattr(self, "language"):
            self.language = scope_language(self.scope)  # the scope's user is loaded once
        keys = dict(self.keys)
        with translation.override(self.language):
            ctx = table_context(
                snapshot.match,
                user,
                self._invited(),
                site_root=site_root(self.scope),
                with_chat=with_chat,
                muted=self.muted,
            )
            html = render_regions(
                ctx,
                oob=True,
                regions=regions,
                shared=snapshot.shared,
                known=keys,
                public=snapshot.public_context,
            )
        return html, keys

    async def push(self, version: int | None, regions: tuple[str, ...]) -> None:
        """Send this tab the regions that changed, rendered from a table at least as new as
        `version` (any version if None: then read afresh)."""
        snapshot = await snapshots.get(self.match_id, version)
        if snapshot is None:
            await self.close(code=FORBIDDEN)
            return
        match = snapshot.match
        rendered, keys = await renders.render(self, snapshot, regions)
        if match.version < self.version:
            return  # a newer table went out meanwhile (pushes of one tab may overlap)
        self.keys = keys
        if set(self.move_regions) <= set(regions):
            # Only a push of the game's regions shows a version. A chat or mute push may be
            # rendered from a newer table (another tab read it first) whose move this tab has
            # not been sent yet: counting it as shown would skip that move's push (issue 15).
            self.version = match.version
        changed = {k: html for k, html in rendered.items() if self.sent.get(k) != html}
        if changed:
            self.sent.update(changed)
            await self.send(text_data="".join(changed.values()))


class LobbyConsumer(UserSocket):
    async def connect(self) -> None:
        if not await self.claim_place():
            return
        self.group = LOBBY_GROUP
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.join_user_group()
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Nothing to receive: the lobby is read-only over the socket."""

    async def lobby_changed(self, event: dict) -> None:
        await self.send(text_data=await self._render())

    @database_sync_to_async
    def _render(self) -> str:
        with translation.override(scope_language(self.scope)):
            ctx = lobby_context(_ScopeRequest(self.scope))
            return render_to_string("games/partials/lobby_tables.html", {**ctx, "oob": True})


class _ScopeRequest:
    """Just enough of a request for lobby_context(): the user and the lobby's game filter (the
    socket's ?game=)."""

    def __init__(self, scope: dict) -> None:
        self.user = scope["user"]
        self.GET = QueryDict(scope.get("query_string", b"").decode("latin-1"))


class TurnsConsumer(UserSocket):
    """The socket of a page's header (issue 21): how many tables wait for the player, sent
    again whenever a turn of theirs begins or ends at any table, and, for players who switched
    them on, what the browser's notification says when a turn begins (static/js/notify.js).
    It listens to the player's own turns group, never to a table's."""

    async def connect(self) -> None:
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=FORBIDDEN)
            return
        if not await self.claim_place():
            return
        self.count: int | None = None  # what this tab's header shows
        self.group = turns_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.join_user_group()
        await self.accept()
        await self.turns_changed({"match": None})  # the count may have changed since the page

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Nothing to receive."""

    async def turns_changed(self, event: dict) -> None:
        html = await self._render(event.get("match"), bool(event.get("began")))
        if html:
            await self.send(text_data=html)

    def _render_now(self, match_id: int | None, began: bool) -> str:
        user = self.scope["user"]
        count = selectors.waiting_count(user)
        html = []
        with translation.override(scope_language(self.scope)):
            if count != self.count:
                self.count = count
                html.append(
                    render_to_string(
                        "games/partials/waiting_link.html", {"waiting_count": count, "oob": True}
                    )
                )
            if began and match_id is not None:
                html.append(_turn_alert(user, match_id))
        return "".join(html)

    _render = database_sync_to_async(_render_now, thread_sensitive=False)


def _turn_alert(user, match_id: int) -> str:
    """What the browser's notification says (empty unless the player switched them on)."""
    from accounts.models import User

    if not User.objects.filter(pk=user.pk, browser_notifications=True).exists():
        return ""
    match = Match.objects.filter(pk=match_id).only("pk", "game", "version").first()
    if match is None:
        return ""
    return format_html(
        '<div id="turn-alert" hidden hx-swap-oob="true" data-title="{}" data-body="{}"'
        ' data-url="{}" data-tag="turn-{}-{}"></div>',
        translation.gettext("Your turn"),
        translation.gettext("Table %(n)s (%(game)s) is waiting for you.")
        % {"n": match.pk, "game": match.presenter.name},
        match.get_absolute_url(),
        match.pk,
        match.version,
    )
