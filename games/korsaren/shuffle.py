"""Seeded, verifiable randomness (RULES.md R2, R3).

Everything random in a match comes from its seed, through a procedure simple enough to re-implement
in any language: a SHA-256 counter stream drives a Fisher-Yates shuffle. Publishing sha256(seed)
before the first deal and the seed after the last lets anyone check every deal.
"""

from __future__ import annotations

import hashlib
import secrets

from .cards import ALL_CARDS, card_key


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    """The commitment shown when a match starts."""
    return hashlib.sha256(seed.encode()).hexdigest()


class _Stream:
    """Uniform integers from sha256(f"{seed}:{label}:{counter}") blocks, 8 bytes at a time."""

    def __init__(self, seed: str, label: str) -> None:
        self._prefix = f"{seed}:{label}:".encode()
        self._counter = 0

    def _next64(self) -> int:
        block = hashlib.sha256(self._prefix + str(self._counter).encode()).digest()
        self._counter += 1
        return int.from_bytes(block[:8], "big")

    def below(self, n: int) -> int:
        # Rejection sampling keeps the result exactly uniform.
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self._next64()
            if x < limit:
                return x % n


def first_dealer(seed: str, players: int) -> int:
    """R2: the first dealer is drawn from the match's seeded random source."""
    return _Stream(seed, "dealer").below(players)


def shuffled_deck(
    seed: str, round_number: int, excluded: frozenset[str] = frozenset()
) -> list[str]:
    """The deck for round `round_number` (1-based): every card not excluded (penalty cards, R8),
    in R1 order, then shuffled (Fisher-Yates, from the last position down)."""
    deck = sorted((c for c in ALL_CARDS if c not in excluded), key=card_key)
    stream = _Stream(seed, f"round-{round_number}")
    for i in range(len(deck) - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
