"""Doppelkopf in Chromium: a player opens a table of four deals, seats three bots and plays a
whole deal with the keyboard alone: a reservation button on her turn (DK5), the arrow keys over
her hand sorted trumps first, Enter plays (DK9). Her calls are offered, with their deadline, in
and out of turn (DK10); no other hand and no other seat's party ever reaches her page (DK17);
the result names the parties, their card points and the game value (DK11-DK14), and the record
and its replay show the deal.

With DOPPELKOPF_SCREENSHOTS=<folder> it also saves screenshots there (desktop and a 360 px
phone, in English and German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import history, registry
from games.models import Match
from tests.e2e.test_accessibility import axe_violations
from tests.helpers import make_user
from tests.platform.contract import leaks, version_of

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("DOPPELKOPF_SCREENSHOTS", "")
PHONE = {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def no_secret_on(page: Page, match: Match, seat: int) -> None:
    """The page against the secrets of the table's state at the version it shows (a card shown
    may be hidden again: its twin in another hand, once its trick is no longer the last)."""
    html = page.content()
    version = version_of(html)
    match.refresh_from_db()
    states, _moves = history.states(match)
    secrets = registry.presenter("doppelkopf").secrets(states[version], seat)
    assert not leaks(html, secrets | {match.seed})


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"doppelkopf-{name}.png"), full_page=True)


def elsewhere(browser: Browser, player: Page, name: str, **context) -> None:
    """The same table in another size or language: no sideways scrolling, axe finds nothing
    serious; saved as a screenshot when asked for."""
    options = {"locale": "en-GB", "reduced_motion": "reduce", "bypass_csp": True, **context}
    page = browser.new_context(**options)
    page.add_cookies(player.context.cookies())
    page = page.new_page()
    page.goto(player.url)
    expect(page.locator("#my-hand [data-card]").first).to_be_visible()
    width = options.get("viewport", {}).get("width", 1280)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    shoot(page, name)
    page.context.close()


def test_a_whole_deal_with_the_keyboard_against_bots(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    anne = signed_in(browser, site, "anne", reduced_motion="reduce", bypass_csp=True, **DESKTOP)

    anne.goto(site + "/play/?game=doppelkopf")
    anne.get_by_label("Deals").select_option("4")
    anne.get_by_role("button", name="Create table").click()
    expect(anne).to_have_url(re.compile(r"/tables/\d+/$"))
    for n, level in enumerate(("dabbler", "club", "dabbler"), start=1):
        anne.get_by_label("Bot level").select_option(level)
        anne.get_by_role("button", name="Add bot").click()
        expect(anne.get_by_role("button", name="Remove bot")).to_have_count(n)
    anne.get_by_role("button", name="Start").click()

    match = Match.objects.get()
    expect(anne.locator("#my-hand [data-card]")).to_have_count(12)
    seat = match.seats.get(user__username="anne").position
    expect(anne.locator(".trick-table__place--bottom")).to_contain_text("anne")
    # Her hand: the trumps first (DK8), each marked.
    match.refresh_from_db()
    state = match.engine.load(match.state)
    from games.doppelkopf.trumps import is_trump

    shown = anne.locator("#hand-form input").evaluate_all("els => els.map(e => e.value)")
    trumps = [is_trump(c, "diamonds") for c in shown]
    assert trumps == sorted(trumps, reverse=True)
    expect(anne.locator(".dk-card--trump")).to_have_count(sum(trumps))
    assert sorted(shown) == sorted(state.deal.hands[seat])
    no_secret_on(anne, match, seat)

    played = called = 0
    shot = False
    for _ in range(3000):
        if anne.locator("#round-result").filter(has_text="Deal 1 result").count():
            break
        healthy = anne.get_by_role("button", name="healthy", exact=True)
        if healthy.count():
            # DK5: the others learn only "healthy" or "reservation".
            if SHOTS and not shot:
                shoot(anne, "reservation-desktop-light")
            healthy.focus()
            anne.keyboard.press("Enter")
            expect(healthy).to_have_count(0)
            continue
        calls = anne.locator(".dk-calls-form button")
        play = anne.get_by_role("button", name="Play")
        if calls.count() and play.count() and not called:
            # DK10: her party's call, offered with its deadline (on her turn: the bots wait).
            expect(anne.locator(".dk-deadline")).to_contain_text(re.compile("hold|next card"))
            party = calls.first.inner_text()
            calls.first.click()
            called = 1
            expect(anne.locator(".dk-calls")).to_contain_text(party)
            continue
        if not play.count():
            anne.wait_for_timeout(50)
            continue
        legal = anne.locator("#hand-form input:not([disabled])")
        held = anne.locator("#hand-form input").count()
        match.refresh_from_db()
        state = match.engine.load(match.state)
        allowed = {a["card"] for a in match.engine.legal_actions(state, seat) if "card" in a}
        assert set(legal.evaluate_all("els => els.map(e => e.value)")) == allowed
        legal.first.focus()
        anne.keyboard.press("Space")
        if legal.count() > 1:
            anne.keyboard.press("ArrowRight")
        if not shot and played == 3:
            shoot(anne, "desktop-light")
            elsewhere(browser, anne, "phone-light", **PHONE)
            elsewhere(browser, anne, "desktop-de", locale="de-DE", **DESKTOP)
            elsewhere(browser, anne, "phone-de-dark", locale="de-DE", color_scheme="dark", **PHONE)
            shot = True
        anne.keyboard.press("Enter")
        played += 1
        expect(anne.locator("#hand-form input")).to_have_count(held - 1)
        no_secret_on(anne, match, seat)
    else:
        raise AssertionError("the deal did not end")

    assert played == 12
    result = anne.locator("#round-result")
    match.refresh_from_db()
    res = match.engine.load(match.state).deal.result
    expect(result).to_contain_text(f"took {res['re_card_points']} card points")
    value = res["game_value"]
    worth = f"{abs(value)} for {'Re' if value > 0 else 'Kontra'}" if value else "0"
    expect(result).to_contain_text(f"Game value: {worth}.")
    # After the deal every hand as dealt is shown (DK17): 48 cards.
    expect(result.locator(".dk-dealt [data-card]")).to_have_count(48)
    anne.locator("#score-sheet summary").click()
    expect(anne.locator(".dk-sheet__table tbody tr")).to_have_count(1)
    shoot(anne, "result-desktop-light")
    assert axe_violations(anne) == []

    # The record: the deal on the match page, and its replay step by step with the keyboard.
    anne.goto(f"{site}/matches/{match.pk}/")
    expect(anne.locator("main")).to_contain_text("Game value")
    anne.goto(f"{site}/matches/{match.pk}/rounds/1/?move=6")
    expect(anne.locator("#replay")).to_contain_text("Move 6 of")
    anne.keyboard.press("ArrowRight")
    expect(anne.locator("#replay")).to_contain_text("Move 7 of")
    shoot(anne, "replay-desktop-light")
    assert axe_violations(anne) == []
