"""Two people and a bot play a round live in Chromium (issue 4): each sees the other's draw
appear without a reload, both lay down through the panel, and the result shows the limits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Match
from tests.helpers import make_user

from .login import signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def my_turn(page: Page) -> bool:
    return page.get_by_role("button", name="Draw from stock").count() > 0


def wait_for_turn(pages: list[Page]) -> Page:
    """The page whose player is to draw (the bot's turns are played by the Celery worker)."""
    for _ in range(400):
        for page in pages:
            if my_turn(page):
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody's turn came")


def test_two_players_and_a_bot_play_a_round_live(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    make_user("bob", "bob@example.com")
    anne = signed_in(browser, site, "anne")
    bob = signed_in(browser, site, "bob")

    # Anne opens a table for three and adds a bot; Bob joins; Anne starts.
    anne.goto(site + "/play/")
    anne.get_by_label("3 players").check()
    anne.get_by_role("button", name="Create table").click()
    expect(anne).to_have_url(re.compile(r"/tables/\d+/$"))
    table_url = anne.url
    anne.get_by_label("Bot level").select_option("deckhand")
    anne.get_by_role("button", name="Add bot").click()
    expect(anne.locator("#table-seats")).to_contain_text("Deckhand")
    bob.goto(table_url)
    bob.get_by_role("button", name="Join").click()
    expect(anne.locator("#table-seats")).to_contain_text("bob")  # live, no reload
    anne.get_by_role("button", name="Start").click()
    match = Match.objects.get()
    expect(bob.locator("#table-status")).to_contain_text(match.seed_sha256)
    expect(bob.locator("#my-hand [data-card]")).to_have_count(12)

    # The first human to move draws and discards; the other sees it happen.
    first = wait_for_turn([anne, bob])
    other = bob if first is anne else anne
    first_name = "anne" if first is anne else "bob"
    first.get_by_role("button", name="Draw from stock").click()
    expect(other.locator("#table-log")).to_contain_text(f"{first_name} drew from the stock.")
    # Korsaren's own script (korsaren.js) marks the cards that arrive for their animations: the
    # card drawn into the hand, the discard pile's new top card.
    expect(first.locator(".hand-card--arrived")).to_have_count(1)
    first.locator("#hand-form input[type=radio]").first.check()
    first.get_by_role("button", name="Discard").click()
    expect(other.locator("#table-log")).to_contain_text(f"{first_name} discarded")
    expect(other.locator(".pile--discard .pile-top > .card--arrived")).to_have_count(1)

    # The other human's turn comes (after the bot's, if it sits between): draw, then set sail.
    second = wait_for_turn([other])
    second_name = "bob" if second is bob else "anne"
    second.get_by_role("button", name="Draw from discard pile").click()
    expect(first.locator("#table-log")).to_contain_text(f"{second_name} took")
    card = second.locator("#hand-form input[type=radio]").first
    card.check()
    second.get_by_role("button", name="Set sail").click()
    panel = second.locator("#laydown-panel")
    expect(panel).to_contain_text("Limit")
    # Issue 18, point 1: choosing another card updates the open panel; Cancel closes it.
    other_card = second.locator("#hand-form input[type=radio]").nth(1)
    other_card.check()
    chosen = other_card.get_attribute("value")
    expect(panel.locator("input[name=card]")).to_have_value(chosen)
    second.get_by_role("button", name="Cancel").click()
    expect(panel.locator("form")).to_have_count(0)
    second.get_by_role("button", name="Set sail").click()
    expect(panel.locator("input[name=card]")).to_have_value(chosen)
    second.get_by_role("button", name="Lay down").click()

    # The first player lays down with the default the panel offers (R6); the bot lays down too.
    expect(first.locator("#laydown-panel")).to_contain_text("Limit")
    sail = match.moves.get(action__action="sail")
    assert sail.action["card"] == chosen  # the card chosen last, not the first one
    first.get_by_role("button", name="Lay down").click()

    for page in (anne, bob):
        result = page.locator("#round-result")
        expect(result).to_contain_text("Round 1 result", timeout=30_000)
        expect(result.locator(".limit-cell")).to_have_count(3)
    limits = [int(t) for t in anne.locator("#round-result .limit-cell").all_inner_texts()]
    match.refresh_from_db()
    assert limits == match.engine_state.round.result["limits"]
