"""WebSocket consumers: one per open tab. They never accept moves (moves are HTTP posts through
games/services.py); they push each viewer's own rendering of the table when it changes."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from games import selectors
from games.rendering import render_regions, table_context
from games.services import LOBBY_GROUP, table_group
from games.views import INVITES_SESSION_KEY, lobby_context

FORBIDDEN = 4403  # close code: not allowed to watch this table


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.sent: dict[str, str] = {}  # region -> the HTML this tab has now
        if not await self._allowed():
            await self.close(code=FORBIDDEN)
            return
        self.group = table_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()  # a (re)connecting tab gets the current table at once

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Moves arrive over HTTP; anything sent here is ignored."""

    async def table_changed(self, event: dict) -> None:
        await self.push()

    def _invited(self) -> bool:
        session = self.scope.get("session")
        return bool(session) and self.match_id in session.get(INVITES_SESSION_KEY, [])

    @database_sync_to_async
    def _allowed(self) -> bool:
        match = selectors.get_match(self.match_id)
        return match is not None and selectors.can_watch(match, self.scope["user"], self._invited())

    @database_sync_to_async
    def _regions(self) -> dict[str, str] | None:
        match = selectors.get_match(self.match_id)
        if match is None:
            return None
        ctx = table_context(match, self.scope["user"], self._invited())
        return render_regions(ctx, oob=True)

    async def push(self) -> None:
        regions = await self._regions()
        if regions is None:
            await self.close(code=FORBIDDEN)
            return
        changed = {k: html for k, html in regions.items() if self.sent.get(k) != html}
        if changed:
            self.sent.update(changed)
            await self.send(text_data="".join(changed.values()))


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        """Nothing to receive: the lobby is read-only over the socket."""

    async def lobby_changed(self, event: dict) -> None:
        await self.send(text_data=await self._render())

    @database_sync_to_async
    def _render(self) -> str:
        ctx = lobby_context(_ScopeRequest(self.scope))
        return render_to_string("games/partials/lobby_tables.html", {**ctx, "oob": True})


class _ScopeRequest:
    """Just enough of a request for lobby_context(): the user."""

    def __init__(self, scope: dict) -> None:
        self.user = scope["user"]
