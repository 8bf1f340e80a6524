"""A whole game of Einauge sei wachsam! in Chromium, as a newcomer plays it: the lobby's create
form, two bots, then every turn through the table's controls (EA3): a card bought from the
display with its yields shown before the purchase (EA5), One-Eye fought or let be (EA7), a card
moved onto the pirate table (EA8), jewels and cards sold when needed (EA6), the final round
(EA11) and the result (EA12), which leads on to the record. The first purchase is made with the
keyboard alone. The table passes axe on a 360 px phone without sideways scrolling.

With EINAUGE_SCREENSHOTS=<folder> it also saves screenshots there (desktop and 360 px phone,
English and German)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from random import Random

import pytest
from playwright.sync_api import Browser, Page, expect

from games.einauge import GAME
from games.einauge.web.presenter import encode
from games.models import Match
from tests.e2e.test_accessibility import axe_violations
from tests.helpers import make_user
from tests.platform.contract import leaks

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("EINAUGE_SCREENSHOTS", "")
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2, "is_mobile": True}


def version(page: Page) -> int:
    return int(page.locator("#table-version").get_attribute("value") or -1)


def screenshots(browser: Browser, player: Page, name: str) -> None:
    """The table as the player sees it now: desktop and phone, English and German."""
    out = Path(SHOTS)
    out.mkdir(parents=True, exist_ok=True)
    for view, size, locale in (
        ("desktop", DESKTOP, "en-GB"),
        ("phone", PHONE, "en-GB"),
        ("desktop", DESKTOP, "de-DE"),
        ("phone", PHONE, "de-DE"),
    ):
        context = browser.new_context(locale=locale, reduced_motion="reduce", **size)
        context.add_cookies(player.context.cookies())
        page = context.new_page()
        page.goto(player.url)
        expect(page.locator("#ea-display [data-card]").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["viewport"]["width"], f"{view}: {width} px wide"
        suffix = "-de" if locale == "de-DE" else ""
        page.screenshot(path=str(out / f"einauge-{name}-{view}{suffix}.png"), full_page=True)
        if view == "phone":  # in parts a reader can look at
            height = page.evaluate("document.documentElement.scrollHeight")
            for n, top in enumerate(range(0, height, 1200)):
                clip = {"x": 0, "y": top, "width": 360, "height": min(1200, height - top)}
                page.screenshot(
                    path=str(out / f"einauge-{name}-{view}{suffix}-{n}.png"),
                    full_page=True,
                    clip=clip,
                )
        context.close()


def on_a_phone(browser: Browser, player: Page) -> None:
    """No sideways scrolling at 360 px, and axe finds no serious problem (dark theme)."""
    context = browser.new_context(locale="en-GB", bypass_csp=True, color_scheme="dark", **PHONE)
    context.add_cookies(player.context.cookies())
    page = context.new_page()
    page.goto(player.url)
    expect(page.locator("#ea-display [data-card]").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_violations(page) == []
    context.close()


def play(page: Page, action: dict, by_keyboard: bool = False) -> None:
    """One action through the table's controls."""
    verb = action["action"]
    if verb in ("buy", "fight", "table"):
        form = page.locator({"buy": "#ea-buy", "fight": "#ea-fight", "table": "#ea-feed"}[verb])
        value = encode(action) if verb != "table" else action["card"]
        radio = form.locator(f'input[name="pick"][value="{value}"]')
        if by_keyboard:
            first = form.locator('input[name="pick"]').first
            first.focus()
            values = form.locator('input[name="pick"]').evaluate_all("els => els.map(e => e.value)")
            for _ in range(values.index(value)):
                page.keyboard.press("ArrowDown")
            expect(radio).to_be_checked()
            page.keyboard.press("Enter")  # submits the form
        else:
            radio.check()
            form.locator("button[type=submit]").click()
    elif verb == "pass":
        page.locator("#ea-pass button").click()
    elif "jewels" in action:
        page.locator(".ea-sell summary").click() if not page.locator(
            ".ea-sell[open]"
        ).count() else None
        page.locator("#ea-sell-n").select_option(str(action["jewels"]))
        page.get_by_role("button", name="Sell jewels").click()
    else:
        page.locator(".ea-sell summary").click() if not page.locator(
            ".ea-sell[open]"
        ).count() else None
        page.locator("#ea-sell-c").select_option(action["card"])
        page.get_by_role("button", name="Sell the card").click()


def test_a_whole_game_against_bots(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    anne = signed_in(browser, site, "anne", reduced_motion="reduce", bypass_csp=True, **DESKTOP)
    anne.goto(site + "/play/?game=einauge")
    anne.get_by_label("3 players", exact=True).check()
    anne.get_by_role("button", name="Create table").click()
    expect(anne).to_have_url(re.compile(r"/tables/\d+/$"))
    for n, level in enumerate(("deckhand", "merchant"), start=1):
        anne.get_by_label("Bot level").select_option(level)
        anne.get_by_role("button", name="Add bot").click()
        expect(anne.get_by_role("button", name="Remove bot")).to_have_count(n)
    anne.get_by_role("button", name="Start").click()
    expect(anne.locator("#ea-display [data-card]")).to_have_count(6)
    # One-Eye's table has six places (EA2): cards and free places (a bot may have moved).
    places = anne.locator("#ea-pirates li")
    expect(places).to_have_count(6)
    match = Match.objects.get()
    seat = match.seats.get(user__username="anne").position

    rng, acted, shot = Random(11), 0, False
    for _ in range(3000):
        if anne.locator("#round-result h2").count():
            break
        match.refresh_from_db()
        state = GAME.load(match.state)
        if state.over or state.turn != seat or version(anne) != match.version:
            anne.wait_for_timeout(50)
            continue
        html = anne.content()
        assert not leaks(html, GAME_SECRETS(state) | {match.seed})
        expect(anne.locator("#ea-now")).to_be_visible()
        action = GAME.bots.choose("merchant", GAME.view(state, seat), rng)
        if action["action"] == "buy":
            # EA5: the purchase's yields are shown before it is made.
            option = anne.locator(f'#ea-buy input[value="{encode(action)}"] >> xpath=..')
            expect(option.locator(".ea-option__gain")).to_contain_text("you take")
        if not shot and acted >= 12 and action["action"] == "buy":
            if SHOTS:
                screenshots(browser, anne, "buy")
            on_a_phone(browser, anne)  # rows laid by now: the phone's layout with cards in it
            shot = True
        before = version(anne)
        play(anne, action, by_keyboard=acted == 0 and action["action"] == "buy")
        expect(anne.locator("#table-version")).not_to_have_attribute("value", str(before))
        acted += 1
    else:
        raise AssertionError("the game did not end")
    assert shot

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    result = GAME.load(match.state).result
    best = max(result["scores"])
    expect(anne.locator("#round-result h2")).to_contain_text(f"with {best} jewels")
    expect(anne.locator(".ea-scoring tbody tr")).to_have_count(3)
    anne.reload()  # every move has its line in the log, also on a page loaded afresh
    assert anne.locator("#table-log li").count() >= match.moves.count()
    if SHOTS:
        screenshots(browser, anne, "over")
    anne.get_by_role("link", name="The match record").click()
    expect(anne.locator(".ea-scoring")).to_be_visible()
    if SHOTS:
        anne.screenshot(path=str(Path(SHOTS) / "einauge-record-desktop.png"), full_page=True)
        anne.goto(f"{site}/matches/{match.pk}/rounds/1/?move=12")
        anne.screenshot(path=str(Path(SHOTS) / "einauge-replay-desktop.png"), full_page=True)
        anne.goto(site + "/games/einauge/rules/")
        anne.screenshot(path=str(Path(SHOTS) / "einauge-rules-desktop.png"), full_page=True)


def GAME_SECRETS(state) -> set[str]:  # noqa: N802
    from games import registry

    return registry.presenter("einauge").secrets(state, None)
