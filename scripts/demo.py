"""Demo data for audits, screenshots and the browser tests: two players with a record, finished
matches, ratings, and a live table in the middle of a round.

Everything goes through games/services.py, as in real play; bot turns and deals are played here
in this process (no Celery worker needed). Call `seed()` with Django set up and migrated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from allauth.account.models import EmailAddress

from accounts.models import User
from games import ratings, services
from games.korsaren import ANNULLED, DISCARD, DRAW, SCORED, bots, seats_to_act, view
from games.models import Match

PASSWORD = "Long-enough-Passw0rd"


@dataclass
class Demo:
    anne: User
    bob: User
    table: Match  # a live match, anne to discard
    finished: Match  # a finished match anne played


def user(username: str, display_name: str = "") -> User:
    found = User.objects.filter(username=username).first()
    if found:
        return found
    email = f"{username}@example.com"
    made = User.objects.create_user(
        username=username, email=email, password=PASSWORD, display_name=display_name
    )
    EmailAddress.objects.create(user=made, email=email, primary=True, verified=True)
    return made


def finish(match: Match) -> Match:
    """Play a match whose seats are all bot-controlled to its end."""
    for _ in range(20_000):
        match.refresh_from_db()
        if not match.is_active:
            return match
        state = match.engine_state
        if state.round.phase in (SCORED, ANNULLED):
            services.take_server_step(match.pk, match.version)
        else:
            services.play_bot_turn(match.pk, seats_to_act(state)[0], match.version)
    raise RuntimeError(f"match {match.pk} did not end")


def played_by_bots(humans: list[User], levels: list[str], seed: str) -> Match:
    """A rated match of `humans` and bots, every seat played by a bot (as after timeouts)."""
    seats = len(humans) + len(levels)
    match = services.create_table(
        humans[0], game="korsaren", seat_count=seats, turn_seconds=60, rated=True, private=False
    )
    for other in humans[1:]:
        services.join_table(other, match.pk)
    for level in levels:
        services.add_bot(humans[0], match.pk, level)
    services.start_match(humans[0], match.pk, seed=seed)
    match.seats.filter(bot_level="").update(bot_level="deckhand")
    return finish(match)


def live_table(anne: User, bob: User, moves: int = 9, seed: str = "demo-live") -> Match:
    """Anne, Bob and a bot in round 1, after a few moves, with Anne to discard."""
    match = services.create_table(
        anne, game="korsaren", seat_count=3, turn_seconds=180, rated=True, private=False
    )
    services.join_table(bob, match.pk)
    services.add_bot(anne, match.pk, "deckhand")
    services.start_match(anne, match.pk, seed=seed)
    humans = {s.position: s.user for s in match.seats.select_related("user") if not s.bot_level}
    anne_seat = next(p for p, u in humans.items() if u == anne)
    rng = random.Random(seed)
    for played in range(200):
        match.refresh_from_db()
        state = match.engine_state
        seat = seats_to_act(state)[0]
        phase = state.round.phase
        if played >= moves and seat == anne_seat and phase == DISCARD:
            return match
        if phase not in (DRAW, DISCARD):
            raise RuntimeError("the demo round ended early: pick another seed")
        if seat in humans:
            choice = bots.choose_action("deckhand", view(state, seat), rng=rng)
            if choice["action"] == "sail":  # keep the round going: discard instead
                choice = {"action": "discard", "card": choice["card"]}
            if phase == DRAW and choice.get("from") == "pier" and len(state.round.pier) < 3:
                choice = {"action": "draw", "from": "stock"}
            choice.pop("seat", None)
            services.play(match.pk, humans[seat], choice, match.version)
        else:
            services.play_bot_turn(match.pk, seat, match.version)
    raise RuntimeError("anne's turn to discard never came")


def seed(finished_matches: int = 6) -> Demo:
    anne = user("anne", "Captain Anne")
    bob = user("bob", "Bonny Bob")
    finished = None
    for n in range(finished_matches):
        finished = played_by_bots([anne, bob], ["deckhand", "boatswain"], seed=f"demo-{n}")
    ratings.rate_finished_matches()
    table = live_table(anne, bob)
    return Demo(anne=anne, bob=bob, table=table, finished=finished)
