"""In Chromium (issue 19): a move goes over the table's open socket, not as a POST; with the
socket down the same form is posted, and the move is played either way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from games.korsaren import seats_to_act
from games.models import Match
from tests.games.tables import started, users_by_seat
from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_moves_go_over_the_socket_and_are_posted_while_it_is_down(
    browser: Browser, asgi_live_server
):
    site = asgi_live_server.url
    anne, bob = make_user("anne", "anne@example.com"), make_user("bob", "bob@example.com")
    match = started(anne, [bob], seed="socket-e2e")
    on_turn = users_by_seat(match)[seats_to_act(match.engine_state)[0]]
    page = signed_in(browser, site, on_turn.username)
    posts: list[str] = []
    page.on("request", lambda r: r.method == "POST" and posts.append(r.url))
    sent: list[str] = []

    def watch(ws) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)))

    page.on("websocket", watch)
    page.goto(f"{site}/tables/{match.pk}/")
    expect(page.locator("#table-status")).to_contain_text(match.seed_sha256)
    # The socket is open (table.js marks the table live; 30 s on a busy CI).
    expect(page.locator(".table[data-live]")).to_have_count(1, timeout=30_000)

    page.get_by_role("button", name="Draw from stock").click()
    expect(page.locator("#table-log")).to_contain_text(f"{on_turn.username}")
    expect(page.get_by_role("button", name="Discard")).to_be_visible()
    assert Match.objects.get(pk=match.pk).version == 1
    assert not [url for url in posts if url.endswith("/act/")]  # it went over the socket
    assert any('"move"' in frame and '"stock"' in frame for frame in sent)

    # The socket goes away (as htmx's ws extension reports it): the next move is posted.
    page.evaluate(
        "document.querySelector('.table').dispatchEvent(new CustomEvent('htmx:wsClose',"
        " {bubbles: true, detail: {event: {code: 1006}}}))"
    )
    page.locator("#hand-form input[type=radio]").first.check()
    page.get_by_role("button", name="Discard").click()
    expect(page.locator("#table-log")).to_contain_text("discarded")
    assert Match.objects.get(pk=match.pk).version == 2
    assert [url for url in posts if url.endswith("/act/")] == [f"{site}/tables/{match.pk}/act/"]
