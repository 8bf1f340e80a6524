"""Whist in Chromium: a player opens a table, fills it with three bots, and plays a whole deal
(13 tricks) with the keyboard alone: arrow keys over the hand, Enter plays (WH5). Their partner
sits opposite, only legal cards can be chosen, no other hand ever reaches the page, and the
result says who took the tricks and what they scored (WH6-WH8).

With WHIST_SCREENSHOTS=<folder> it also saves the README's screenshots there (desktop and a
360 px phone, light and dark, and the table in German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import registry
from games.models import Match
from games.seat_names import names_by_position
from tests.e2e.test_accessibility import axe_violations
from tests.helpers import make_user
from tests.platform.contract import leaks

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("WHIST_SCREENSHOTS", "")
PHONE = {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2, "is_mobile": True}


def no_secret_on(page: Page, match: Match, seat: int) -> None:
    """The page against the secrets of the table's state read after it (a card shown is never
    hidden again within a deal, so a later state has no secret the page may show)."""
    html = page.content()
    match.refresh_from_db()
    presenter = registry.presenter("whist")
    state = match.engine.load(match.state)
    assert not leaks(html, presenter.secrets(state, seat) | {match.seed})


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"whist-{name}.png"), full_page=True)


def screenshots(browser: Browser, player: Page) -> None:
    """The table as it is now, as the README shows it, in other sizes, themes and a language
    (the same player, signed in by their session cookie)."""
    for name, context in (
        ("desktop-dark", {"viewport": {"width": 1280, "height": 900}, "color_scheme": "dark"}),
        ("phone-light", {**PHONE, "color_scheme": "light"}),
        ("phone-dark", {**PHONE, "color_scheme": "dark"}),
        ("desktop-de", {"viewport": {"width": 1280, "height": 900}, "locale": "de-DE"}),
    ):
        page = browser.new_context(**{"locale": "en-GB", "reduced_motion": "reduce", **context})
        page.add_cookies(player.context.cookies())
        page = page.new_page()
        page.goto(player.url)
        expect(page.locator("#my-hand [data-card]").first).to_be_visible()
        enabled = page.locator("#hand-form input:not([disabled])")
        if enabled.count():
            enabled.first.check()
        shoot(page, name)
        page.context.close()


def on_a_phone(browser: Browser, player: Page) -> None:
    """The same table on a 360 px phone in the dark theme, and on a desktop in the light one: no
    sideways scrolling on the phone, and axe finds no serious problem."""
    context = browser.new_context(locale="en-GB", bypass_csp=True, color_scheme="dark", **PHONE)
    context.add_cookies(player.context.cookies())
    page = context.new_page()
    page.goto(player.url)
    expect(page.locator("#my-hand [data-card]").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_violations(page) == []
    context.close()
    context = browser.new_context(locale="en-GB", bypass_csp=True, color_scheme="light")
    context.add_cookies(player.context.cookies())
    page = context.new_page()
    page.goto(player.url)
    expect(page.locator("#my-hand [data-card]").first).to_be_visible()
    assert axe_violations(page) == []
    context.close()


def test_a_whole_deal_with_the_keyboard_against_bots(browser: Browser, asgi_live_server, worker):
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

    # Anne opens a Whist table (short whist, trumps turned up) and seats three bots.
    anne.goto(site + "/play/?game=whist")
    expect(anne.get_by_label("Variant")).to_be_visible()
    anne.get_by_label("Variant").select_option("short")
    anne.get_by_role("button", name="Create table").click()
    expect(anne).to_have_url(re.compile(r"/tables/\d+/$"))
    for n, level in enumerate(("dabbler", "club", "hoyle"), start=1):
        anne.get_by_label("Bot level").select_option(level)
        anne.get_by_role("button", name="Add bot").click()
        expect(anne.get_by_role("button", name="Remove bot")).to_have_count(n)
    anne.get_by_role("button", name="Start").click()

    match = Match.objects.get()
    expect(anne.locator("#my-hand [data-card]")).to_have_count(13)
    seat = match.seats.get(user__username="anne").position  # where the cut put her (WH3)
    # WH1: she sits at the bottom, her partner opposite at the top.
    expect(anne.locator(".whist-place--bottom")).to_contain_text("anne")
    partner = match.seats.get(position=(seat + 2) % 4).user.public_name
    expect(anne.locator(".whist-place--top")).to_contain_text(partner)
    expect(anne.locator(".whist-place--top")).to_contain_text("partner")
    # The seats, sent alike to all four players, name her partner for her alone (whist.css).
    seats = anne.locator("#table-seats")
    expect(seats.locator(f'.seat[data-seat="{(seat + 2) % 4}"] .seat__partner')).to_be_visible()
    expect(seats.locator(".seat__partner:visible")).to_have_count(1)
    expect(anne.locator(".whist-trump")).to_contain_text("Trumps:")
    no_secret_on(anne, match, seat)

    played = 0
    shot = False
    for _ in range(2000):
        if anne.locator("#round-result").filter(has_text="Deal 1 result").count():
            break
        play = anne.get_by_role("button", name="Play")
        if not play.count():
            anne.wait_for_timeout(50)
            continue
        legal = anne.locator("#hand-form input:not([disabled])")
        held = anne.locator("#hand-form input").count()
        assert legal.count() >= 1
        # Only legal cards can be chosen (WH5: a revoke cannot happen online).
        match.refresh_from_db()
        state = match.engine.load(match.state)
        allowed = [a["card"] for a in match.engine.legal_actions(state, seat)]
        assert sorted(legal.evaluate_all("els => els.map(e => e.value)")) == sorted(allowed)
        legal.first.focus()
        anne.keyboard.press("Space")  # chooses the focused card
        if legal.count() > 1:
            anne.keyboard.press("ArrowRight")  # the next playable card
        if not shot and played == 2:
            shoot(anne, "desktop-light")
            on_a_phone(browser, anne)  # (axe's script in her own page would hold card-like words)
            if SHOTS:
                screenshots(browser, anne)
            shot = True
        anne.keyboard.press("Enter")
        played += 1
        expect(anne.locator("#hand-form input")).to_have_count(held - 1)
        no_secret_on(anne, match, seat)
    else:
        raise AssertionError("the deal did not end")

    assert played == 13
    result = anne.locator("#round-result")
    expect(result).to_contain_text("took the most tricks")
    match.refresh_from_db()
    state = match.engine.load(match.state)
    tricks = state.deal.result["tricks"]
    assert sum(tricks) == 13
    expect(result).to_contain_text(f"({tricks[0]}–{tricks[1]})")
    # After the deal every hand as dealt is shown (WH7, WH12): 52 cards.
    expect(result.locator(".whist-dealt [data-card]")).to_have_count(52)
    expect(anne.locator("#score-sheet")).to_contain_text("Score sheet")
    anne.locator("#score-sheet summary").click()
    expect(anne.locator(".whist-sheet__table tbody tr")).to_have_count(1)
    shoot(anne, "result-desktop-light")


def test_a_finished_rubber_says_who_won_by_how_much_and_leads_on(
    browser: Browser, asgi_live_server
):
    """The rubber played out through the services (the human's cards at random), then the table
    in the browser: the result names the winners and the rubber's value (WH9) and leads on to
    the match record (every deal per partnership) and the lobby."""
    import random

    from games import services

    site = asgi_live_server.url
    anne_user = make_user("anne", "anne@example.com")
    match = services.create_table(
        anne_user, game="whist", seat_count=4, turn_seconds=60, rated=True, private=False
    )
    for level in ("dabbler", "club", "dabbler"):
        services.add_bot(anne_user, match.pk, level)
    match = services.start_match(anne_user, match.pk, seed="browser-rubber")
    engine, rng = match.engine, random.Random(3)
    seat = match.seats.get(user=anne_user).position
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        state = engine.load(match.state)
        status = engine.status(state)
        if status.server_step is not None:
            services.take_server_step(match.pk, match.version)
        elif seat in status.to_act:
            card = rng.choice(engine.legal_actions(state, seat))["card"]
            services.play(match.pk, anne_user, {"action": "play", "card": card}, match.version)
        else:
            services.play_bot_turn(match.pk, status.to_act[0], match.version)
    assert match.status == Match.Status.FINISHED
    state = engine.load(match.state)
    won = state.winner
    names = names_by_position(match.seats.select_related("user"), match.seat_count)  # Dabbler 1...

    anne = signed_in(
        browser,
        site,
        "anne",
        viewport={"width": 1280, "height": 900},
        reduced_motion="reduce",
        bypass_csp=True,
    )
    anne.goto(f"{site}/tables/{match.pk}/")
    result = anne.locator("#round-result")
    expect(result).to_contain_text(f"{names[won]} & {names[won + 2]} won the rubber")
    expect(result).to_contain_text(f"the rubber is worth {state.rubber_value()} point")
    shoot(anne, "rubber-over-desktop-light")
    assert axe_violations(anne) == []
    anne.get_by_role("link", name="The match record").click()
    expect(anne).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(anne.locator(".round-summary")).to_have_count(state.deal.round)
    expect(anne.locator("main")).to_contain_text("Points in the game")
    shoot(anne, "record-desktop-light")
    assert axe_violations(anne) == []
    anne.goto(f"{site}/matches/{match.pk}/rounds/1/?move=6")
    expect(anne.locator("#replay")).to_contain_text("Card 6 of 52")
    anne.keyboard.press("ArrowRight")  # the replay steps card by card with the keyboard
    expect(anne.locator("#replay")).to_contain_text("Card 7 of 52")
    assert axe_violations(anne) == []
    anne.goto(f"{site}/games/whist/rules/")
    expect(anne.locator("main")).to_contain_text("a revoke")
    assert axe_violations(anne) == []
    anne.goto(f"{site}/tables/{match.pk}/")
    anne.get_by_role("link", name="Back to the lobby").click()
    expect(anne).to_have_url(re.compile(r"/play/$"))
