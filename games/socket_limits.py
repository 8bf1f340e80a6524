"""How many sockets a signed-in user may hold open at once, over every server process
(settings.KORSAREN_SOCKETS_PER_USER; issue 15), and how many visitors who are not signed in may
hold, per client address and all together (issue 28.6): a script opening sockets by the
thousand would otherwise cost every process memory, a rendering and a Redis subscription each.

Each owner's open sockets are a sorted set in Redis, by when they opened. A socket whose process
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


def _key(owner: str) -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:sockets:{owner}"


def client_address(scope: dict) -> str:
    """The client's address as the site's rate limits see it (allauth's rule): behind
    TRUSTED_PROXY_COUNT proxies the one they name in X-Forwarded-For, else the peer's."""
    trusted = settings.ALLAUTH_TRUSTED_PROXY_COUNT
    headers = dict(scope.get("headers") or ())
    forwarded = [a.strip() for a in headers.get(b"x-forwarded-for", b"").decode().split(",")]
    if trusted and len(forwarded) >= trusted and forwarded[-trusted]:
        return forwarded[-trusted]
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def owners(user_id: int | None, address: str) -> list[tuple[str, int]]:
    """Whose sockets a new one counts against, each with its cap: a signed-in user's own; a
    visitor's address and every visitor together (issue 28.6: 60 anonymous sockets to one
    table each cost a whole rendering)."""
    if user_id is not None:
        return [(f"user:{user_id}", settings.KORSAREN_SOCKETS_PER_USER)]
    return [
        (f"address:{address}", settings.KORSAREN_SOCKETS_PER_ADDRESS),
        ("visitors", settings.KORSAREN_VISITOR_SOCKETS),
    ]


def claim(owners: list[tuple[str, int]], channel: str) -> bool:
    """Count the socket `channel` against each owner; False (and counted nowhere) past any
    owner's cap."""
    now = time.time()
    try:
        pipe = _client().pipeline()  # one transaction: no other process counts in between
        for owner, _cap in owners:
            key = _key(owner)
            pipe.zremrangebyscore(key, "-inf", now - STALE_SECONDS)
            pipe.zadd(key, {channel: now})
            pipe.zcard(key)
            pipe.expire(key, STALE_SECONDS)
        counts = pipe.execute()[2::4]
        over = [(o, n) for (o, cap), n in zip(owners, counts, strict=True) if n > cap]
        if not over:
            return True
        release(owners, channel)
        for owner, n in over:
            log.warning("%s has %d sockets open: refused one more", owner, n - 1)
        return False
    except redis.RedisError as e:
        log.warning("sockets of %s not counted, socket let in: %s", owners[0][0], e)
        return True


def release(owners: list[tuple[str, int]], channel: str) -> None:
    try:
        pipe = _client().pipeline()
        for owner, _cap in owners:
            pipe.zrem(_key(owner), channel)
        pipe.execute()
    except redis.RedisError as e:
        log.warning("socket of %s not uncounted: %s", owners[0][0], e)
