"""A whole game of Wolf und Schafe in Chromium, as a newcomer plays it: the lobby's create form
(the wolf's side picked), a bot for the sheep, the wolf placed by a click on its square (WS2),
then every move by clicks on the platform's board (the wolf, then where it goes) until the game
ends (WS4); the record follows. A move by the keyboard alone too. With
WOLF_SCREENSHOTS=<folder> it also draws screenshots (desktop and 360 px phone, English and
German)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from random import Random

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Match
from games.wolf_und_schafe import GAME
from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def legal(page: Page) -> list[str]:
    return (page.locator(".board-grid").get_attribute("data-moves") or "").split()


def wait_for_turn_or_end(page: Page) -> list[str]:
    for _ in range(600):
        if page.locator("#round-result h2").count():
            return []
        if moves := legal(page):
            return moves
        page.wait_for_timeout(50)
    raise AssertionError("the turn never came back")


def best(match_id: int, rng: Random) -> str:
    """The perfect bot's choice for the wolf in the stored position."""
    state = GAME.load(Match.objects.get(pk=match_id).state)
    action = GAME.bots.choose("perfect", GAME.view(state, 1), rng)
    return action.get("square") or action["move"]


def test_a_game_as_the_wolf_by_clicks(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    page = signed_in(browser, site, "anne", reduced_motion="reduce")
    page.goto(site + "/play/?game=wolf_und_schafe")
    page.get_by_label("Wolf", exact=True).check()  # WS2: the creator picks a side
    page.get_by_role("button", name="Create table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    # The table's socket is open first: its first push may swap the controls in under a click.
    expect(page.locator(".table[data-live]")).to_have_count(1, timeout=30_000)
    page.get_by_label("Bot level").select_option("random")
    page.get_by_role("button", name="Add bot").click()
    # The seat is filled before Start: a start that overtook it would be refused (too few).
    expect(page.get_by_role("button", name="Remove bot")).to_have_count(1)
    page.get_by_role("button", name="Start").click()
    match = Match.objects.get()
    assert match.seats.get(position=1).user.username == "anne"
    # The wolf sits at the rank-8 edge, and acts first: four squares to place it on.
    expect(page.locator(".board-grid [role=row]").first.locator(".sq").first).to_have_attribute(
        "data-sq", "h1"
    )
    expect(page.locator("#sq-d8")).to_have_attribute(
        "aria-label", "empty square d8, the wolf can start here"
    )
    assert legal(page) == ["b8", "d8", "f8", "h8"]
    shots = os.environ.get("WOLF_SCREENSHOTS")
    if shots:
        _screenshots(browser, site, page, Path(shots), "place")

    rng, log = Random(3), page.locator("#table-log")
    for n in range(GAME.traits.max_actions):
        moves = wait_for_turn_or_end(page)
        if not moves:
            break
        choice = best(match.pk, rng)
        assert choice in moves
        lines = log.locator("li").count()
        if "-" in choice:
            frm, to = choice.split("-")
            page.locator(f"#sq-{frm}").click()
            expect(page.locator(f"#sq-{frm}")).to_have_attribute("aria-selected", "true")
            expect(page.locator(f"#sq-{to}")).to_have_class(re.compile(r"sq--target"))
            page.locator(f"#sq-{to}").click()
        else:
            page.locator(f"#sq-{choice}").click()  # a placement: the square alone
        expect(log).to_contain_text(choice)
        expect(log.locator("li")).not_to_have_count(lines)
        if n == 3 and shots:
            _screenshots(browser, site, page, Path(shots), "move")

    result = page.locator("#round-result")
    expect(result.locator("h2")).to_contain_text("anne (Wolf) wins")
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED
    if shots:
        _screenshots(browser, site, page, Path(shots), "over")
    page.get_by_role("link", name="The match record").click()
    expect(page.locator(".board-record li")).to_have_count(match.moves.count())
    if shots:
        page.screenshot(path=str(Path(shots) / "wolf-record-desktop.png"), full_page=True)
        page.goto(site + "/games/wolf_und_schafe/rules/")
        page.screenshot(path=str(Path(shots) / "wolf-rules-desktop.png"), full_page=True)


def _screenshots(browser: Browser, site: str, page: Page, out: Path, name: str) -> None:
    """The table as the player sees it: desktop and phone, light and dark, and German; on the
    player's turn with a piece chosen."""
    out.mkdir(parents=True, exist_ok=True)
    cookies = page.context.cookies()
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2},
    }
    for view, scheme, locale in (
        ("desktop", "light", "en-GB"),
        ("phone", "light", "en-GB"),
        ("phone", "dark", "en-GB"),
        ("desktop", "light", "de-DE"),
        ("phone", "light", "de-DE"),
    ):
        context = browser.new_context(
            **views[view], color_scheme=scheme, locale=locale, reduced_motion="reduce"
        )
        context.add_cookies(cookies)
        shot = context.new_page()
        shot.goto(page.url, wait_until="networkidle")
        moves = legal(shot)
        if moves and "-" in moves[0]:
            shot.locator(f"#sq-{moves[0].split('-')[0]}").click()
        width = shot.evaluate("document.documentElement.scrollWidth")
        assert width <= views[view]["viewport"]["width"], f"{view}: {width} px wide"
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"wolf-{name}-{view}-{scheme}{suffix}.png"), full_page=True)
        context.close()


def test_the_sheep_move_by_keyboard(browser: Browser, asgi_live_server, worker):
    """Arrow keys and Enter alone: the cursor starts on the first sheep that may move."""
    from django.test import Client

    from games import services
    from tests.e2e.test_accessibility import beside_playwright

    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="wolf_und_schafe", seat_count=2, turn_seconds=86400, rated=True,
            private=False, seat=0,
        )  # fmt: skip
        services.add_bot(anne, match.pk, "random")
        made.append(services.start_match(anne, match.pk))

    beside_playwright(start)
    match = made[0]
    client = Client()
    client.force_login(anne)
    page = browser.new_context(locale="en-GB").new_page()
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}]
    )
    page.goto(f"{site}/tables/{match.pk}/")
    assert wait_for_turn_or_end(page)  # the bot has placed the wolf
    cursor = page.locator(".board-grid .sq[tabindex='0']")
    expect(cursor).to_have_attribute("data-sq", "a1")
    cursor.focus()
    for key in ("ArrowRight", "ArrowRight", "Enter", "ArrowUp", "ArrowRight", "Enter"):
        page.keyboard.press(key)  # a1 -> b1 -> c1, choose it; c2 -> d2, play c1-d2
    expect(page.locator("#table-log")).to_contain_text("1. Sheep c1-d2")


@pytest.mark.parametrize("slug", ["wolf_und_schafe", "halma_dame", "raeuber_und_gendarm"])
def test_the_board_games_pages_pass_axe(browser: Browser, asgi_live_server, slug):
    """The table on the player's turn (light and dark, a piece chosen), the rules page and a
    finished game's record and replay of each game on the platform's board pass axe."""
    from django.test import Client

    from games import services
    from tests.e2e.test_accessibility import axe_violations, beside_playwright

    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    bob = make_user("bob", "bob@example.com")
    made = []

    def start() -> None:
        for _ in range(2):  # one to play on, one resigned for the record
            match = services.create_table(
                anne, game=slug, seat_count=2, turn_seconds=86400, rated=True, private=False,
                seat=0,
            )  # fmt: skip
            services.join_table(bob, match.pk, match.invite_code)
            made.append(services.start_match(anne, match.pk))
        done = made[1]
        services.play(done.pk, anne, {"action": "resign"}, done.version)

    beside_playwright(start)
    playing, finished = made
    found = {}
    for user in (anne, bob):
        client = Client()
        client.force_login(user)
        cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}
        for scheme in ("light", "dark"):
            context = browser.new_context(locale="en-GB", bypass_csp=True, color_scheme=scheme)
            context.add_cookies([cookie])
            page = context.new_page()
            for path in (
                f"/tables/{playing.pk}/",
                f"/games/{slug}/rules/",
                f"/matches/{finished.pk}/",
                f"/matches/{finished.pk}/rounds/1/?move=0",
            ):
                page.goto(site + path)
                expect(page.locator("html.js")).to_have_count(1)
                moves = legal(page) if page.locator(".board-grid[role=grid]").count() else []
                if moves and "-" in moves[0]:
                    page.locator(f"#sq-{moves[0].split('-')[0]}").click()
                if problems := axe_violations(page):
                    found[f"{user.username} {scheme} {path}"] = problems
            context.close()
    assert found == {}
