"""Räuber und Gendarm in Chromium: a whole game against the Novice by clicks, at a table with a
short move limit (RG5's option, hidden from the create form), to the result panel and the
record; a chain of jumps that changes direction, entered on the platform's board landing square
by landing square and ended by choosing the last one again (RG3, RG6). With
RAEUBER_SCREENSHOTS=<folder> it also draws screenshots (desktop and 360 px phone, English and
German)."""

from __future__ import annotations

import os
from pathlib import Path
from random import Random

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from games import services
from games.models import Match
from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.state import board_from_dict
from tests.e2e.test_accessibility import beside_playwright
from tests.helpers import make_user

from .test_halma_dame import open_table, play_by_clicks, wait_for_turn, wait_for_turn_or_end

pytestmark = pytest.mark.django_db(transaction=True)

MOVE_LIMIT = 6  # RG5: moves per player, so the game ends after twelve at the latest


def test_a_whole_game_against_the_novice_by_clicks(browser: Browser, asgi_live_server, worker):
    """From the start to the result panel: Black's moves entered by clicks (the Master's
    choices, with a fixed small amount of work), the Novice answering, the moves left counted
    down (RG6) until the move limit draws the game (RG5), unless someone wins first (RG4)."""
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="raeuber_und_gendarm", seat_count=2, turn_seconds=86400, rated=True,
            private=False, options={"move_limit": MOVE_LIMIT}, seat=0,
        )  # fmt: skip
        services.add_bot(anne, match.pk, "novice")
        made.append(services.start_match(anne, match.pk))

    beside_playwright(start)
    match = made[0]
    page = open_table(browser, site, anne, match)
    expect(page.locator("#table-status")).to_contain_text(f"{2 * MOVE_LIMIT} moves left")
    rng = Random(2)
    for _ in range(MOVE_LIMIT):
        moves = wait_for_turn_or_end(page)
        if not moves:
            break
        state = GAME.load(Match.objects.get(pk=match.pk).state)
        move = GAME.bots.choose("master", GAME.view(state, 0), rng, 0.01)["move"]
        play_by_clicks(page, move, moves)
    result = page.locator("#round-result")
    expect(result.locator("h2")).to_have_text("Draw")
    expect(result).to_contain_text("The move limit is reached: the game is drawn.")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.moves.count() == 2 * MOVE_LIMIT
    expect(page.locator("#table-log li")).to_have_count(2 * MOVE_LIMIT)
    page.get_by_role("link", name="The match record").click()
    expect(page.locator(".board-record li")).to_have_count(2 * MOVE_LIMIT)
    expect(page.locator("body")).to_contain_text(f"{MOVE_LIMIT} moves each")  # RG5's option
    page.context.close()


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
