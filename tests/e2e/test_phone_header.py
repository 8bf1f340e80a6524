"""The header on a 360 px phone (issue 28.16): every item of the menu is on screen, "Sign Up"
for a visitor and the "Your turn" count for a player, none cut off at the screen's edge."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 360, "height": 760}, "is_mobile": True, "has_touch": True}


def on_screen(page, item) -> bool:
    """The item lies wholly within the screen and is what a tap on its middle reaches."""
    box = item.bounding_box()
    if box is None or box["x"] < 0 or box["x"] + box["width"] > 360:
        return False
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return page.evaluate(
        "([x, y, el]) => el.contains(document.elementFromPoint(x, y))",
        [*middle, item.element_handle()],
    )


@pytest.mark.parametrize("language", ["en-GB", "de-DE"])
def test_every_menu_item_is_on_a_phones_screen(browser: Browser, asgi_live_server, language):
    site = asgi_live_server.url
    visitor = browser.new_context(**PHONE, locale=language).new_page()
    visitor.goto(site + "/")
    items = visitor.locator(".site-nav li > a, .site-nav li > form button")
    assert items.count() >= 5
    assert all(on_screen(visitor, items.nth(i)) for i in range(items.count()))
    make_user("anne", "anne@example.com")
    player = signed_in(browser, site, "anne", **PHONE)  # (its form is read in English)
    player.goto(site + "/")
    items = player.locator(".site-nav li > a, .site-nav li > form button")
    assert items.count() >= 6
    assert all(on_screen(player, items.nth(i)) for i in range(items.count()))
    assert on_screen(player, player.locator("#waiting-link"))
