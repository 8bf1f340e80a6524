"""Helpers for tests of tables and matches."""

from __future__ import annotations

import random

from games import registry, services
from games.korsaren import legal_actions, seats_to_act
from games.models import Match
from tests.helpers import make_user


def open_table(creator, others=(), bots=(), seats=None, **options) -> Match:
    seats = seats or 1 + len(others) + len(bots)
    defaults = {"game": "korsaren", "turn_seconds": 60, "rated": True, "private": False}
    match = services.create_table(creator, seat_count=seats, **{**defaults, **options})
    for user in others:
        services.join_table(user, match.pk, match.invite_code)
    for level in bots:
        services.add_bot(creator, match.pk, level)
    return match


def started(creator, others=(), bots=(), seed="test-seed", **options) -> Match:
    match = open_table(creator, others, bots, **options)
    return services.start_match(creator, match.pk, seed=seed)


def full_table(game: str, seed: str) -> tuple[Match, dict]:
    """A started, unrated match of `game` with a person in each of its most seats, and who sits
    where ({position: user})."""
    seats = max(registry.get(game).game.player_counts)
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(seats)]
    match = started(users[0], users[1:], seed=seed, game=game, turn_seconds=86400, rated=False)
    return match, users_by_seat(match)


def users_by_seat(match: Match) -> dict:
    return {s.position: s.user for s in match.seats.select_related("user")}


def random_move(match: Match, rng: random.Random):
    """(user, action without seat) for a random legal move of a human the game waits for."""
    match.refresh_from_db()
    state = match.engine_state
    humans = users_by_seat(match)
    seat = rng.choice(seats_to_act(state))
    actions = legal_actions(state, seat)
    # Mostly draw/discard, sometimes set sail: rounds long enough to be interesting.
    plain = [a for a in actions if a.to_dict()["action"] != "sail"]
    action = rng.choice(plain if plain and rng.random() > 0.1 else actions).to_dict()
    del action["seat"]
    return humans[seat], action, match.version
