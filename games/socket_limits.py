"""How many sockets a signed-in user may hold open at once, over every server process
(settings.KORSAREN_SOCKETS_PER_USER; issue 15): a script opening sockets by the thousand would
otherwise cost every process memory and a Redis subscription each.

Each user's open sockets are a sorted set in Redis, by when they opened. A socket whose process
died without saying goodbye stops counting after STALE_SECONDS. If Redis fails, sockets are let
in with a warning, as the rate limits do (games/ratelimit.py): the channel layer needs Redis
anyway, so there is nothing to protect meanwhile.
"""

from __future__ import annotations

import logging
import time

import redis
from django.conf import settings

from korsaren_site.redis_pool import client

log = logging.getLogger(__name__)

STALE_SECONDS = 24 * 3600


def _client() -> redis.Redis:
    return client(settings.REDIS_URL)


def _key(user_id: int) -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:sockets:{user_id}"


def claim(user_id: int, channel: str) -> bool:
    """Count the socket `channel` as the user's; False (and not counted) past the cap."""
    key, now = _key(user_id), time.time()
    try:
        pipe = _client().pipeline()  # one transaction: no other process counts in between
        pipe.zremrangebyscore(key, "-inf", now - STALE_SECONDS)
        pipe.zadd(key, {channel: now})
        pipe.zcard(key)
        pipe.expire(key, STALE_SECONDS)
        open_now = pipe.execute()[2]
        if open_now <= settings.KORSAREN_SOCKETS_PER_USER:
            return True
        _client().zrem(key, channel)
        log.warning("user %s has %d sockets open: refused one more", user_id, open_now - 1)
        return False
    except redis.RedisError as e:
        log.warning("sockets of user %s not counted, socket let in: %s", user_id, e)
        return True


def release(user_id: int, channel: str) -> None:
    try:
        _client().zrem(_key(user_id), channel)
    except redis.RedisError as e:
        log.warning("socket of user %s not uncounted: %s", user_id, e)
