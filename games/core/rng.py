"""Seeded, verifiable randomness for every game.

Everything random in a match comes from its seed through a procedure simple enough to
re-implement in any language: a SHA-256 counter stream, `sha256(f"{seed}:{label}:{counter}")`,
read 8 bytes at a time, drives a Fisher-Yates shuffle. Labels are public counters ("round-3",
"dealer", "reshuffle-3-1"), so publishing sha256(seed) before the first deal and the seed after
the last lets anyone check every shuffle of every game.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """The commitment shown when a match starts."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Stream:
    """Uniform integers from sha256(f"{seed}:{label}:{counter}") blocks, 8 bytes at a time."""

    def __init__(self, seed: str, label: str) -> None:
        self._prefix = f"{seed}:{label}:".encode()
        self._counter = 0

    def _next64(self) -> int:
        block = hashlib.sha256(self._prefix + str(self._counter).encode()).digest()
        self._counter += 1
        return int.from_bytes(block[:8], "big")

    def below(self, n: int) -> int:
        """An integer in [0, n). Rejection sampling keeps it exactly uniform."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self._next64()
            if x < limit:
                return x % n


def shuffled(items: Sequence[T], seed: str, label: str) -> list[T]:
    """`items` in a new order: Fisher-Yates from the last position down, driven by the stream
    (seed, label). Callers pass the items in a fixed, documented order."""
    out = list(items)
    stream = Stream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
