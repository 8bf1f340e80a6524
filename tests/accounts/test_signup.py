import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from accounts.models import User
from tests.helpers import PASSWORD, link_in, make_user

pytestmark = pytest.mark.django_db


def sign_up(client, username="anne", email="anne@example.com", password=PASSWORD, password2=None):
    return client.post(
        reverse("account_signup"),
        {
            "username": username,
            "email": email,
            "password1": password,
            "password2": password2 or password,
        },
    )


def test_sign_up_verify_and_log_in(client, mailoutbox):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = User.objects.get(username="anne")
    assert not EmailAddress.objects.get(user=user).verified

    # Mandatory verification: no way in before following the link.
    response = client.post(reverse("account_login"), {"login": "anne", "password": PASSWORD})
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session

    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["anne@example.com"]
    confirm_path = link_in(mailoutbox[0].body, "/accounts/confirm-email/")
    assert client.get(confirm_path).status_code == 200
    response = client.post(confirm_path)
    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified

    response = client.post(reverse("account_login"), {"login": "anne", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_log_in_by_email_address(client):
    user = make_user()
    response = client.post(
        reverse("account_login"), {"login": "anne@example.com", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_log_out(client):
    make_user()
    client.post(reverse("account_login"), {"login": "anne", "password": PASSWORD})
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_duplicate_username_is_refused_clearly(client):
    make_user(username="anne", email="anne@example.com")
    response = sign_up(client, username="Anne", email="other@example.com")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(is_bot=False).count() == 1


def test_duplicate_email_is_refused_clearly(client):
    make_user(username="anne", email="anne@example.com")
    response = sign_up(client, username="bert", email="ANNE@example.com")
    assert response.status_code == 200
    assert "A user is already registered with this email address." in response.content.decode()
    assert User.objects.filter(is_bot=False).count() == 1


@pytest.mark.parametrize(
    ("password", "password2", "message"),
    [
        ("short1", None, "This password is too short."),
        ("password123", None, "This password is too common."),
        ("83749201938475", None, "This password is entirely numeric."),
        (PASSWORD, PASSWORD + "x", "You must type the same password each time."),
    ],
)
def test_bad_passwords_are_refused_clearly(client, password, password2, message):
    response = sign_up(client, password=password, password2=password2)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.filter(is_bot=False).exists()


def test_reserved_usernames_are_refused(client):
    response = sign_up(client, username="deleted-7")
    assert response.status_code == 200
    assert "This username is reserved." in response.content.decode()
