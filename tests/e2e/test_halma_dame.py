"""Halma-Dame in Chromium: a chain of jumps entered on the platform's board square by square and
ended early by choosing its landing square again (HD3, HD6: "a chain of jumps is entered by
clicking its squares in order and confirmed (or simply ended) by the player"). With
HALMA_SCREENSHOTS=<folder> it also draws screenshots (desktop
and 360 px phone, English and German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games import services
from games.halma_dame import GAME
from games.halma_dame.state import board_from_dict
from tests.e2e.test_accessibility import beside_playwright
from tests.helpers import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for_turn(page: Page) -> list[str]:
    for _ in range(600):
        if moves := (page.locator(".board-grid").get_attribute("data-moves") or "").split():
            return moves
        page.wait_for_timeout(50)
    raise AssertionError("the turn never came back")


def test_chains_of_jumps_by_clicks(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="halma_dame", seat_count=2, turn_seconds=86400, rated=True,
            private=False, seat=0,
        )  # fmt: skip
        services.add_bot(anne, match.pk, "novice")
        match = services.start_match(anne, match.pk)
        # Black to move: c3 may jump d4 to e5 and go on over f6 to g7, or stop on e5 (HD3).
        stones = {"c3": "b", "a1": "b", "e3": "b", "d4": "w", "f6": "w", "h8": "w", "b8": "w"}
        match.state = GAME.dump(GAME.position(board_from_dict(stones), 0))
        match.save(update_fields=["state"])
        made.append(match)

    beside_playwright(start)
    match = made[0]
    client = Client()
    client.force_login(anne)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}
    context = browser.new_context(locale="en-GB", reduced_motion="reduce")
    context.add_cookies([cookie])
    page = context.new_page()
    page.goto(f"{site}/tables/{match.pk}/")
    assert {"c3-e5", "c3-e5-g7"} <= set(wait_for_turn(page))
    page.locator("#sq-c3").click()
    page.locator("#sq-e5").click()
    expect(page.locator("#sq-e5")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#sq-g7")).to_have_class(re.compile("sq--target"))
    expect(page.locator("[data-board-say]")).to_contain_text("e5 reached")
    shots = os.environ.get("HALMA_SCREENSHOTS")
    if shots:
        _screenshots(browser, cookie, page.url, Path(shots))
    page.locator("#sq-e5").click()  # again: the move ends here
    expect(page.locator("#table-log")).to_contain_text("1. Black c3-e5")

    # The turn comes back after the bot's answer (or at once if White has to pass, HD5).
    assert wait_for_turn(page)
    context.close()


def _screenshots(browser: Browser, cookie: dict, url: str, out: Path) -> None:
    """The table with a chain under way (c3, then e5 chosen): desktop and phone, English and
    German."""
    out.mkdir(parents=True, exist_ok=True)
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2},
    }
    for view, locale in (("desktop", "en-GB"), ("phone", "en-GB"), ("desktop", "de-DE")):
        context = browser.new_context(**views[view], locale=locale, reduced_motion="reduce")
        context.add_cookies([cookie])
        shot = context.new_page()
        shot.goto(url, wait_until="networkidle")
        shot.locator("#sq-c3").click()
        shot.locator("#sq-e5").click()
        width = shot.evaluate("document.documentElement.scrollWidth")
        assert width <= views[view]["viewport"]["width"], f"{view}: {width} px wide"
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"halma-{view}-light{suffix}.png"), full_page=True)
        context.close()
