"""Accessibility in Chromium (issue 9): axe-core finds no serious or critical problem on the main
pages, in the light and the dark theme; the table fits a 360 px phone without sideways
scrolling; and a turn can be played with the keyboard alone while a screen reader hears what
happens (the #announcer live region) and the focus is never lost when the table updates.

axe-core comes from the npm registry (tools/package.json; `make test` installs it)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games import services
from games.korsaren import seats_to_act
from scripts.demo import Demo, seed

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).resolve().parents[2] / "tools" / "node_modules" / "axe-core" / "axe.min.js"
AXE_RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.fixture
def demo(browser) -> Demo:
    made = []
    beside_playwright(lambda: made.append(seed(finished_matches=1)))
    return made[0]


def signed_in(browser: Browser, site: str, user, **options) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="en-GB", bypass_csp=True, **options)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def axe_violations(page: Page) -> list[str]:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make test` (it installs tools/ with npm ci).")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "(tags) => axe.run(document, {resultTypes: ['violations'], runOnly: tags})", AXE_RULES
    )
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_pages_pass_axe_in_both_themes_and_fit_a_phone(browser: Browser, asgi_live_server, demo):
    site = asgi_live_server.url
    paths = [
        "/",
        "/play/",
        f"/tables/{demo.table.pk}/",
        "/matches/",
        f"/matches/{demo.finished.pk}/",
        "/leaderboard/",
        "/rules/",
    ]
    found = {}
    for scheme in ("light", "dark"):
        page = signed_in(browser, site, demo.anne, color_scheme=scheme)
        for path in paths:
            page.goto(site + path)
            expect(page.locator("html.js")).to_have_count(1)
            problems = axe_violations(page)
            if problems:
                found[f"{scheme} {path}"] = problems
        page.context.close()
    assert found == {}

    # A 360 px phone: the whole table, and no sideways scrolling.
    phone = signed_in(browser, site, demo.anne, viewport={"width": 360, "height": 740})
    phone.goto(f"{site}/tables/{demo.table.pk}/")
    expect(phone.locator("#my-hand [data-card]")).to_have_count(13)
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    phone.context.close()


def beside_playwright(function, *args) -> None:
    """Run service calls in a thread of their own: Playwright's event loop runs in this one, and
    the services' notifications (async_to_sync) refuse to run beside it."""
    errors = []

    def run():
        try:
            function(*args)
        except Exception as e:  # pragma: no cover - re-raised below
            errors.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def focused(page: Page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement; if (e === document.body) return 'body';"
        " return (e.id || e.name || e.tagName) + ':' + (e.value || ''); }"
    )


def tab_to(page: Page, selector: str, presses: int = 60) -> None:
    """Press Tab until the focus is on an element matching `selector`."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_turn_by_keyboard_with_announcements(browser: Browser, asgi_live_server, demo):
    site = asgi_live_server.url
    table = demo.table
    page = signed_in(browser, site, demo.anne)
    page.goto(f"{site}/tables/{table.pk}/")
    expect(page.locator("#table-status")).to_contain_text("Your turn")
    announcer = page.locator("#announcer")

    # Anne has drawn: she picks a card with the arrow keys and discards it, keyboard only.
    tab_to(page, "#hand-form input")
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate("document.activeElement.value")
    assert page.locator(f"#hand-{chosen}").is_checked()
    tab_to(page, "button[value=discard]")
    page.keyboard.press("Enter")
    expect(page.locator(".pile--discard .pile-top [data-card]")).to_have_attribute(
        "data-card", chosen
    )
    expect(announcer).to_contain_text("Captain Anne discarded")
    expect(announcer).to_contain_text("Waiting for Bonny Bob.")  # each said as a sentence
    assert focused(page) == "table-actions:"  # the discard button is gone: its region has it

    # Bob's and the bot's turns (played here): Anne hears Bob's draw and then her turn.
    table.refresh_from_db()
    bob_seat = table.seats.get(user=demo.bob).position
    assert seats_to_act(table.engine_state) == [bob_seat]
    draw = {"action": "draw", "from": "stock"}
    beside_playwright(services.play, table.pk, demo.bob, draw, table.version)
    expect(announcer).to_contain_text("Bonny Bob drew from the stock.")
    table.refresh_from_db()
    card = table.engine_state.round.hands[bob_seat][0]
    discard = {"action": "discard", "card": card}
    beside_playwright(services.play, table.pk, demo.bob, discard, table.version)
    table.refresh_from_db()
    bot = seats_to_act(table.engine_state)[0]
    while bot != table.seats.get(user=demo.anne).position:
        beside_playwright(services.play_bot_turn, table.pk, bot, table.version)
        table.refresh_from_db()
        bot = seats_to_act(table.engine_state)[0]
    expect(announcer).to_contain_text("Your turn")
    assert focused(page) != "body"

    # Her draw, by keyboard: the focus lands on the card she drew, ready to discard.
    tab_to(page, "button[value=stock]")
    page.keyboard.press("Enter")
    expect(page.locator(".hand-card--drawn")).to_have_count(1)
    drawn = page.locator(".hand-card--drawn input").get_attribute("value")
    expect(page.locator(f"#hand-{drawn}")).to_be_focused()
    expect(announcer).to_contain_text(
        f"Captain Anne took {drawn.replace('-', ' ')} from the stock."
    )
