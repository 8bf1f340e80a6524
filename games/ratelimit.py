"""The site's own rate limits (chat lines, move requests): fixed-window counters in the shared
(Redis) cache, so every server process agrees.

When Redis fails they fail open, both of them, on purpose (issue 15): every request is then let
through with a logged warning. A limit is a brake on scripts, not a guard of the rules: moves
are still judged by the database and the engine, chat lines by their length, the player's
rights and the mutes, while failing closed would stop every player at every table for as long
as Redis is away (the tables' sockets are away then too; the pages still work).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

from korsaren_site.redis_pool import client

log = logging.getLogger(__name__)


def within_rate(key: str, limit: int, window: int) -> bool:
    """Count one more request under `key`; whether it is within `limit` per `window` seconds.
    One round trip to Redis (every move asks): the window starts with the first request."""
    try:
        return _count(cache.make_and_validate_key(key), window) <= limit
    except RedisError as e:
        log.warning("rate limit %s not counted, request allowed: %s", key, e)
        return True


def _count(key: str, window: int) -> int:
    # The cache's own Redis, through its shared pool (korsaren_site/redis_pool.py).
    pipe = client(settings.CACHES["default"]["LOCATION"]).pipeline(transaction=False)
    pipe.set(key, 0, ex=window, nx=True)
    pipe.incr(key)
    return pipe.execute()[1]
