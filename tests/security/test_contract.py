"""The platform's fair-play contract (issue 15), for every game on the site.

Whatever the game: no person can take a bot's name or account; a private table's chat and
existence stay hidden from the report form as from the table; a socket dies with the session
it was opened in. Every installed game (the registry) runs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games import chat, registry, services
from games.bot_accounts import bot_names
from games.models import Match
from moderation.models import Report
from tests.games.tables import started
from tests.games.test_consumers import connect, frames_until
from tests.helpers import PASSWORD, make_user, same_page

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class GameUnderTest:
    slug: str
    levels: tuple[str, ...]  # its bot levels
    bot_user: Callable[[str], User]  # the account a level plays under
    start: Callable[..., Match]  # (creator, others, **table options) -> a match under way


def _starter(config) -> Callable[..., Match]:
    """A match of the game with `creator` and `others`, bots of the easiest level in the seats
    the game needs beyond them."""

    def start(creator, others, **options) -> Match:
        players = min(n for n in config.game.player_counts if n > len(others))
        bots = [config.game.bots.levels[0]] * (players - 1 - len(others))
        return started(creator, others, bots, game=config.slug, seats=players, **options)

    return start


GAMES = [
    GameUnderTest(
        slug=config.slug,
        levels=config.game.bots.levels,
        bot_user=lambda level, slug=config.slug: services.bot_user(slug, level),
        start=_starter(config),
    )
    for config in registry.all_games()
]


@pytest.fixture(params=GAMES, ids=lambda game: game.slug)
def game(request) -> GameUnderTest:
    return request.param


def bots_names(game: GameUnderTest) -> set[str]:
    """Every name the game's bots go by: their usernames, and their names in each language."""
    names = set()
    for key, name in bot_names().items():
        if key.startswith(f"{game.slug}:"):
            names.add(key)
            for language, _name in settings.LANGUAGES:
                with translation.override(language):
                    names.add(str(name))
    return names


# --- Bots ------------------------------------------------------------------------------------


def test_no_one_signs_up_or_shows_up_under_a_bots_name(game, client, fast_passwords):
    names = bots_names(game)
    assert len(names) >= len(game.levels) * 2
    bert = make_user("bert", "bert@example.com")
    for i, name in enumerate(sorted(names)):
        username = re.sub(r"[^\w.@+-]", "_", name)  # the name as a username may be written
        form = {"email": f"new{i}@example.com", "password1": PASSWORD, "password2": PASSWORD}
        client.post(reverse("account_signup"), {**form, "username": username})
        assert not User.objects.filter(email=form["email"]).exists(), name
        client.force_login(bert)
        client.post(reverse("profile_edit"), {"display_name": name, "preferred_language": ""})
        client.logout()
        bert.refresh_from_db()
        assert bert.display_name == "", name


def test_a_person_with_a_bot_like_name_is_never_a_bot(game):
    for level in game.levels:
        impostor = make_user(f"bot-{level}", f"{level}@example.com")
        bot = game.bot_user(level)
        assert bot != impostor and bot.is_bot and not bot.has_usable_password()
        assert game.bot_user(level) == bot  # always the same account


# --- Private tables --------------------------------------------------------------------------


def test_a_private_tables_chat_and_existence_stay_hidden_from_reports(game, client):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = game.start(anne, [bob], private=True, chat_spectators=True)
    message = chat.post_message(bob, match, "meet me at the tavern")
    client.force_login(make_user("carol", "c@example.com"))
    new = reverse("report_new")
    pairs = [
        (f"message={message.pk}", "message=999999"),
        (f"user={bob.pk}&match={match.pk}", f"user={bob.pk}&match=999999"),
    ]
    for query, nothing in pairs:
        for send in (client.get, lambda url: client.post(url, {"reason": "x"})):
            seen, missing = send(f"{new}?{query}"), send(f"{new}?{nothing}")
            assert seen.status_code == missing.status_code == 404
            assert same_page(seen) == same_page(missing)
    assert not Report.objects.exists()


# --- Sockets ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_socket_dies_with_its_session(game):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = game.start(anne, [bob], private=True)
    browser = Client()
    assert browser.login(username="bob", password=PASSWORD)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        await frames_until(comm, match.version, [])
        await sync_to_async(browser.post)(reverse("account_logout"))
        while (out := await comm.receive_output(timeout=10))["type"] != "websocket.close":
            pass
        assert out["code"] == 4419
        again = connect(match.pk, cookie)  # the old cookie, kept by whoever has the browser
        connected, _ = await again.connect()
        assert not connected or (await again.receive_output(timeout=10))["type"] == (
            "websocket.close"
        )

    async_to_sync(run)()
