"""Staff see no secret of a match in play, and act only with the permission to (issue 15,
point 5): the seed and the state (every hand, the stock's order) wait for the match's end; the
abort, void and hide actions need more than the permission to look."""

from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission
from django.urls import reverse

from games import chat
from games.models import ChatMessage, Match
from moderation.models import ModerationAction
from tests.helpers import make_user

from .tables import started

pytestmark = pytest.mark.django_db


def staff_with(*codenames: str):
    name = "-".join(codenames)
    user = make_user(name, f"{name}@example.com", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def match():
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    return started(anne, [bob], seed="a-very-secret-seed")


def test_a_live_matchs_seed_and_state_are_hidden_until_it_is_over(client, match):
    client.force_login(staff_with("view_match"))
    page = reverse("admin:games_match_change", args=[match.pk])
    stock = match.state["round"]["stock"]
    live = client.get(page).content.decode()
    assert "a-very-secret-seed" not in live and '"stock"' not in live
    assert match.seed_sha256 in live  # its hash is public from the start
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    over = client.get(page).content.decode()
    assert "a-very-secret-seed" in over and stock[0] in over


ACTIONS = [
    ("admin:games_match_changelist", "abort", "view_match", "change_match"),
    ("admin:games_match_changelist", "void_ratings", "view_match", "change_match"),
    ("admin:games_chatmessage_changelist", "hide", "view_chatmessage", "change_chatmessage"),
]


@pytest.mark.parametrize(("changelist", "action", "view", "change"), ACTIONS)
def test_moderation_actions_need_more_than_the_view_permission(
    client, match, changelist, action, view, change
):
    message = chat.post_message(match.seats.first().user, match, "ahoy")
    target = match.pk if "match" in changelist else message.pk
    form = {"action": action, ACTION_CHECKBOX_NAME: [target], "apply": "1", "reason": "test"}
    url = reverse(changelist)
    client.force_login(staff_with(view))
    assert f'value="{action}"' not in client.get(url).content.decode()  # not offered
    client.post(url, form)
    assert not ModerationAction.objects.exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    assert not ChatMessage.objects.get(pk=message.pk).hidden
    # With the permission to change, the same request does it.
    client.force_login(staff_with(view, change))
    assert client.post(url, form).status_code == 302
    kinds = {"abort": "abort_match", "void_ratings": "void_ratings", "hide": "hide_message"}
    assert ModerationAction.objects.get().kind == kinds[action]
