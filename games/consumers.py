"""WebSocket consumers: one per open tab. They never accept moves (moves are HTTP posts through
games/services.py); they push each viewer's own rendering of the table when it changes."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation.trans_real import parse_accept_lang_header

from games import chat, selectors
from games.rendering import render_regions, table_context
from games.services import LOBBY_GROUP, notify_table, table_group
from games.views import INVITES_SESSION_KEY, lobby_context
from moderation.services import user_group

FORBIDDEN = 4403  # close code: not allowed to watch this table
BANNED = 4401  # close code: the account was banned
MAX_FRAME = 4096  # bytes; a chat message is at most 300 characters


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
    """A socket that closes at once when its user is banned."""

    async def join_user_group(self) -> None:
        user = self.scope["user"]
        if user.is_authenticated:
            self.user_group = user_group(user.pk)
            await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def leave_user_group(self) -> None:
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def account_banned(self, event: dict) -> None:
        await self.close(code=BANNED)


class TableConsumer(UserSocket):
    async def connect(self) -> None:
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.sent: dict[str, str] = {}  # region -> the HTML this tab has now
        self.version = -1  # the newest table version rendered for this tab
        if not await self._allowed():
            await self.close(code=FORBIDDEN)
            return
        self.group = table_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.join_user_group()
        await self.accept()
        await self.push()  # a (re)connecting tab gets the current table at once

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.leave_user_group()

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Chat messages arrive here ({"chat": "..."}); moves arrive over HTTP. Anything else,
        and anything too big or not JSON, is ignored."""
        if not text_data or len(text_data) > MAX_FRAME:
            return
        try:
            data = json.loads(text_data)
        except ValueError:
            return
        if isinstance(data, dict) and "chat" in data:
            error = await self._post_chat(data["chat"])
            await self.send(
                text_data=format_html(
                    '<div id="chat-error" class="chat-error" role="alert" hx-swap-oob="true">{}'
                    "</div>",
                    error,
                )
            )

    @database_sync_to_async
    def _post_chat(self, text) -> str:
        match = selectors.get_match(self.match_id)
        try:
            with translation.override(scope_language(self.scope)):
                chat.post_message(self.scope["user"], match, text)
        except chat.ChatRefused as e:
            return e.message
        notify_table(self.match_id)
        return ""

    async def table_changed(self, event: dict) -> None:
        version = event.get("version")
        if version is not None and version <= self.version:
            return  # this tab already shows that version or a newer one (events coalesced)
        await self.push()

    def _invited(self) -> bool:
        session = self.scope.get("session")
        return bool(session) and self.match_id in session.get(INVITES_SESSION_KEY, [])

    @database_sync_to_async
    def _allowed(self) -> bool:
        match = selectors.get_match(self.match_id)
        return match is not None and selectors.can_watch(match, self.scope["user"], self._invited())

    # Not thread-sensitive: the tabs of a process render in a pool of threads side by side,
    # instead of queueing for Django's one shared thread (see benchmarks/README.md).
    def _render(self) -> tuple[int, dict[str, str]] | None:
        match = selectors.get_match(self.match_id)
        if match is None:
            return None
        with translation.override(scope_language(self.scope)):
            ctx = table_context(match, self.scope["user"], self._invited())
            return match.version, render_regions(ctx, oob=True)

    _regions = database_sync_to_async(_render, thread_sensitive=False)

    async def push(self) -> None:
        rendered = await self._regions()
        if rendered is None:
            await self.close(code=FORBIDDEN)
            return
        self.version, regions = max(self.version, rendered[0]), rendered[1]
        changed = {k: html for k, html in regions.items() if self.sent.get(k) != html}
        if changed:
            self.sent.update(changed)
            await self.send(text_data="".join(changed.values()))


class LobbyConsumer(UserSocket):
    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.join_user_group()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.leave_user_group()

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
    """Just enough of a request for lobby_context(): the user."""

    def __init__(self, scope: dict) -> None:
        self.user = scope["user"]
