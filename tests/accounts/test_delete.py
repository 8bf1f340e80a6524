import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from tests.helpers import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_deleting_an_account_anonymises_it(client):
    anne = make_user(display_name="Captain Anne", preferred_language="fr")
    client.force_login(anne)
    assert client.get(reverse("account_delete")).status_code == 200

    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session

    anne.refresh_from_db()  # the row stays, so past matches keep their player
    assert anne.username == f"deleted-{anne.pk}"
    assert anne.display_name == "Deleted player"
    with translation.override("en"):
        assert anne.public_name == "Deleted player"
    assert anne.email == ""
    assert anne.preferred_language == ""
    assert not anne.has_usable_password()
    assert not anne.is_active
    assert anne.deleted_at is not None
    assert not EmailAddress.objects.filter(user=anne).exists()


def test_a_deleted_account_cannot_log_in_and_frees_its_name(client):
    anne = make_user()
    client.force_login(anne)
    client.post(reverse("account_delete"), {"password": PASSWORD})

    for login in ("anne", "anne@example.com"):
        response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session

    make_user()  # the old username and address are free again
    assert User.objects.filter(username="anne").count() == 1


def test_deleting_needs_the_password(client):
    anne = make_user()
    client.force_login(anne)
    response = client.post(reverse("account_delete"), {"password": "not it"})
    assert response.status_code == 200
    assert "That is not your password." in response.content.decode()
    anne.refresh_from_db()
    assert anne.is_active
    assert anne.username == "anne"
