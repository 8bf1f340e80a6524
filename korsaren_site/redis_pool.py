"""One Redis connection pool per process for Django's cache.

Django keeps its cache backends per context, and under ASGI every request runs in a context of
its own: each request built a new RedisCache, hence a new pool, hence a new TCP connection to
Redis (connect and handshake on every move's rate-limit check; benchmarks/README.md). The cache
takes this class as its `pool_class`: every backend instance of a process then draws on one pool.
redis-py's pools are thread-safe and start afresh in a forked child (Celery's workers).
"""

from __future__ import annotations

import threading
from functools import cache

import redis


class SharedConnectionPool(redis.ConnectionPool):
    _pools: dict[tuple, redis.ConnectionPool] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs) -> redis.ConnectionPool:
        key = (url, tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
        with cls._lock:
            if key not in cls._pools:
                cls._pools[key] = super().from_url(url, **kwargs)
            return cls._pools[key]


@cache
def client(url: str) -> redis.Redis:
    """A client of the shared pool for `url`, made once: making a redis.Redis costs ~0.1 ms of
    option handling, and every move asked for two (its rate limit, its notices)."""
    return redis.Redis(connection_pool=SharedConnectionPool.from_url(url))
