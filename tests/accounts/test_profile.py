import pytest
from django.conf import settings
from django.urls import reverse

from tests.helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne(client):
    user = make_user(display_name="Captain Anne")
    client.force_login(user)
    return user


def test_profile_needs_login(client):
    response = client.get(reverse("profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_profile_shows_the_player(client, anne):
    response = client.get(reverse("profile"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Captain Anne" in page
    assert "Member since" in page
    assert anne.date_joined.strftime("%Y") in page


def test_edit_profile(client, anne):
    response = client.post(
        reverse("profile_edit"), {"display_name": "  Anne Bonny ", "preferred_language": ""}
    )
    assert response.status_code == 302
    anne.refresh_from_db()
    assert anne.display_name == "Anne Bonny"
    assert anne.public_name == "Anne Bonny"


def test_display_name_falls_back_to_username(client, anne):
    client.post(reverse("profile_edit"), {"display_name": "", "preferred_language": ""})
    anne.refresh_from_db()
    assert anne.public_name == "anne"


def test_preferred_language_sets_the_page_language(client, anne):
    response = client.post(
        reverse("profile_edit"), {"display_name": "Anne", "preferred_language": "de"}
    )
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)  # the profile alone must be enough
    response = client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Language"] == "de"
    assert "Mitglied seit" in response.content.decode()


def test_unknown_language_is_refused(client, anne):
    response = client.post(
        reverse("profile_edit"), {"display_name": "Anne", "preferred_language": "xx"}
    )
    assert response.status_code == 200
    anne.refresh_from_db()
    assert anne.preferred_language == ""


def test_language_switcher_remembers_the_choice_of_a_player(client, anne):
    response = client.post(reverse("set_language"), {"language": "it", "next": "/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    anne.refresh_from_db()
    assert anne.preferred_language == "it"
    assert "Regole" in client.get(reverse("game_rules", args=["korsaren"])).content.decode()


def test_language_switcher_for_visitors_uses_the_cookie(client):
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert "Reglas" in client.get(reverse("home")).content.decode()


def test_no_preferred_language_means_the_browser_language(client, anne):
    client.post(reverse("profile_edit"), {"display_name": "Anne", "preferred_language": "de"})
    response = client.post(
        reverse("profile_edit"), {"display_name": "Anne", "preferred_language": ""}
    )
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""  # deleted
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)
    response = client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Language"] == "fr"
