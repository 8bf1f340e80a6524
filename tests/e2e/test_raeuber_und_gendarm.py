"""Räuber und Gendarm in Chromium: a chain of jumps that changes direction, entered on the
platform's board landing square by landing square and ended by choosing the last one again
(RG3, RG6). With
RAEUBER_SCREENSHOTS=<folder> it also draws screenshots (desktop and 360 px phone, English and
German)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from games import services
from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.state import board_from_dict
from tests.e2e.test_accessibility import beside_playwright
from tests.helpers import make_user

from .test_halma_dame import wait_for_turn

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_chain_that_turns_by_clicks(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="raeuber_und_gendarm", seat_count=2, turn_seconds=86400, rated=True,
            private=False, seat=0,
        )  # fmt: skip
        services.add_bot(anne, match.pk, "novice")
        match = services.start_match(anne, match.pk)
        # Black to move: c3 over d4 to e5, over d6 to c7, over b6 to a5 (RG3), or stop earlier.
        stones = {"c3": "b", "h2": "b", "d4": "w", "d6": "w", "b6": "w", "h8": "w"}
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
    assert "c3-e5-c7-a5" in wait_for_turn(page)
    shots = os.environ.get("RAEUBER_SCREENSHOTS")
    for sq in ("c3", "e5", "c7"):
        page.locator(f"#sq-{sq}").click()
    expect(page.locator("#sq-c7")).to_have_attribute("aria-selected", "true")
    expect(page.locator("[data-board-say]")).to_contain_text("c7 reached")
    if shots:
        _screenshots(browser, cookie, page.url, Path(shots))
    page.locator("#sq-c7").click()  # again: the move ends on c7
    expect(page.locator("#table-log")).to_contain_text("1. Black c3-e5-c7")
    # (That the stones jumped over stay is tests/raeuber_und_gendarm/test_web.py's: here the
    # bot may already have moved one of them.)
    context.close()


def _screenshots(browser: Browser, cookie: dict, url: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2},
    }
    for view, locale in (("desktop", "en-GB"), ("phone", "en-GB"), ("phone", "de-DE")):
        context = browser.new_context(**views[view], locale=locale, reduced_motion="reduce")
        context.add_cookies([cookie])
        shot = context.new_page()
        shot.goto(url, wait_until="networkidle")
        for sq in ("c3", "e5", "c7"):
            shot.locator(f"#sq-{sq}").click()
        width = shot.evaluate("document.documentElement.scrollWidth")
        assert width <= views[view]["viewport"]["width"], f"{view}: {width} px wide"
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"raeuber-{view}-light{suffix}.png"), full_page=True)
        context.close()
