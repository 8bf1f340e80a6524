"""The address bar says where the player is (issue 28.21): after "Rematch" it names the new
table, and each step of a replay, by key or by click, is the address shown (so that a link
copied or a reload shows the same move)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from games.models import Match
from tests.helpers import make_user

from .login import signed_in
from .test_dame import enter, wait_for_turn_or_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_rematch_and_replay_steps_show_their_address(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    make_user("anne", "anne@example.com")
    page = signed_in(browser, site, "anne", reduced_motion="reduce")
    refused = []  # what the content security policy blocked (issue 28 polish): nothing
    page.on("console", lambda m: refused.append(m.text) if "Security Policy" in m.text else None)
    page.goto(site + "/play/?game=dame")
    page.get_by_label("White").check()
    page.get_by_role("button", name="Create table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    # The table's socket is open first: its first push may swap the controls in under a click.
    expect(page.locator(".table[data-live]")).to_have_count(1, timeout=30_000)
    page.get_by_label("Bot level").select_option("man")
    page.get_by_role("button", name="Add bot").click()
    # The seat is filled before Start: a start that overtook it would be refused (too few).
    expect(page.get_by_role("button", name="Remove bot")).to_have_count(1)
    page.get_by_role("button", name="Start").click()
    first = Match.objects.get()
    # Two moves each (the bot answers), then resign: a short game with a replay to step in.
    log = page.locator("#table-log li")
    for _ in range(2):
        routes = wait_for_turn_or_end(page)
        before = log.count()
        enter(page, routes[0], routes)
        expect(log.nth(before)).to_be_attached()  # the move reached the log
    assert wait_for_turn_or_end(page)  # the bot answered
    page.get_by_text("Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    expect(page.locator("#round-result h2")).to_be_visible()

    page.get_by_role("button", name="Rematch").click()
    expect(page.get_by_role("button", name="Start")).to_be_visible()
    rematch = Match.objects.exclude(pk=first.pk).get()
    expect(page).to_have_url(f"{site}/tables/{rematch.pk}/")

    last = first.moves.count()
    page.goto(f"{site}/matches/{first.pk}/rounds/1/")
    slider = page.locator("#replay-slider")
    expect(slider).to_have_value(str(last))
    for step in (last - 1, last - 2):
        page.keyboard.press("ArrowLeft")
        expect(slider).to_have_value(str(step))
        expect(page).to_have_url(re.compile(rf"\?move={step}$"))
    page.get_by_role("link", name="Next step").click()
    expect(slider).to_have_value(str(last - 1))
    expect(page).to_have_url(re.compile(rf"\?move={last - 1}$"))
    page.keyboard.press("Home")
    expect(slider).to_have_value("0")
    expect(page).to_have_url(re.compile(r"\?move=0$"))
    assert refused == []
