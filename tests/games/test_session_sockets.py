"""Sockets end with their session (issue 15, point 3): signing out closes that browser's
sockets and no other's; a new password or a deleted account closes them all; and a closed
session's cookie opens no socket of its user again."""

from __future__ import annotations

import logging
import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client
from django.urls import reverse

from games import services
from tests.helpers import PASSWORD, make_user

from .tables import random_move, started
from .test_consumers import connect, frames_until

pytestmark = pytest.mark.django_db(transaction=True)

SESSION_ENDED = 4419


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def cookie_of(client: Client) -> bytes:
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def closed_with(comm) -> int | None:
    """The close code of a socket once its frames are drained; None if it stays open."""
    while not await comm.receive_nothing(timeout=3):
        out = await comm.receive_output()
        if out["type"] == "websocket.close":
            return out["code"]
    return None


async def open_at(match, client: Client):
    comm = connect(match.pk, cookie_of(client))
    assert (await comm.connect())[0]
    await frames_until(comm, match.version, [])
    return comm


async def refused(match, cookie: bytes) -> bool:
    comm = connect(match.pk, cookie)
    connected, _ = await comm.connect()
    refused = not connected or (await comm.receive_output(timeout=10))["type"] == "websocket.close"
    await comm.disconnect()
    return refused


@pytest.fixture
def table():
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    return started(anne, [bob], private=True, seed="sessions"), bob


def test_signing_out_closes_that_browsers_sockets_only(table):
    match, bob = table
    laptop, phone = signed_in(bob), signed_in(bob)

    async def run() -> None:
        on_laptop, on_phone = await open_at(match, laptop), await open_at(match, phone)
        old_cookie = cookie_of(laptop)
        await sync_to_async(laptop.post)(reverse("account_logout"))
        assert await closed_with(on_laptop) == SESSION_ENDED
        # The phone's socket still follows the table: the next move reaches it.
        user, action, version = await sync_to_async(random_move)(match, random.Random(1))
        await sync_to_async(services.play)(match.pk, user, action, version)
        await frames_until(on_phone, version + 1, [])
        await on_phone.disconnect()
        assert await refused(match, old_cookie)  # it names no session any more
        assert not await refused(match, cookie_of(phone))

    async_to_sync(run)()


@pytest.mark.parametrize("how", ["password change", "account deletion"])
def test_a_new_password_or_a_deleted_account_closes_every_socket(table, how):
    match, bob = table
    laptop, phone = signed_in(bob), signed_in(bob)

    async def run() -> None:
        sockets = [await open_at(match, laptop), await open_at(match, phone)]
        phone_cookie = cookie_of(phone)
        if how == "password change":
            new = "Another-long-Passw0rd"
            form = {"oldpassword": PASSWORD, "password1": new, "password2": new}
            response = await sync_to_async(laptop.post)(reverse("account_change_password"), form)
        else:
            form = {"password": PASSWORD}
            response = await sync_to_async(laptop.post)(reverse("account_delete"), form)
        assert response.status_code == 302
        for comm in sockets:
            assert await closed_with(comm) == SESSION_ENDED
        assert await refused(match, phone_cookie)  # Django accepts none of the old sessions

    async_to_sync(run)()


def test_a_user_holds_at_most_the_configured_number_of_sockets(table, settings, caplog):
    """Issue 15, point 8: past the cap a socket is refused with its own close code and a log
    line; closing one makes room again. Table and lobby sockets count alike, over every
    process (the count is in Redis)."""
    settings.KORSAREN_SOCKETS_PER_USER = 3
    caplog.set_level(logging.WARNING, logger="games.socket_limits")  # whatever the root's level
    match, bob = table
    cookie = cookie_of(signed_in(bob))
    lobby = [(b"origin", b"http://localhost"), (b"cookie", cookie)]

    async def run() -> None:
        from channels.testing import WebsocketCommunicator

        from korsaren_site.asgi import application

        first = connect(match.pk, cookie)
        assert (await first.connect())[0]
        second = WebsocketCommunicator(application, "/ws/lobby/", headers=lobby)
        assert (await second.connect())[0]
        third = connect(match.pk, cookie)
        assert (await third.connect())[0]
        fourth = connect(match.pk, cookie)
        await fourth.connect()
        assert await closed_with(fourth) == 4429
        assert await closed_with(third) is None  # the others stay open
        await first.disconnect()
        fifth = connect(match.pk, cookie)
        assert (await fifth.connect())[0]
        assert await closed_with(fifth) is None
        for comm in (second, third, fifth):
            await comm.disconnect()

    async_to_sync(run)()
    assert any("sockets open: refused" in r.getMessage() for r in caplog.records)


def test_visitors_sockets_are_capped_per_address_and_all_together(settings):
    """Issue 28.6: sockets of visitors who are not signed in were not counted (60 to one public
    table stayed open, each sent the whole table). They count per client address (as the rate
    limits see it, here behind one trusted proxy) and all together; one past a cap is closed
    with TOO_MANY_SOCKETS before it is sent anything."""
    settings.KORSAREN_SOCKETS_PER_ADDRESS = 2
    settings.KORSAREN_VISITOR_SOCKETS = 3
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob], seed="visitors")  # a public table: anyone may watch

    def visitor(address: str):
        from channels.testing import WebsocketCommunicator

        from korsaren_site.asgi import application

        headers = [(b"origin", b"http://localhost"), (b"x-forwarded-for", address.encode())]
        return WebsocketCommunicator(application, f"/ws/tables/{match.pk}/", headers=headers)

    async def first_frame(comm) -> dict:
        assert (await comm.connect())[0]
        return await comm.receive_output(timeout=10)

    async def run() -> None:
        a1, a2, a3 = visitor("10.0.0.1"), visitor("10.0.0.1"), visitor("10.0.0.1")
        assert (await first_frame(a1))["type"] == "websocket.send"
        assert (await first_frame(a2))["type"] == "websocket.send"
        assert await first_frame(a3) == {"type": "websocket.close", "code": 4429}
        b1, b2 = visitor("10.0.0.2"), visitor("10.0.0.3")
        assert (await first_frame(b1))["type"] == "websocket.send"
        assert await first_frame(b2) == {"type": "websocket.close", "code": 4429}  # all visitors
        await a1.disconnect()
        b3 = visitor("10.0.0.3")  # room again
        assert (await first_frame(b3))["type"] == "websocket.send"
        for comm in (a2, b1, b3):
            await comm.disconnect()

    async_to_sync(run)()
