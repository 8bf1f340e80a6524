"""Playing across days in Chromium (issue 21): the header's "your turn" count follows a move
made elsewhere, live, and a player who switched them on gets the browser's notification; the
table tells the others that a player is away. SHOTS_DIR=... also saves screenshots."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games.services import away
from tests.helpers import make_user

from ..games.tables import started, users_by_seat
from ..games.test_consumers import session_cookie
from ..notifications.helpers import SLOW, play_turn, to_act

pytestmark = pytest.mark.django_db(transaction=True)

# Records the notifications the page makes (headless Chromium shows none).
NOTIFICATION_STUB = """
window.__notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push({title, ...options}); }
  addEventListener() {}
};
"""


def elsewhere(function, *args):
    """Run a service in a thread of its own: Playwright's event loop owns this one, and the
    services tell the sockets through async_to_sync."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function, *args).result()


def shot(page, name: str) -> None:
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def open_as(browser: Browser, site: str, user, width: int = 1280, locale: str = "en-GB"):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 800})
    context.add_init_script(NOTIFICATION_STUB)
    name, value = session_cookie(user).decode().split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": site}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def test_the_header_count_and_the_notification_follow_a_move_live(browser, asgi_live_server):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com", browser_notifications=True)
    bob = make_user("bob", "bob@example.com", preferred_language="de")
    match = started(anne, [bob], seed="e2e-turns", turn_seconds=SLOW)
    while users_by_seat(match)[to_act(match)[0]] != bob:
        play_turn(match)
    context, page = open_as(browser, site, anne)
    page.goto(site + "/rules/")
    link = page.locator("#waiting-link")
    expect(link).to_contain_text("0")
    page.wait_for_function("() => document.querySelector('[data-turns]') !== null")
    page.wait_for_timeout(500)  # the header's socket is open
    elsewhere(play_turn, match)  # bob plays in another browser: now anne's turn
    expect(link.locator(".waiting-count")).to_have_text("1")
    page.wait_for_function("() => window.__notes.length === 1")
    note = page.evaluate("() => window.__notes[0]")
    assert note["title"] == "Your turn" and str(match.pk) in note["body"]
    shot(page, "header-count-desktop")
    link.click()
    expect(page.get_by_role("heading", name="Waiting for you")).to_be_visible()
    expect(page.locator(".waiting-list li")).to_have_count(1)
    shot(page, "waiting-desktop")
    context.close()

    # Bob takes time off; anne sees why his timer stands still (his next turn waits for him).
    today = timezone.now().date()
    elsewhere(away.declare_time_off, bob, today, today + timedelta(days=4))
    context, page = open_as(browser, site, anne)
    page.goto(site + f"/tables/{match.pk}/")
    expect(page.locator(".away-notice")).to_contain_text("bob is taking time off")
    shot(page, "table-away-desktop")
    context.close()
    context, page = open_as(browser, site, anne, width=360)
    page.goto(site + "/waiting/")
    shot(page, "waiting-phone")
    page.goto(site + f"/tables/{match.pk}/")
    shot(page, "table-away-phone")
    context.close()
    context, page = open_as(browser, site, bob, locale="de-DE")
    page.goto(site + "/accounts/time-off/")
    expect(page.get_by_role("heading", name="Auszeit").first).to_be_visible()
    shot(page, "time-off-de")
    page.goto(site + "/accounts/profile/edit/")
    shot(page, "profile-de")
    context.close()
