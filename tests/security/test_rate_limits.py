"""Rate limits (issue 8): moves per player, and allauth's limits on logins and sign-ups, all
counted in the shared Redis cache so every server process agrees."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.korsaren import seats_to_act
from tests.games.tables import started, users_by_seat
from tests.helpers import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_a_player_hammering_the_move_endpoint_is_slowed_down_and_nothing_changes():
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(anna, [bert], seed="rate")
    waiting = users_by_seat(match)[1 - seats_to_act(match.engine_state)[0]]  # not on turn
    client = Client()
    client.force_login(waiting)
    url = f"/tables/{match.pk}/act/"
    move = {"version": 0, "action": "draw", "source": "stock"}
    statuses = [
        client.post(url, move, HTTP_HX_REQUEST="true").status_code
        for _ in range(settings.KORSAREN_MOVE_RATE + 5)
    ]
    assert statuses[: settings.KORSAREN_MOVE_RATE] == [409] * settings.KORSAREN_MOVE_RATE
    assert statuses[settings.KORSAREN_MOVE_RATE :] == [429] * 5
    last = client.post(url, move, HTTP_HX_REQUEST="true")
    assert "Too many moves" in last.content.decode()
    match.refresh_from_db()
    assert match.version == 0
    # Another player is not slowed down by it.
    other = Client()
    other.force_login(users_by_seat(match)[seats_to_act(match.engine_state)[0]])
    assert other.post(url, move, HTTP_HX_REQUEST="true").status_code == 200


def test_repeated_failed_logins_are_refused(fast_passwords):
    make_user("anna", "anna@example.com")
    client = Client()
    pages = [
        client.post("/accounts/login/", {"login": "anna", "password": "wrong"}).content
        for _ in range(6)
    ]
    assert b"Too many failed login attempts" in pages[-1]
    assert not any(b"Too many failed login attempts" in page for page in pages[:4])
    # Once limited, even the right password is refused for a while.
    right = client.post("/accounts/login/", {"login": "anna", "password": PASSWORD})
    assert b"Too many failed login attempts" in right.content
    assert "_auth_user_id" not in client.session


def test_a_flood_of_login_requests_from_one_address_gets_429(fast_passwords):
    client = Client()
    statuses = [
        client.post("/accounts/login/", {"login": f"x{i}", "password": "y"}).status_code
        for i in range(35)
    ]
    assert statuses[-1] == 429 and statuses[0] == 200


def test_a_burst_of_sign_ups_from_one_address_is_refused(fast_passwords):
    client = Client()
    statuses = []
    for i in range(25):
        form = {
            "username": f"newbie{i}",
            "email": f"newbie{i}@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        }
        statuses.append(client.post("/accounts/signup/", form).status_code)
    assert 429 in statuses
