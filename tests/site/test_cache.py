"""The cache's Redis connections: one pool per process, not a connection per request.

Django keeps cache backends per context, and every ASGI request has its own; without the shared
pool (korsaren_site/redis_pool.py) each request connected to Redis anew.
"""

import asyncio
from contextvars import Context

import pytest
import redis
from asgiref.sync import async_to_sync
from django.conf import settings
from django.test import AsyncClient

from tests.helpers import make_user


def connections_received() -> int:
    return redis.Redis.from_url(settings.REDIS_URL).info("stats")["total_connections_received"]


@pytest.mark.django_db(transaction=True)
def test_requests_through_asgi_share_the_caches_redis_connections(fresh_cache, settings):
    settings.KORSAREN_MOVE_RATE = 1000
    client = AsyncClient()
    client.force_login(make_user())
    move = {"action": "draw", "source": "stock", "version": 0}

    async def moves(n: int) -> list[int]:
        # Each move first counts against the player's move rate in the cache (Redis). Each
        # request runs in a fresh context, as the ASGI server's requests do.
        codes = []
        for _ in range(n):
            request = client.post("/tables/9/act/", move)
            codes.append((await asyncio.create_task(request, context=Context())).status_code)
        return codes

    async_to_sync(moves)(1)
    before = connections_received()
    assert async_to_sync(moves)(30) == [404] * 30
    # A connection per request would be 30 (a few more may come from elsewhere: Redis is shared).
    assert connections_received() - before <= 5
