"""Bots' accounts are unforgeable (issue 15, point 1): made ahead, one per game and level,
found by their bot key only. A person who registered a bot-like name is never a bot."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games import services
from games.korsaren import view
from games.selectors import seat_of
from tests.helpers import make_user
from tests.korsaren.engine.helpers import cards_in

from .cards_seen import cards_shown
from .tables import open_table, started, users_by_seat

pytestmark = pytest.mark.django_db


def test_a_person_named_like_a_bot_never_gets_the_bots_seat_or_hand():
    """The attack of issue 15: register "bot-captain" before the bot first plays."""
    impostor = make_user("bot-captain", "impostor@example.com")
    anne = make_user("anne", "anne@example.com")
    match = started(anne, bots=["captain"], seed="impostor")
    bot_seat = next(s for s in match.seats.all() if s.bot_level == "captain")
    assert bot_seat.user != impostor and bot_seat.user.is_bot
    impostor.refresh_from_db()
    assert not impostor.is_bot and impostor.public_name == "bot-captain"
    assert seat_of(match, impostor) is None
    client = Client()
    client.force_login(impostor)
    page = client.get(f"/tables/{match.pk}/").content.decode()
    assert 'id="hand-form"' not in page
    assert not cards_shown(page) - cards_in(view(match.engine_state, None))  # a spectator's
    with pytest.raises(services.Conflict):
        services.take_seat_back(impostor, match.pk)


def test_every_bot_level_has_its_account_ahead_of_play():
    from games.korsaren import bots

    accounts = {u.bot_key: u for u in User.objects.filter(is_bot=True)}
    for level in bots.LEVELS:
        bot = accounts[f"korsaren:{level}"]
        assert bot.username == f"korsaren:{level}" and not bot.has_usable_password()
    assert services.bot_user("korsaren", "boatswain") == accounts["korsaren:boatswain"]


def test_bots_are_found_by_their_key_not_by_a_name():
    """An account marked as a bot by hand, without the key, is not any level's bot; a bot's
    account keeps its key (and seats) whatever its name becomes."""
    make_user("captain", "c@example.com", is_bot=True)
    anne = make_user("anne", "anne@example.com")
    captain = services.bot_user("korsaren", "captain")
    User.objects.filter(pk=captain.pk).update(username="renamed")
    match = open_table(anne, bots=["captain"], seats=2)
    assert users_by_seat(match)[1].pk == captain.pk


def test_a_bots_name_shows_in_the_viewers_language():
    from django.utils import translation

    captain = services.bot_user("korsaren", "captain")
    with translation.override("de"):
        assert captain.public_name == "Kapitän"


def migration(name: str):
    import importlib

    return importlib.import_module(name)


def test_the_migration_turns_todays_bot_accounts_into_keyed_bots_in_place():
    """Their matches and ratings stay theirs (same row); a person's "bot-..." account stays a
    person's; seats a bot was added to, in tables not over, go to the bot."""
    from django.apps import apps

    User.objects.filter(is_bot=True).delete()  # as before the migration: no keyed bots
    legacy = make_user("bot-captain", "legacy@example.com", is_bot=True)
    impostor = make_user("bot-boatswain", "impostor@example.com")
    anne = make_user("anne", "anne@example.com")
    match = open_table(anne, seats=2)
    match.seats.create(position=1, user=impostor, bot_level="boatswain")
    migration("accounts.migrations.0003_bot_accounts").forwards(apps, None)
    migration("games.migrations.0002_bot_seats_to_bot_accounts").forwards(apps, None)
    legacy.refresh_from_db()
    assert (legacy.username, legacy.bot_key) == ("korsaren:captain", "korsaren:captain")
    assert not legacy.has_usable_password() and legacy.username_key == "korsarencaptaln"
    impostor.refresh_from_db()
    assert impostor.username == "bot-boatswain" and impostor.bot_key is None
    boatswain = User.objects.get(bot_key="korsaren:boatswain", is_bot=True)
    assert users_by_seat(match)[1] == boatswain
    assert services.bot_user("korsaren", "deckhand").is_bot
    assert services.bot_user("korsaren", "captain") == legacy
