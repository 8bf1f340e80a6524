"""Korsaren's seeded, verifiable deals (RULES.md R2, R3), from the streams every game shares
(games/core/rng.py): the first dealer from the stream labelled "dealer", round n's deck from
"round-n". These labels are part of every stored match's proof: never change them."""

from __future__ import annotations

from games.core.rng import Stream, new_seed, seed_hash, shuffled

from .cards import ALL_CARDS, card_key

__all__ = ["first_dealer", "new_seed", "seed_hash", "shuffled_deck"]


def first_dealer(seed: str, players: int) -> int:
    """R2: the first dealer is drawn from the match's seeded random source."""
    return Stream(seed, "dealer").below(players)


def shuffled_deck(
    seed: str, round_number: int, excluded: frozenset[str] = frozenset()
) -> list[str]:
    """The deck for round `round_number` (1-based): every card not excluded (penalty cards, R8),
    in R1 order, then shuffled (Fisher-Yates, from the last position down)."""
    deck = sorted((c for c in ALL_CARDS if c not in excluded), key=card_key)
    return shuffled(deck, seed, f"round-{round_number}")
