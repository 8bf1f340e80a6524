"""Numbers in addresses and forms (issue 28.8): any id out of the database's range answers 404
as an unknown one does, and a version written in other digits ("²", "①") is a missing version:
never a server error, never a hint that a private table exists."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter

from games.converters import IdConverter
from games.models import Match
from tests.games.tables import started
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


def routes(resolver: URLResolver = None, prefix: str = ""):
    """(route, converters) of every URL pattern of the site."""
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from routes(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry.pattern.converters


def test_no_route_takes_numbers_int_cannot_store():
    plain_int = [
        r for r, conv in routes() if any(isinstance(c, IntConverter) for c in conv.values())
    ]
    assert plain_int == []


@pytest.mark.parametrize("number", [2**63, 10**30])
def test_every_route_with_an_id_answers_404_out_of_range(number):
    user = make_user("anna", "anna@example.com")
    client = Client()
    client.force_login(user)
    with_ids = [r for r, conv in routes() if any(isinstance(c, IdConverter) for c in conv.values())]
    assert len(with_ids) >= 15
    for route in with_ids:
        url = "/" + re.sub(r"<id:\w+>", str(number), re.sub(r"<str:\w+>", "x", route))
        url = url.lstrip("^").replace("\\Z", "")
        for method in (client.get, client.post):
            assert method(url).status_code == 404, url


@pytest.mark.parametrize("version", ["²", "①", "٣"])
def test_a_version_in_other_digits_is_missing_and_hides_a_private_table(version):
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(anna, [bert], private=True, seed="digits")
    stranger = Client()
    stranger.force_login(make_user("stella", "stella@example.com"))
    form = {"version": version, "action": "draw", "source": "stock"}
    url = f"/tables/{match.pk}/act/"
    assert stranger.post(url, form).status_code == 404  # as for a table that is not there
    player = Client()
    player.force_login(anna)
    answer = player.post(url, form, HTTP_HX_REQUEST="true")
    assert 400 <= answer.status_code < 500
    assert Match.objects.get(pk=match.pk).version == match.version
