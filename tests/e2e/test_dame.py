"""A whole game of Dame against a bot in Chromium, every move made by clicking the board (DA8):
a piece, then its destination (a multi-capture by its final square when one route leads there,
else square by square), captures included; the game ends by resignation after a confirmation
if the bot has not lost by then. With DAME_SCREENSHOTS=<folder> it also draws the README's
screenshots (desktop and 360 px phone, light and dark, and German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Match
from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MOVES = 40  # the human's; then resign


def legal_routes(page: Page) -> list[list[str]]:
    moves = page.locator("#dame-board .board-grid").get_attribute("data-moves") or ""
    return [m.split("-") for m in moves.split()]


def wait_for_turn_or_end(page: Page) -> list[list[str]]:
    for _ in range(600):
        if page.locator("#round-result h2").count():
            return []
        routes = legal_routes(page)
        if routes:
            return routes
        page.wait_for_timeout(50)
    raise AssertionError("the turn never came back")


def click(page: Page, square: str) -> None:
    page.locator(f"#sq-{square}").click()


def enter(page: Page, route: list[str], routes: list[list[str]]) -> None:
    """The piece, then the final square if no other route from it ends there, else each
    landing square in turn."""
    click(page, route[0])
    expect(page.locator(f"#sq-{route[0]}")).to_have_attribute("aria-selected", "true")
    same_end = [r for r in routes if r[0] == route[0] and r[-1] == route[-1]]
    for square in route[1:] if len(same_end) > 1 else route[-1:]:
        click(page, square)


def test_a_game_of_dame_against_a_bot_by_clicks(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    page = signed_in(browser, site, "anne", reduced_motion="reduce")
    page.goto(site + "/play/?game=dame")
    page.get_by_label("White").check()  # DA2: the creator's chosen colour
    page.get_by_role("button", name="Create table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    # The table's socket is open first: its first push may swap the controls in under a click.
    expect(page.locator(".table[data-live]")).to_have_count(1, timeout=30_000)
    page.get_by_label("Bot level").select_option("man")
    page.get_by_role("button", name="Add bot").click()
    # The seat is filled before Start: a start that overtook it would be refused (too few).
    expect(page.get_by_role("button", name="Remove bot")).to_have_count(1)
    page.get_by_role("button", name="Start").click()
    match = Match.objects.get()
    assert match.seats.get(position=0).user.username == "anne"
    expect(page.locator("#sq-c3")).to_have_attribute("aria-label", "white man on c3, can move")
    # White plays from the bottom: the first row drawn is rank 8.
    expect(page.locator("#dame-board [role=row]").first.locator(".sq").first).to_have_attribute(
        "data-sq", "a8"
    )

    captures = 0
    for n in range(MAX_MOVES):
        routes = wait_for_turn_or_end(page)
        if not routes:
            break
        # Only the pieces that may move are offered (only capturing ones when one must take).
        movable = {r[0] for r in routes}
        assert {el.get_attribute("data-sq") for el in page.locator(".sq--movable").all()} == movable
        route = max(routes, key=len)  # a capture if there is one (compulsory anyway)
        log = page.locator("#table-log")
        written = ("-".join(route), "x".join(route))
        seen = [log.inner_text().count(w) for w in written]
        enter(page, route, routes)
        for _ in range(400):
            now = [log.inner_text().count(w) for w in written]
            if now != seen:
                break
            page.wait_for_timeout(25)
        assert now != seen, f"{route} did not reach the move log"
        captures += now[1] > seen[1]  # c3xe5: a capture in the record notation
        if n == 3 and os.environ.get("DAME_SCREENSHOTS"):
            _screenshots(browser, site, page, Path(os.environ["DAME_SCREENSHOTS"]))

    # The bot replies to the last move first: its reply may end the game, and a finished
    # table offers no resignation. Resigning asks first.
    if wait_for_turn_or_end(page):
        page.get_by_text("Resign…").click()
        page.get_by_role("button", name="Yes, resign").click()
    result = page.locator("#round-result")
    expect(result.locator("h2")).to_be_visible()
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED
    assert captures >= 1, "the game had no capture by the human"
    # The finished table leads on (the platform's links): a rematch, the record, the lobby.
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
    page.get_by_role("link", name="The match record").click()
    expect(page.locator(".board-record li")).to_have_count(match.moves.count())


def _screenshots(browser: Browser, site: str, page: Page, out: Path) -> None:
    """The table as the player sees it, a piece chosen: desktop and phone, light and dark."""
    out.mkdir(parents=True, exist_ok=True)
    cookies = page.context.cookies()
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2},
    }
    shots = [(v, s, "en-GB") for v in views for s in ("light", "dark")] + [
        ("desktop", "light", "de-DE")
    ]
    for view, scheme, locale in shots:
        context = browser.new_context(
            **views[view], color_scheme=scheme, locale=locale, reduced_motion="reduce"
        )
        context.add_cookies(cookies)
        shot = context.new_page()
        shot.goto(page.url, wait_until="networkidle")
        routes = legal_routes(shot)
        if routes:
            shot.locator(f"#sq-{routes[-1][0]}").click()
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"dame-{view}-{scheme}{suffix}.png"), full_page=True)
        context.close()


def test_dame_pages_pass_axe_and_a_move_by_keyboard(browser: Browser, asgi_live_server, worker):
    """The table (light and dark), the rules pages and a finished record pass axe; a move is
    made with the arrow keys and Enter alone, and the screen reader hears it."""
    from django.test import Client

    from games import services
    from tests.e2e.test_accessibility import axe_violations, beside_playwright

    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="dame", seat_count=2, turn_seconds=86400, rated=True, private=False, seat=0
        )
        services.add_bot(anne, match.pk, "man")
        made.append(services.start_match(anne, match.pk))

    beside_playwright(start)
    match = made[0]
    client = Client()
    client.force_login(anne)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}
    found = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(locale="en-GB", bypass_csp=True, color_scheme=scheme)
        context.add_cookies([cookie])
        page = context.new_page()
        for path in (f"/tables/{match.pk}/", "/games/dame/rules/", "/games/schlagdame/rules/"):
            page.goto(site + path)
            expect(page.locator("html.js")).to_have_count(1)
            if problems := axe_violations(page):
                found[f"{scheme} {path}"] = problems
        context.close()
    assert found == {}

    page = browser.new_context(locale="en-GB").new_page()
    page.context.add_cookies([cookie])
    page.goto(f"{site}/tables/{match.pk}/")
    cursor = page.locator("#dame-board .sq[tabindex='0']")
    expect(cursor).to_have_attribute("data-sq", "a3")  # the first piece that may move
    # Two Tabs and Enter skip to the game (past the site's header, the status and the seats);
    # the next Tab reaches the board.
    for key in ("Tab", "Tab", "Enter", "Tab"):
        page.keyboard.press(key)
    expect(cursor).to_be_focused()
    for key in ("ArrowRight", "ArrowRight", "Enter", "ArrowUp", "ArrowRight", "Enter"):
        page.keyboard.press(key)  # a3 -> b3 -> c3, choose it; c4 -> d4, play c3-d4
    expect(page.locator("#table-log")).to_contain_text("1. White c3-d4")
    # Read out: the move, or (the bot answers at once) the bot's reply and your turn.
    expect(page.locator("#announcer")).to_contain_text(re.compile(r"c3-d4|1\. Black"))
    page.context.close()
