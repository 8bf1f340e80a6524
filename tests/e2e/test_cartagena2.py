"""A whole game of Cartagena 2 in Chromium against a bot, through the table's controls only: a
card chosen in the hand marks on the board where it takes each pirate (CG5) before the move is
confirmed, other players' pirates moved to draw cards (CG6), the boat sailed (CG7), turns ended
early (CG4) and the privateer's discards (CG9), until one player's six pirates are in the nest
(CG11); then the record. The pages pass axe. With C2_SCREENSHOTS=<folder> it also saves
screenshots (desktop and 360 px phone, English and German)."""

from __future__ import annotations

import os
from pathlib import Path
from random import Random

import pytest
from playwright.sync_api import Browser, Page, expect

from games.cartagena2 import GAME
from games.models import Match
from tests.helpers import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _start(players: int) -> tuple[Match, object]:
    from games import services
    from tests.e2e.test_accessibility import beside_playwright

    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="cartagena2", seat_count=players, turn_seconds=86400, rated=True,
            private=False, options={"board": "standard"},
        )  # fmt: skip
        for _ in range(players - 1):
            services.add_bot(anne, match.pk, "bosun")
        made.append(services.start_match(anne, match.pk, seed="e2e-cartagena2"))

    beside_playwright(start)
    return made[0], anne


def _page(browser: Browser, site: str, user, **context) -> Page:
    from django.test import Client

    client = Client()
    client.force_login(user)
    page = browser.new_context(**{"locale": "en-GB", "reduced_motion": "reduce", **context})
    page = page.new_page()
    page.set_default_timeout(20_000)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}]
    )
    return page


def _version(page: Page) -> str:
    return page.locator("#table-version").get_attribute("value") or ""


def _wait_for_me(page: Page) -> str:
    """Until it is this player's turn (or discards) or the game is over: which."""
    for _ in range(1200):
        if page.locator("#round-result h2").count():
            return "over"
        if page.locator(".c2-discard-form").count():
            return "discard"
        if page.locator("#c2-left").count():
            return "turn"
        page.wait_for_timeout(50)
    raise AssertionError("the turn never came back")


def _choice(match_id: int, seat: int, rng: Random) -> dict:
    """What the greedy bot would do in the player's place (the test plays it by the UI)."""
    state = GAME.load(Match.objects.get(pk=match_id).state)
    return GAME.bots.choose("bosun", GAME.view(state, seat), rng)


def _act(page: Page, action: dict) -> None:
    before = _version(page)
    verb = action["action"]
    if verb == "play":
        card, frm = action["card"], str(action["from"])
        page.locator(f"label:has(#hand-{card})").click()
        group = page.locator(f'.c2-plays[data-card="{card}"]')
        button = group.locator(f'button[name="from"][value="{frm}"]')
        expect(button).to_be_visible()
        # CG5: where it goes is marked on the board before the move is confirmed.
        target = button.get_attribute("data-to-id")
        expect(page.locator(f"#{target}")).to_have_class(_has("c2-target"))
        button.click()
    elif verb == "advance":
        page.locator("#c2-advance").select_option(f"{action['target']}:{action['from']}")
        page.get_by_role("button", name="Move and draw").click()
    elif verb == "boat":
        page.get_by_role("button", name=_has("Sail the boat")).click()
    elif verb == "end":
        page.locator(".table-actions form:has(input[value=end]) button").click()
    else:  # CG9: tick the cards to give up, then discard
        seen: dict[str, int] = {}
        for card in action["cards"]:
            boxes = page.locator(f'.c2-discard-form input[name=cards][value="{card}"]')
            boxes.nth(seen.get(card, 0)).check()
            seen[card] = seen.get(card, 0) + 1
        page.get_by_role("button", name="Discard", exact=True).click()
    for _ in range(400):
        if _version(page) != before:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"{action} was not shown")


def _has(text: str):
    import re

    return re.compile(re.escape(text))


def test_a_whole_game_against_a_bot_by_the_tables_controls(
    browser: Browser, asgi_live_server, worker
):
    site = asgi_live_server.url
    match, anne = _start(2)
    seat = match.seats.get(user=anne).position
    page = _page(browser, site, anne)
    page.goto(f"{site}/tables/{match.pk}/")
    expect(page.locator(".c2-space")).to_have_count(35)
    expect(page.locator("#c2-space-1")).to_have_attribute(
        "aria-label", "Space 1, treasure chest: empty."
    )
    shots = os.environ.get("C2_SCREENSHOTS")
    rng, verbs = Random(5), set()
    for n in range(GAME.traits.max_actions):
        what = _wait_for_me(page)
        if what == "over":
            break
        if shots and (what == "discard" or (what == "turn" and n == 24)):
            _screenshots(browser, site, page, Path(shots), anne, f"{what}-{n}")
        action = _choice(match.pk, seat, rng)
        verbs.add(action["action"])
        _act(page, action)
    expect(page.locator("#round-result h2")).to_contain_text("wins")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert {"play", "advance"} <= verbs
    if shots:
        _screenshots(browser, site, page, Path(shots), anne, "over")
    page.get_by_role("link", name="The match record").click()
    expect(page.locator(".c2-result-table")).to_be_visible()
    if shots:
        page.screenshot(path=str(Path(shots) / "c2-record-desktop.png"), full_page=True)
        page.goto(f"{site}/matches/{match.pk}/rounds/1/?move=12")
        page.screenshot(path=str(Path(shots) / "c2-replay-desktop.png"), full_page=True)
        page.goto(site + "/games/cartagena2/rules/")
        page.screenshot(path=str(Path(shots) / "c2-rules-desktop.png"), full_page=True)


def test_the_table_rules_and_record_pass_axe(browser: Browser, asgi_live_server):
    from tests.e2e.test_accessibility import axe_violations

    site = asgi_live_server.url
    match, anne = _start(5)
    found = {}
    for scheme in ("light", "dark"):
        page = _page(browser, site, anne, bypass_csp=True, color_scheme=scheme)
        for path in (f"/tables/{match.pk}/", "/games/cartagena2/rules/"):
            page.goto(site + path)
            expect(page.locator("html.js")).to_have_count(1)
            if page.locator("#hand-form input:enabled").count():
                page.locator("#hand-form label:has(input:enabled)").first.click()
            if problems := axe_violations(page):
                found[f"{scheme} {path}"] = problems
        page.context.close()
    assert found == {}


def _screenshots(browser, site: str, page: Page, out: Path, user, name: str = "turn") -> None:
    """The table as the player sees it, a card chosen: desktop and phone, English and German."""
    out.mkdir(parents=True, exist_ok=True)
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
        shot = _page(browser, site, user, **views[view], color_scheme=scheme, locale=locale)
        shot.goto(page.url, wait_until="networkidle")
        if shot.locator("#hand-form input:enabled").count():
            shot.locator("#hand-form label:has(input:enabled)").first.click()
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"c2-{name}-{view}-{scheme}{suffix}.png"), full_page=True)
        width = shot.evaluate("document.documentElement.scrollWidth")
        assert width <= views[view]["viewport"]["width"], f"{view}: {width} px wide"
        shot.context.close()


def test_the_privateer_discards_by_ticking_cards(browser: Browser, asgi_live_server):
    """CG9 by the controls: a privateer card played from the hand by the keyboard alone, then the
    surplus ticked (the count says how many; once enough are ticked the other cards wait) and
    discarded."""
    from tests.e2e.test_accessibility import beside_playwright

    site = asgi_live_server.url
    match, anne = _start(2)
    seat = match.seats.get(user=anne).position

    def privateer_in_hand() -> None:
        state = GAME.load(Match.objects.get(pk=match.pk).state)
        hand = ["compass-gold", "map", "map", "cannon", "cannon", "ducat", "ducat", "chest"]
        state.hands[seat] = hand + ["parrot"]
        state.deck = [c for c in state.deck if c != "compass-gold"]
        state.turn, state.actions_left, state.free_boat = seat, 3, False
        Match.objects.filter(pk=match.pk).update(state=GAME.dump(state))

    beside_playwright(privateer_in_hand)
    page = _page(browser, site, anne)
    page.goto(f"{site}/tables/{match.pk}/")
    # By the keyboard alone: the card (a radio button: Space chooses it), then Tab to where it
    # takes the pirate, marked on the board, and Enter.
    page.locator("#hand-compass-gold").focus()
    page.keyboard.press("Space")
    button = page.locator('.c2-plays[data-card="compass-gold"] button')
    target = button.get_attribute("data-to-id")
    expect(page.locator(f"#{target}")).to_have_class(_has("c2-target"))
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    form = page.locator(".c2-discard-form")
    expect(page.locator("#table-actions")).to_contain_text("discard 1 card to keep seven")
    expect(form.locator(".c2-discard-count")).to_have_text("Chosen: 0 of 1")
    form.locator('input[value="parrot"]').check()
    expect(form.locator(".c2-discard-count")).to_have_text("Chosen: 1 of 1")
    expect(form.locator('input[value="chest"]')).to_be_disabled()
    page.get_by_role("button", name="Discard", exact=True).click()
    expect(page.locator("#c2-left")).to_contain_text("2 actions left")
    expect(page.locator("#table-log")).to_contain_text("discarded parrot.")
    state = GAME.load(Match.objects.get(pk=match.pk).state)
    assert "parrot" not in state.hands[seat] and len(state.hands[seat]) == 7
