"""Einauge sei wachsam! on the site (games/einauge/web): the display with prices, One-Eye's
pirate table with its free places, every player's rows, ducats, sabres and jewels (EA13: all
public), the phase and what the player may do, the yields of a purchase shown before it is made
(EA5), moves by POST, refusals in words, forced sales (EA4, EA6), a game to the end by bots,
the record, the replay, the export and the rules page."""

from __future__ import annotations

import pytest

from games import services
from games.einauge import GAME
from games.models import Match
from games.rendering import render_regions, table_context
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def started(creator, others=(), bots=0, seed="web-seed") -> Match:
    match = services.create_table(
        creator, game="einauge", seat_count=1 + len(others) + bots, turn_seconds=60, rated=True,
        private=False,
    )  # fmt: skip
    for user in others:
        services.join_table(user, match.pk, match.invite_code)
    for _ in range(bots):
        services.add_bot(creator, match.pk, "deckhand")
    services.start_match(creator, match.pk, seed=seed)
    return Match.objects.get(pk=match.pk)


def regions(match: Match, user) -> dict[str, str]:
    match = Match.objects.get(pk=match.pk)
    return render_regions(table_context(match, user))


def set_state(match: Match, state) -> Match:
    match.state = GAME.dump(state)
    match.save(update_fields=["state"])
    return Match.objects.get(pk=match.pk)


def on_turn(match: Match, users) -> tuple:
    state = GAME.load(match.state)
    seat = GAME.status(state).to_act[0]
    user = next(u for u in users if match.seats.get(user=u).position == seat)
    return state, seat, user


def act(match: Match, user, action: dict) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, user, action, match.version)
    return Match.objects.get(pk=match.pk)


def test_the_table_shows_the_display_the_pirate_table_and_every_player(anne, bob):
    match = started(anne, [bob])
    state, seat, user = on_turn(match, [anne, bob])
    html = regions(match, user)
    for card in state.display:
        assert f'data-card="{card}"' in html["display"]
    assert f'data-card="{state.table[0]}"' in html["pirates"]
    assert html["pirates"].count(">free place<") == 5  # EA2: one card of six places
    assert "36 cards in the draw pile" in html["display"]  # 3 colours left out (EA2)
    assert html["players"].count("20 ducats") == 2
    assert "Phase 1 of 4: buy a card" in html["status"]
    assert '<input type="hidden" name="action" value="buy">' in html["actions"]
