"""Bots for Cartagena 2 (placeholder, replaced below)."""

from __future__ import annotations


class _Bots:
    levels = ("deckhand",)

    def choose(self, level, view, rng, time_budget=None, clock=None):
        return rng.choice(view["legal"])


BOTS = _Bots()
