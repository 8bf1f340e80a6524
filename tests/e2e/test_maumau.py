"""Mau Mau in Chromium: a player opens a table for three, seats two bots and plays a whole match
(one win) with the keyboard: arrow keys and Space over the hand, the "Mau" box ticked with the
second-last card (MM9), Enter plays, the draw button when nothing fits (MM7). Only the cards
that fit can be chosen (MM5), no other hand or stock card ever reaches the page (MM14), and the
finished table says who won and leads to the record, whose replay steps by keyboard.

With MAUMAU_SCREENSHOTS=<folder> it also saves screenshots there (desktop and a 360 px phone,
light and dark, and the table in German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import registry
from games.models import Match
from tests.e2e.test_accessibility import axe_violations
from tests.helpers import make_user
from tests.platform.contract import leaks

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("MAUMAU_SCREENSHOTS", "")
PHONE = {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2, "is_mobile": True}


def no_secret_on(page: Page, match: Match, seat: int) -> None:
    html = page.content()
    match.refresh_from_db()
    state = match.engine.load(match.state)
    secrets = registry.presenter("maumau").secrets(state, seat)
    # The seed is revealed once the match is over (the verifiable deal): secret until then.
    assert not leaks(html, secrets | ({match.seed} if match.is_active else set()))


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"maumau-{name}.png"), full_page=True)


def elsewhere(browser: Browser, player: Page, shots: bool) -> None:
    """The same table on a 360 px phone (dark) and in German on a desktop: no sideways
    scrolling on the phone and axe finds no serious problem; screenshots if asked for."""
    sizes = [("phone-dark", {**PHONE, "color_scheme": "dark"})]
    if shots:
        sizes += [
            ("phone-de", {**PHONE, "color_scheme": "light", "locale": "de-DE"}),
            ("desktop-de", {"viewport": {"width": 1280, "height": 900}, "locale": "de-DE"}),
        ]
    for name, options in sizes:
        context = browser.new_context(
            **{"locale": "en-GB", "reduced_motion": "reduce", "bypass_csp": True, **options}
        )
        context.add_cookies(player.context.cookies())
        page = context.new_page()
        page.goto(player.url)
        expect(page.locator("#my-hand [data-card]").first).to_be_visible()
        if name == "phone-dark":
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert axe_violations(page) == []
        shoot(page, name)
        context.close()


def test_a_whole_match_with_the_keyboard_against_bots(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    anne = signed_in(
        browser,
        site,
        "anne",
        viewport={"width": 1280, "height": 900},
        reduced_motion="reduce",
        bypass_csp=True,
    )
    anne.goto(site + "/play/?game=maumau")
    anne.get_by_label("3 players").check()
    anne.get_by_label("Wins for the match").select_option("1")
    anne.get_by_role("button", name="Create table").click()
    expect(anne).to_have_url(re.compile(r"/tables/\d+/$"))
    for n, level in enumerate(("dabbler", "regular"), start=1):
        anne.get_by_label("Bot level").select_option(level)
        anne.get_by_role("button", name="Add bot").click()
        expect(anne.get_by_role("button", name="Remove bot")).to_have_count(n)
    anne.get_by_role("button", name="Start").click()

    expect(anne.locator("#my-hand [data-card]")).to_have_count(5)
    match = Match.objects.get()
    seat = match.seats.get(user__username="anne").position
    pile = anne.locator("#maumau-pile")
    expect(pile).to_contain_text("Discard pile")
    expect(pile.locator(".maumau-follow__suit")).to_contain_text(
        re.compile("clubs|diamonds|hearts|spades")
    )
    expect(anne.locator("#table-seats")).to_contain_text("5 cards")
    no_secret_on(anne, match, seat)

    played = drawn = 0
    called = shot = False
    version = anne.locator("#table-version")
    for _ in range(3000):
        if anne.locator("#round-result h2").count():
            break
        play = anne.locator(".maumau-play__button")
        draw = anne.locator(".maumau-draw button")
        if not play.count() and not draw.count():
            anne.wait_for_timeout(50)
            continue
        before = version.input_value()
        legal = anne.locator("#hand-form input[name=card]:not([disabled])")
        match.refresh_from_db()
        state = match.engine.load(match.state)
        fitting = {a["card"] for a in match.engine.legal_actions(state, seat) if "card" in a}
        shown = set(legal.evaluate_all("els => els.map(e => e.value)"))
        assert shown == fitting  # MM5: only the cards that fit can be chosen
        if play.count() and legal.count():
            legal.first.focus()
            anne.keyboard.press("Space")  # chooses the focused card
            if legal.count() > 1:
                anne.keyboard.press("ArrowRight")  # the next card that fits
            mau = anne.locator("#maumau-call")
            if mau.count():  # MM9: the call goes with the second-last card
                mau.check()
                called = True
                anne.locator("#hand-form input[name=card]:checked").focus()
            if not shot and played == 1:
                shoot(anne, "desktop-light")
                elsewhere(browser, anne, bool(SHOTS))
                shot = True
            anne.keyboard.press("Enter")
            played += 1
        else:
            draw.focus()
            anne.keyboard.press("Enter")
            drawn += 1
        expect(version).not_to_have_value(before)
        no_secret_on(anne, match, seat)
    else:
        raise AssertionError("the match did not end")

    assert played + drawn > 2
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    state = match.engine.load(match.state)
    result = anne.locator("#round-result")
    expect(result).to_contain_text("won the match.")
    expect(result).to_contain_text("went out first.")
    if called:  # a call made is never caught as missed
        assert state.mau_missed[seat] == 0
    shoot(anne, "result-desktop-light")
    assert axe_violations(anne) == []
    anne.get_by_role("link", name="The match record").click()
    expect(anne).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(anne.locator("main")).to_contain_text("Missed Mau calls")
    anne.goto(f"{site}/matches/{match.pk}/rounds/1/?move=2")
    expect(anne.locator("#replay")).to_contain_text("Move 2 of")
    anne.keyboard.press("ArrowRight")
    expect(anne.locator("#replay")).to_contain_text("Move 3 of")
    shoot(anne, "replay-desktop-light")
    anne.goto(f"{site}/games/maumau/rules/")
    expect(anne.locator("main")).to_contain_text("no jack on a jack")
    shoot(anne, "rules-desktop-light")
    assert axe_violations(anne) == []
