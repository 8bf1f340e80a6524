"""Snap tables for the platform's tests of optional moves."""

from __future__ import annotations

import itertools

from games import services
from games.models import Match
from tests.helpers import make_user

from .snap import GAME, rank, seed_where

TABLES = itertools.count()  # names for the people of each table


def holding_first_card(*seats):
    """A deal where each of `seats` holds the rank of the first card seat 0 will turn."""
    return lambda s: all(any(rank(c) == rank(s.stock[0]) for c in s.hands[p]) for p in seats)


def snap_table(players: int, holders=(), bots=(), wanted=None) -> tuple[Match, dict]:
    """A started Snap match, a person in every seat but the positions in `bots`, dealt so that
    `holders` can snap seat 0's first card (or as `wanted` says). Returns it and its people by
    seat."""
    table = next(TABLES)
    people = {
        p: make_user(f"t{table}p{p}", f"t{table}p{p}@example.com")
        for p in range(players)
        if p not in bots
    }
    creator = people[0]
    match = services.create_table(
        creator, game="snap", seat_count=players, turn_seconds=60, rated=False, private=False
    )
    for position in range(1, players):
        if position in bots:
            services.add_bot(creator, match.pk, "quick", position=position)
        else:
            services.join_table(people[position], match.pk, position=position)
    seed = seed_where(players, wanted or holding_first_card(*holders))
    services.start_match(creator, match.pk, seed=seed)
    return Match.objects.get(pk=match.pk), people


def state(match: Match):
    return GAME.load(Match.objects.get(pk=match.pk).state)


def pair_of(match: Match, seat: int) -> str:
    """The card of `seat`'s hand with the top card's rank."""
    now = state(match)
    return next(c for c in now.hands[seat] if rank(c) == rank(now.top))


def odd_card(match: Match, seat: int) -> str:
    """A card of `seat`'s hand of another rank than the top card's."""
    now = state(match)
    return next(c for c in now.hands[seat] if rank(c) != rank(now.top))


def turn(match: Match, person, version: int) -> None:
    services.play(match.pk, person, {"action": "turn"}, version)
