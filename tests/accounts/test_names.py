"""Names nobody may take (issue 15, point 1): at sign-up and as a display name, no person passes
for a bot (in any language), the staff, a deleted player or another player."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.names import name_key
from tests.helpers import make_user

from .test_signup import sign_up

pytestmark = pytest.mark.django_db

IMITATIONS = [
    # The bots, by their account names and their names in each language.
    "Ηoyle",  # Greek capital Eta (issue 28.7)
    "Μan",  # Greek capital Mu
    "Captɑin",  # Latin alpha
    "Ꮋoyle",  # Cherokee Mi
    "Grandmasteг",  # Cyrillic ghe
    "bot-captain",
    "Bot_Anne",
    "b0t",
    "Captain",
    "CAPTAIN",
    "Kapitän",
    "kapitan",
    "Capitán",
    "Capitaine",
    "Bootsmann",
    "Nostromo",
    "Mousse",
    "Deckhand",
    "Schiffsjunge",
    "Grumete",
    "Maitre-d-equipage",
    # Deleted players.
    "Deleted player",
    "Gelöschter Spieler",
    "Jugador eliminado",
    "deleted-12",
    # The staff.
    "admin",
    "Admin42",
    "SuperAdmin",
    "Moderator",
    "anne_mod",
    "System",
    "staff",
    "Korsaren",
]
# Another player's names: "anne" (username) and "Anne Bonny" (display name) are taken.
LOOK_ALIKES = ["ANNE", "a.n.n.e", "аnne", "Anne!", "Ánne", "anne bonny", "AnneBonny", "Anne_B0nny"]
FINE = ["bert", "Annette", "Captain_Jack", "Swan", "Badminton", "Modesto", "Annie"]


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com", display_name="Anne Bonny")


@pytest.mark.parametrize("name", IMITATIONS + LOOK_ALIKES)
def test_sign_up_refuses_a_name_that_imitates_a_bot_the_staff_or_another_player(client, anne, name):
    response = sign_up(client, username=name.replace(" ", "_"), email="new@example.com")
    assert response.status_code == 200, name
    assert not User.objects.filter(email="new@example.com").exists()


@pytest.mark.parametrize("name", FINE)
def test_sign_up_accepts_an_ordinary_name(client, anne, name):
    response = sign_up(client, username=name, email="new@example.com")
    assert response.status_code == 302, response.content.decode()
    assert User.objects.get(email="new@example.com").username == name


def edit(client, display_name: str):
    return client.post(
        reverse("profile_edit"), {"display_name": display_name, "preferred_language": ""}
    )


@pytest.mark.parametrize("name", IMITATIONS + LOOK_ALIKES)
def test_the_display_name_refuses_the_same_imitations(client, anne, name):
    bert = make_user("bert", "bert@example.com", display_name="Bert")
    client.force_login(bert)
    response = edit(client, name)
    assert response.status_code == 200, name
    assert "Please choose another." in response.content.decode()
    bert.refresh_from_db()
    assert bert.display_name == "Bert"


def test_the_refusal_is_in_the_players_language(client, anne):
    bert = make_user("bert", "bert@example.com", preferred_language="de")
    client.force_login(bert)
    page = edit(client, "Kapitän").content.decode()
    assert "Bitte wähle einen anderen." in page


def test_a_player_may_take_their_own_username_as_display_name(client, anne):
    client.force_login(anne)
    assert edit(client, "Anne").status_code == 302
    anne.refresh_from_db()
    assert anne.display_name == "Anne"


def test_an_existing_name_is_left_as_it_is(client):
    """Accounts made before the rules keep their names: saving the profile does not refuse
    the display name it already has."""
    old = make_user("oldtimer", "old@example.com", display_name="Captain")
    client.force_login(old)
    response = client.post(
        reverse("profile_edit"), {"display_name": "Captain", "preferred_language": "it"}
    )
    assert response.status_code == 302
    old.refresh_from_db()
    assert old.display_name == "Captain" and old.preferred_language == "it"


def test_name_keys_are_kept_with_the_names(anne):
    assert anne.username_key == name_key("ANNE")
    assert anne.display_name_key == name_key("anne-bonny")
    anne.display_name = "Mary Read"
    anne.save(update_fields=["display_name"])
    assert User.objects.get(pk=anne.pk).display_name_key == name_key("mary  read")


def test_look_alikes_share_a_key_and_other_names_do_not():
    assert len({name_key(n) for n in ["anne", *LOOK_ALIKES[:5]]}) == 1
    assert name_key("rnary") == name_key("mary") and name_key("Ⅽaptain") == name_key("captain")
    assert len({name_key(n) for n in ["anne", "annie", "anna", "bert"]}) == 4


def test_every_confusable_of_every_letter_of_every_bots_name_is_refused():
    """Issue 28.7: "Ηoyle" (Greek Eta), "Μan", "Captɑin", "Ꮋoyle", "Grandmasteг" passed for the
    bots. Names are compared by their TR39 skeleton: each letter of each bot's name in each
    language, replaced by every character Unicode lists as drawn like it, is refused."""
    from collections import defaultdict

    from django.conf import settings
    from django.utils import translation

    from accounts.names import _prototypes, refusal, skeleton
    from games.bot_accounts import bot_names

    drawn_like = defaultdict(list)  # prototype -> the characters drawn like it
    for source, prototype in _prototypes().items():
        drawn_like[prototype].append(source)
    tried, passed = 0, []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            names = {str(n) for n in bot_names().values()}
        for name in names:
            for i, letter in enumerate(name):
                for other in drawn_like[skeleton(letter)]:
                    imitation = name[:i] + other + name[i + 1 :]
                    tried += 1
                    if refusal(imitation) is None:
                        passed.append(imitation)
    assert tried > 1000
    assert passed == []
