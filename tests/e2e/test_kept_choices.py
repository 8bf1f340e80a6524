"""What a player chose is never undone by the table's socket (issue 28.17): a bot level picked
before the socket's first frame arrived was reset to the easiest when the region came again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.games.tables import open_table
from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_bot_level_chosen_before_the_socket_connects_is_kept(browser: Browser, asgi_live_server):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    match = open_table(anne, seats=3)
    page = signed_in(browser, site, "anne")
    # The socket's frames are held back until the choice is made, as on a slow connection.
    gate: dict = {"open": False, "held": [], "page_side": None}

    def route(ws) -> None:
        server = ws.connect_to_server()
        gate["page_side"] = ws

        def from_server(message) -> None:
            (ws.send(message) if gate["open"] else gate["held"].append(message))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.goto(f"{site}/tables/{match.pk}/")
    page.get_by_label("Bot level").select_option("boatswain")
    page.evaluate("document.addEventListener('htmx:oobAfterSwap', () => { window.swapped = 1 })")
    page.wait_for_function("true")
    for _ in range(100):
        if gate["held"]:
            break
        page.wait_for_timeout(50)
    assert gate["held"], "the socket sent nothing"
    gate["open"] = True
    for message in gate["held"]:
        gate["page_side"].send(message)
    page.wait_for_function("window.swapped === 1")
    expect(page.get_by_label("Bot level")).to_have_value("boatswain")
