from datetime import timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import User
from tests.helpers import PASSWORD, make_user

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:accounts_user_changelist")


@pytest.fixture
def admin_client_(client):
    admin = User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
    client.force_login(admin)
    return client


def test_user_list_searches_and_shows_last_login(admin_client_):
    make_user("anne", "anne@example.com", display_name="Captain Anne")
    make_user("bert", "bert@example.com")
    response = admin_client_.get(CHANGELIST, {"q": "Captain"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "anne@example.com" in page
    assert "bert@example.com" not in page
    assert "Last login" in page
    assert "Date joined" in page


def test_ban_asks_for_a_reason_then_deactivates(admin_client_):
    anne = make_user()
    form = {"action": "ban", ACTION_CHECKBOX_NAME: [anne.pk]}
    response = admin_client_.post(CHANGELIST, form)
    assert response.status_code == 200
    assert "Reason" in response.content.decode()
    anne.refresh_from_db()
    assert anne.is_active  # nothing happens before the reason is given

    response = admin_client_.post(
        CHANGELIST, {**form, "apply": "1", "reason": "Abusive chat", "days": "7"}
    )
    assert response.status_code == 302
    anne.refresh_from_db()
    assert not anne.is_active
    assert anne.ban_reason == "Abusive chat"
    assert anne.banned_at is not None
    assert anne.banned_until - timezone.now() > timedelta(days=6)


def test_a_banned_player_cannot_log_in(client):
    anne = make_user()
    services.ban_user(anne, reason="Cheating")
    client.post(reverse("account_login"), {"login": "anne", "password": PASSWORD})
    assert "_auth_user_id" not in client.session


def test_a_ban_ends_the_sessions_of_the_player(client):
    anne = make_user()
    client.force_login(anne)
    assert client.get(reverse("profile")).status_code == 200
    services.ban_user(anne, reason="Cheating")
    assert client.get(reverse("profile")).status_code == 302  # to the login page


def test_unban(admin_client_):
    anne = make_user()
    services.ban_user(anne, reason="Cheating")
    response = admin_client_.post(CHANGELIST, {"action": "unban", ACTION_CHECKBOX_NAME: [anne.pk]})
    assert response.status_code == 302
    anne.refresh_from_db()
    assert anne.is_active
    assert anne.ban_reason == ""
    assert anne.banned_at is None


def test_timed_bans_are_lifted_when_they_expire():
    anne = make_user("anne", "anne@example.com")
    bert = make_user("bert", "bert@example.com")
    services.ban_user(anne, reason="Spam", until=timezone.now() - timedelta(minutes=1))
    services.ban_user(bert, reason="Cheating")  # permanent
    assert services.lift_expired_bans() == 1
    anne.refresh_from_db()
    bert.refresh_from_db()
    assert anne.is_active
    assert not bert.is_active


def test_the_change_form_cannot_pretend_to_ban(admin_client_):
    """Issue 28.2: the ban fields on the user's form used to save ("changed successfully") and
    ban nobody. They are shown, not edited, and the form points to the list's ban action."""
    anne = make_user("anne", "anne@example.com")
    url = reverse("admin:accounts_user_change", args=[anne.pk])
    page = admin_client_.get(url).content.decode()
    assert 'name="ban_reason"' not in page
    assert 'name="banned_until"' not in page
    assert 'name="is_active"' not in page
    assert "Ban (deactivate)" in page  # where banning is done
    form = {
        "username": "anne",
        "email": "anne@example.com",
        "display_name": "",
        "preferred_language": "",
        "ban_reason": "tried through the form",
        "banned_until_0": "2030-01-01",
        "banned_until_1": "00:00:00",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
    }
    admin_client_.post(url, form)
    anne.refresh_from_db()
    assert anne.is_active
    assert anne.ban_reason == ""
    assert anne.banned_until is None
