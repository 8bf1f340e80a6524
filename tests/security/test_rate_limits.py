"""Rate limits (issue 8): moves per player, and allauth's limits on logins and sign-ups, all
counted in the shared Redis cache so every server process agrees."""

from __future__ import annotations

import logging

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


ATTACKER, OWNER = "203.0.113.9", "198.51.100.7"


def log_in(client: Client, password: str, login: str = "anna"):
    return client.post("/accounts/login/", {"login": login, "password": password})


def test_wrong_passwords_throttle_the_address_not_the_account(fast_passwords):
    """Issue 15, point 7: someone typing wrong passwords for a (public) username is slowed
    down; the account's owner, elsewhere, still signs in."""
    make_user("anna", "anna@example.com")
    attacker = Client(REMOTE_ADDR=ATTACKER)
    pages = [log_in(attacker, "wrong").content for _ in range(12)]
    assert b"Too many failed login attempts" in pages[-1]
    assert not any(b"Too many failed login attempts" in page for page in pages[:9])
    # The attacker's address is refused even the right password for a while...
    assert b"Too many failed login attempts" in log_in(attacker, PASSWORD).content
    assert "_auth_user_id" not in attacker.session
    # ...but the owner is not locked out.
    owner = Client(REMOTE_ADDR=OWNER)
    assert log_in(owner, PASSWORD).status_code == 302
    assert "_auth_user_id" in owner.session


def test_wrong_passwords_from_many_addresses_pause_the_account_kindly(fast_passwords, settings):
    """A wider attack reaches the account's own, longer limit: signing in with a password then
    waits, with a message that says why and how to get in now (a password reset lifts it)."""
    settings.ACCOUNT_RATE_LIMITS = {
        **settings.ACCOUNT_RATE_LIMITS,
        "login_failed_account": "6/d/key",
    }
    make_user("anna", "anna@example.com")
    for i in range(3):
        for login in ("anna", "ANNA@example.com"):  # one account, however it is named
            log_in(Client(REMOTE_ADDR=f"192.0.2.{i}"), "wrong", login)
    owner = Client(REMOTE_ADDR=OWNER)
    page = log_in(owner, PASSWORD).content.decode()
    assert "reset your password" in page and "_auth_user_id" not in owner.session
    owner.post("/accounts/password/reset/", {"email": "anna@example.com"})
    from django.core import mail

    from tests.helpers import link_in

    key_path = link_in(mail.outbox[-1].body, "/accounts/password/reset/key/")
    set_path = owner.get(key_path)["Location"]
    new = "Another-long-Passw0rd"
    assert owner.post(set_path, {"password1": new, "password2": new}).status_code == 302
    assert log_in(owner, new).status_code == 302


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


@pytest.fixture
def redis_down(monkeypatch):
    """The cache's Redis is down: the limiters' client talks to a port nothing listens on, and
    the cache's own calls refuse."""
    import redis
    from django.core.cache import cache
    from redis.exceptions import ConnectionError

    from games import ratelimit
    from korsaren_site.processes import free_port

    def refuse(*args, **kwargs):
        raise ConnectionError("Redis is down")

    for method in ("add", "incr", "set", "get"):
        monkeypatch.setattr(cache, method, refuse)
    down = redis.Redis(port=free_port(), socket_connect_timeout=0.5)
    monkeypatch.setattr(ratelimit, "client", lambda url: down)  # the limiters' own pipeline


def test_both_rate_limiters_fail_open_with_a_warning_when_redis_fails(redis_down, caplog):
    """Issue 15, point 7: the chat limiter let the Redis error escape while the move limiter
    let the request through silently; now both let it through, and say so in the log."""
    from games import chat

    caplog.set_level(logging.WARNING, logger="games.ratelimit")  # whatever the root's level
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(anna, [bert], seed="redis-down")
    on_turn = users_by_seat(match)[seats_to_act(match.engine_state)[0]]
    assert chat.post_message(anna, match, "ahoy").text == "ahoy"
    client = Client()
    client.force_login(on_turn)
    move = {"version": 0, "action": "draw", "source": "stock"}
    assert client.post(f"/tables/{match.pk}/act/", move, HTTP_HX_REQUEST="true").status_code == 200
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert any("chat-rate" in w for w in warnings) and any("move-rate" in w for w in warnings)
