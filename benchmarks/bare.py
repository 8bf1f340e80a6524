"""The stack's floor: a minimal Channels app on the same Daphne, channel layer and Redis as the
site, with no database, no templates, no sessions. `python -m benchmarks.load --bare` runs the
load harness against it, so every run can report the full site's cost as a multiple of this.

It speaks the site's protocol as the harness sees it: a socket per seat at /ws/tables/<id>/
(?seat=<position>), a frame on connect and after every move, with the table version in the
same hidden input and region ids as the real table's; a move is {"move": {"version": ...}} on
the socket, answered with the message line. The table's version lives in Redis (a compare and
increment: a move on a stale version is refused, as the services do with the row lock), and a
move is announced to the table's group exactly as games.services.notify does. Each frame is
padded to BARE_FRAME_BYTES (default 6000, about a real seat's frame after a move).

    daphne benchmarks.bare:application   # the load benchmark's Stack starts it with --bare
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
django.setup()  # the site's settings: the same channel layer on the same Redis

import json  # noqa: E402
from urllib.parse import parse_qs  # noqa: E402

import redis.asyncio as aioredis  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import path  # noqa: E402

from korsaren_site import gc_stats  # noqa: E402

SEATS = 4
FRAME_BYTES = int(os.environ.get("BARE_FRAME_BYTES", "6000"))
MESSAGE = '<div id="table-message" class="table-message" role="alert" hx-swap-oob="true">{}</div>'
# Play the move if the table is still at the version it was made on: the new version, or -1.
PLAY = """
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v ~= tonumber(ARGV[1]) then return -1 end
return redis.call('INCR', KEYS[1])
"""

_redis = None


def store():
    global _redis
    if _redis is None:
        _redis = aioredis.Redis.from_url(settings.REDIS_URL)
    return _redis


def frame(version: int, seat: int) -> str:
    """What a seat's socket gets: the status with the version, its moves (a button when it is
    on turn: seat = version mod SEATS), padding to about a real frame's size."""
    status = (
        f'<section id="table-status" class="table-status" hx-swap-oob="true">'
        f'<input type="hidden" id="table-version" name="version" value="{version}"></section>'
    )
    button = '<button name="action" value="go">Go</button>' if version % SEATS == seat else ""
    actions = f'<section id="table-actions" hx-swap-oob="true">{button}</section>'
    pad = max(0, FRAME_BYTES - len(status) - len(actions) - 60)
    return f'{status}{actions}<section id="table-log" hx-swap-oob="true">{"x" * pad}</section>'


class BareTable(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table = self.scope["url_route"]["kwargs"]["match_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.seat = int(query.get("seat", ["-1"])[0])
        self.group = f"table-{self.table}"
        self.version = -1
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.show(int(await store().get(self.key) or 0))

    @property
    def key(self) -> str:
        return f"bare:table:{self.table}"

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        move = json.loads(text_data or "{}").get("move")
        if not isinstance(move, dict):
            return
        version = await store().eval(PLAY, 1, self.key, int(move.get("version", -1)))
        if version < 0:
            await self.send(text_data=MESSAGE.format("<p>The table changed.</p>"))
            return
        await self.channel_layer.group_send(
            self.group, {"type": "table.changed", "version": version}
        )
        await self.send(text_data=MESSAGE.format(""))

    async def table_changed(self, event: dict) -> None:
        if event["version"] > self.version:
            await self.show(event["version"])

    async def show(self, version: int) -> None:
        self.version = version
        await self.send(text_data=frame(version, self.seat))


async def healthz(scope, receive, send) -> None:
    """Any HTTP request: 200 ok (the stack waits for /healthz)."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


application = ProtocolTypeRouter(
    {
        "http": healthz,
        "websocket": URLRouter([path("ws/tables/<int:match_id>/", BareTable.as_asgi())]),
    }
)
gc_stats.install_from_environment()  # the load benchmark's figures (GC_STATS)
