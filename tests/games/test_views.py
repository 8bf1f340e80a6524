"""The lobby and table pages and endpoints through Django's test client (issue 4)."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games import services
from games.korsaren import ALL_CARDS, ANNULLED, SCORED, seats_to_act, view
from games.models import Match, Move
from tests.helpers import PASSWORD
from tests.korsaren.engine.helpers import cards_in

from .cards_seen import cards_shown, version_of
from .tables import open_table, random_move, started, users_by_seat

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(client, user):
    client.login(username=user.username, password=PASSWORD)
    return client


def test_lobby_lists_open_public_tables_only(client, players):
    anne, bob = players[:2]
    public = open_table(anne, seats=3)
    open_table(bob, seats=2, private=True)
    page = client.get(reverse("play")).content.decode()
    assert f'data-table="{public.pk}"' in page
    assert page.count('class="table-item"') == 1
    assert "Sign in to open or join a table." in page


def test_create_table_from_the_lobby(client, players):
    client_for(client, players[0])
    response = client.post(
        reverse("play"), {"seat_count": 3, "turn_seconds": 180, "rated": "on"}, follow=True
    )
    match = Match.objects.get()
    assert response.redirect_chain[-1][0] == match.get_absolute_url()
    assert (match.seat_count, match.turn_seconds, match.rated, match.private) == (
        3,
        180,
        True,
        False,
    )
    assert "Add bot" in response.content.decode()


def test_bad_lobby_input_gets_errors_and_creates_nothing(client, players):
    client_for(client, players[0])
    response = client.post(reverse("play"), {"seat_count": 5, "turn_seconds": 7})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Match.objects.exists()


def test_private_table_is_hidden_without_the_invite(client, players):
    anne, bob = players[:2]
    match = open_table(anne, seats=2, private=True)
    url = match.get_absolute_url()
    assert client.get(url).status_code == 404
    client_for(client, bob)
    assert client.get(url).status_code == 404
    assert client.get(f"{url}?invite=nope").status_code == 404
    assert client.get(f"{url}?invite={match.invite_code}").status_code == 302
    assert client.get(url).status_code == 200  # the session remembers the invite
    response = client.post(reverse("table_join", args=[match.pk]), **HTMX)
    assert response.status_code == 200
    assert match.seats.filter(user=bob).exists()


def test_join_add_bot_start_through_the_endpoints(client, players):
    anne, bob = players[:2]
    match = open_table(anne, seats=3)
    client_for(client, bob)
    assert client.post(reverse("table_join", args=[match.pk]), **HTMX).status_code == 200
    client.logout()
    client_for(client, anne)
    r = client.post(reverse("table_add_bot", args=[match.pk]), {"level": "boatswain"}, **HTMX)
    assert r.status_code == 200 and "Boatswain" in r.content.decode()
    r = client.post(reverse("table_start", args=[match.pk]), **HTMX)
    assert r.status_code == 200
    match.refresh_from_db()
    assert match.is_active and match.seed_sha256 in r.content.decode()
    assert match.seed not in r.content.decode()  # revealed only at the end


def test_the_table_page_works_without_javascript(players):
    """The page's forms carry the CSRF token (htmx sends it as a header once it runs): a browser
    without JavaScript, or a click before htmx has started, posts them as they are, and the
    table answers with its page. Regions pushed over the socket carry no token."""
    import re

    from django.test import Client

    anne, bob = players[:2]
    match = open_table(anne, seats=2)
    browser = client_for(Client(enforce_csrf_checks=True), anne)

    def form_fields(page: str, action: str) -> dict:
        form = re.search(rf'<form[^>]*action="{re.escape(action)}"[^>]*>(.*?)</form>', page, re.S)
        assert form, f"no form posting to {action}"
        return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form[1]))

    page = browser.get(match.get_absolute_url()).content.decode()
    add_bot = reverse("table_add_bot", args=[match.pk])
    fields = {**form_fields(page, add_bot), "level": "boatswain"}
    assert "csrfmiddlewaretoken" in fields
    r = browser.post(add_bot, fields)
    assert r.status_code == 302 and r["Location"] == match.get_absolute_url()
    assert match.seats.filter(bot_level="boatswain").exists()
    page = browser.get(match.get_absolute_url()).content.decode()
    start = reverse("table_start", args=[match.pk])
    assert browser.post(start, form_fields(page, start)).status_code == 302
    match.refresh_from_db()
    assert match.is_active
    # A post without the token is still refused.
    assert browser.post(reverse("table_leave", args=[match.pk])).status_code == 403


def test_anonymous_posts_go_to_login_and_change_nothing(client, players):
    match = started(players[0], [players[1]])
    r = client.post(reverse("table_act", args=[match.pk]), {"version": 0, "action": "draw"})
    assert r.status_code == 302 and "login" in r["Location"]
    assert not Move.objects.exists()


def test_a_move_through_the_table_endpoint(client, players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat = seats_to_act(match.engine_state)[0]
    user = users_by_seat(match)[seat]
    client_for(client, user)
    act = reverse("table_act", args=[match.pk])
    r = client.post(act, {"version": 0, "action": "draw", "source": "stock"}, **HTMX)
    assert r.status_code == 200
    html = r.content.decode()
    assert version_of(html) == 1
    assert 'hx-swap-oob="true"' in html and "Discard" in html and "Set sail" in html
    # The same click again: refused with a clear message, nothing changes.
    r = client.post(act, {"version": 0, "action": "draw", "source": "stock"}, **HTMX)
    assert r.status_code == 409 and "not played" in r.content.decode()
    # Garbage is refused with 400.
    for bad in ({"version": "x", "action": "draw"}, {"version": 1, "action": "fly"},
                {"version": 1, "action": "discard", "card": "gold-12"},
                {"version": 1, "action": "discard"}):  # fmt: skip
        assert client.post(act, bad, **HTMX).status_code == 400
    assert Move.objects.count() == 1


def test_a_move_from_a_tab_with_an_open_socket_is_answered_without_the_regions(client, players):
    """table.js says when the tab's socket is open: the socket brings the new table (to every
    seat at once), so the answer only clears the message line. A refusal still comes whole."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    client_for(client, users_by_seat(match)[seats_to_act(match.engine_state)[0]])
    act = reverse("table_act", args=[match.pk])
    live = {**HTMX, "HTTP_X_TABLE_LIVE": "1"}
    r = client.post(act, {"version": 0, "action": "draw", "source": "stock"}, **live)
    assert r.status_code == 200
    assert r.content.decode() == (
        '<div id="table-message" class="table-message" role="alert" hx-swap-oob="true"></div>'
    )
    assert Match.objects.get(pk=match.pk).version == 1
    r = client.post(act, {"version": 0, "action": "draw", "source": "stock"}, **live)
    html = r.content.decode()
    assert r.status_code == 409 and "not played" in html and version_of(html) == 1


def test_the_other_player_cannot_move_out_of_turn(client, players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat = seats_to_act(match.engine_state)[0]
    client_for(client, users_by_seat(match)[1 - seat])
    r = client.post(
        reverse("table_act", args=[match.pk]),
        {"version": 0, "action": "draw", "source": "stock"},
        **HTMX,
    )
    assert r.status_code == 409 and "not your turn" in r.content.decode()


def test_pages_show_no_card_the_viewer_could_not_see(client, players):
    anne, bob, cleo = players[:3]
    match = started(anne, [bob], bots=["deckhand"])
    state = match.engine_state
    seats = users_by_seat(match)
    for position in range(3):
        client.logout()
        if not seats[position].is_bot:
            client_for(client, seats[position])
            viewer = position
        else:
            client_for(client, cleo)  # a spectator
            viewer = None
        html = client.get(match.get_absolute_url()).content.decode()
        allowed = cards_in(view(state, viewer))
        shown = cards_shown(html)
        assert shown, "the table shows cards"
        assert shown <= allowed, shown - allowed
        others = {c for p, hand in enumerate(state.round.hands) if p != viewer for c in hand}
        assert not shown & (others | set(state.round.stock))
    assert set(ALL_CARDS) >= shown


def test_laydown_preview_shows_the_limit(client, players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat = seats_to_act(match.engine_state)[0]
    user = users_by_seat(match)[seat]
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    client_for(client, user)
    match.refresh_from_db()
    hand = match.engine_state.round.hands[seat]
    url = reverse("table_laydown", args=[match.pk])
    html = client.get(url, {"card": hand[0]}).content.decode()
    assert "Limit" in html and "Lay down" in html
    assert 'name="crew_sent"' in html
    three = client.get(url, {"card": hand[0], "crew": ["red", "blue", "green"], "crew_sent": 1})
    assert "at most two colours" in three.content.decode()
    assert "disabled" in three.content.decode()
    no_card = client.get(url).content.decode()
    assert "Choose the card to discard" in no_card


def test_taking_the_seat_back_after_a_bot_took_over(client, players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    match.seats.filter(user=bob).update(bot_level="deckhand", abandoned=True, timeouts=3)
    client_for(client, bob)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Take my seat back" in page and "played by the Deckhand bot" in page
    r = client.post(reverse("table_take_back", args=[match.pk]), **HTMX)
    assert r.status_code == 200 and "Take my seat back" not in r.content.decode()
    seat = match.seats.get(user=bob)
    assert (seat.bot_level, seat.abandoned, seat.timeouts) == ("", False, 0)
    again = client.post(reverse("table_take_back", args=[match.pk]), **HTMX)
    assert again.status_code == 409


def test_create_table_while_signed_out_leads_to_the_sign_in_page_and_back(client, players):
    """Issue 15, point 7: the redirect went to "account_login?next=..." (a URL name), a 404."""
    response = client.post(reverse("play"), {"seat_count": 2, "turn_seconds": 60})
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={reverse('play')}"
    assert client.get(response["Location"]).status_code == 200
    assert not Match.objects.exists()


def test_table_pages_and_partials_are_never_stored_by_a_cache(client, players):
    """Issue 15, point 7: they carry the viewer's hand (shared and back-button caches)."""
    anne, bob = players[:2]
    match = started(anne, [bob], seed="no-store")
    on_turn = users_by_seat(match)[seats_to_act(match.engine_state)[0]]
    client_for(client, on_turn)
    responses = [
        client.get(reverse("table", args=[match.pk])),
        client.get(reverse("table_laydown", args=[match.pk])),
        client.post(reverse("table_act", args=[match.pk]), {"version": 9, "action": "x"}, **HTMX),
        client.post(
            reverse("table_act", args=[match.pk]),
            {"version": 0, "action": "draw", "source": "stock"},
            **HTMX,
        ),
        client.post(reverse("table_take_back", args=[match.pk]), **HTMX),
    ]
    for response in responses:
        directives = {d.strip() for d in response.get("Cache-Control", "").split(",")}
        assert {"private", "no-store"} <= directives, (response.status_code, directives)


def test_the_last_rounds_result_stays_on_the_table_while_the_next_round_begins(client, players):
    """The scored round can be looked at again, open through the new round's first lap."""
    anne, bob = players[:2]
    match = started(anne, [bob], seed="previous-result")
    rng = random.Random(1)
    while match.engine_state.round.phase not in (SCORED, ANNULLED):
        user, action, version = random_move(match, rng)
        services.play(match.pk, user, action, version)
        match.refresh_from_db()
    assert match.engine_state.round.phase == SCORED, "this seed's first round is scored"
    assert services.take_server_step(match.pk, match.version)  # the next deal
    page = client_for(client, anne).get(reverse("table", args=[match.pk])).content.decode()
    assert "Result of round 1" in page
    assert '<details class="previous-round" open>' in page
