"""Waiting for you (issue 21): the tables where it is your turn, across games, oldest first,
with the time left; the count in every page's header, one query, kept live over a socket."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import selectors, services
from korsaren_site.asgi import application
from tests.helpers import make_user

from ..games.tables import started, users_by_seat
from ..games.test_consumers import session_cookie
from .helpers import SLOW, play_turn, to_act


def count_in(html: str) -> int:
    """The count the header shows (a page, or the header socket's frame)."""
    return int(re.search(r'class="waiting-count[^"]*" aria-hidden="true">(\d+)<', html)[1])


@pytest.fixture
def trio(db):
    return [make_user(n, f"{n}@example.com") for n in ("anne", "bob", "cleo")]


def test_the_waiting_list_follows_whose_turn_it_is_oldest_first(trio):
    anne, bob, cleo = trio
    first = started(anne, [bob], seed="w1", turn_seconds=SLOW)
    second = started(anne, [cleo], seed="w2")
    waiting_at = {u.pk: [] for u in trio}
    for match in (first, second):
        for seat in to_act(match):
            waiting_at[users_by_seat(match)[seat].pk].append(match.pk)
    for user in trio:
        assert [s.match_id for s in selectors.waiting_for(user)] == waiting_at[user.pk]
        assert selectors.waiting_count(user) == len(waiting_at[user.pk])
    # A whole turn at the first table moves it to the other player.
    mover = play_turn(first)
    other = bob if mover == anne else anne
    assert first.pk not in [s.match_id for s in selectors.waiting_for(mover)]
    assert [s.match_id for s in selectors.waiting_for(other)][-1] == first.pk  # newest last
    # A finished or aborted match waits for nobody.
    services.abort_match(first.pk, "test")
    assert first.pk not in [s.match_id for s in selectors.waiting_for(other)]


def test_the_count_is_one_query(trio):
    anne, bob, _ = trio
    started(anne, [bob], seed="q1")
    started(anne, [bob], seed="q2")
    with CaptureQueriesContext(connection) as queries:
        selectors.waiting_count(anne)
    assert len(queries) == 1


def test_the_page_lists_tables_with_time_left_and_the_header_counts_them(client, trio):
    anne, bob, _ = trio
    match = started(anne, [bob], seed="page", turn_seconds=SLOW)
    user = users_by_seat(match)[to_act(match)[0]]
    client.force_login(user)
    page = client.get(reverse("waiting")).content.decode()
    assert reverse("table", args=[match.pk]) in page
    assert 'class="timer"' in page and "23" in page  # about 23 hours 59 minutes left
    assert "your turn began just now" in page and "0\xa0minutes" not in page
    header = client.get(reverse("home")).content.decode()
    assert count_in(header) == 1
    assert 'ws-connect="/ws/turns/"' in header
    other = bob if user == anne else anne
    client.force_login(other)
    assert "No table is waiting for you." in client.get(reverse("waiting")).content.decode()
    assert count_in(client.get(reverse("home")).content.decode()) == 0


def test_the_waiting_page_needs_a_sign_in(client):
    assert client.get(reverse("waiting")).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_the_header_count_follows_moves_live():
    anne, bob = make_user("anne", "anne@example.com"), make_user("bob", "bob@example.com")
    anne.browser_notifications = True
    anne.save()
    match = started(anne, [bob], seed="live", turn_seconds=SLOW)
    while users_by_seat(match)[to_act(match)[0]] != bob:  # bob on turn first
        play_turn(match)
    cookie = session_cookie(anne)

    async def run() -> None:
        comm = WebsocketCommunicator(
            application,
            "/ws/turns/",
            headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)],
        )
        connected, _ = await comm.connect()
        assert connected
        assert count_in(await comm.receive_from(timeout=10)) == 0
        await sync_to_async(play_turn)(match)  # bob plays: anne's turn
        frame = await comm.receive_from(timeout=10)
        assert count_in(frame) == 1
        # She asked for browser notifications: the frame says which table waits.
        assert 'id="turn-alert"' in frame and f'data-url="/tables/{match.pk}/"' in frame
        await sync_to_async(play_turn)(match)  # anne plays: nothing waits for her
        assert count_in(await comm.receive_from(timeout=10)) == 0
        await comm.disconnect()

    async_to_sync(run)()


@pytest.mark.django_db(transaction=True)
def test_the_header_socket_refuses_visitors():
    async def run() -> None:
        comm = WebsocketCommunicator(
            application, "/ws/turns/", headers=[(b"origin", b"http://localhost")]
        )
        connected, _ = await comm.connect()
        assert not connected or (await comm.receive_output())["type"] == "websocket.close"

    async_to_sync(run)()
