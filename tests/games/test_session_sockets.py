"""Sockets end with their session (issue 15, point 3): signing out closes that browser's
sockets and no other's; a new password or a deleted account closes them all; and a closed
session's cookie opens no socket of its user again."""

from __future__ import annotations

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
    while True:
        try:
            out = await comm.receive_output(timeout=3)
        except TimeoutError:
            return None
        if out["type"] == "websocket.close":
            return out["code"]


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
