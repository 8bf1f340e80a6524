import pytest
from django.urls import reverse

from tests.helpers import PASSWORD, cache_keys, link_in, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Another-long-Passw0rd"


def log_in(client, login="anne", password=PASSWORD):
    return client.post(reverse("account_login"), {"login": login, "password": password})


def test_password_reset_by_email(client, mailoutbox):
    user = make_user()
    response = client.post(reverse("account_reset_password"), {"email": "anne@example.com"})
    assert response.status_code == 302
    assert len(mailoutbox) == 1

    key_path = link_in(mailoutbox[0].body, "/accounts/password/reset/key/")
    response = client.get(key_path)  # allauth moves the key into the session, then redirects
    assert response.status_code == 302
    set_password_path = response["Location"]
    response = client.post(
        set_password_path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_from_key_done")

    assert log_in(client, password=PASSWORD).status_code == 200  # the old one is gone
    assert log_in(client, password=NEW_PASSWORD).status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_password_reset_for_an_unknown_address_says_so(client, mailoutbox):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.com"})
    assert response.status_code == 200
    assert "not assigned to any user account" in response.content.decode()
    assert mailoutbox == []


def test_password_change(client):
    user = make_user()
    log_in(client)
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_password_change_needs_the_current_password(client):
    user = make_user()
    log_in(client)
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    assert "Please type your current password." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_failed_logins_are_rate_limited(client):
    make_user()
    for _ in range(10):  # per address (the account's own limit is far higher: test_rate_limits)
        response = log_in(client, password="wrong password")
        assert "The username and/or password you specified are not correct." in (
            response.content.decode()
        )
    # Even the right password is refused to this address now: the counter lives in the (Redis)
    # cache.
    response = log_in(client)
    assert "Too many failed login attempts. Try again later." in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert cache_keys(), "the rate-limit counters are kept in Redis"
