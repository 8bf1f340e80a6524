# ruff: noqa
"""Temporary: screenshots of Dame/Schlagdame pages for a before/after comparison."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from django.test import Client

from games import services
from games.models import Match
from tests.helpers import make_user
from tests.e2e.test_accessibility import beside_playwright

pytestmark = pytest.mark.django_db(transaction=True)
OUT = Path(os.environ.get("SHOTS", "/tmp/board/shots"))


@pytest.mark.parametrize("game", ["dame", "schlagdame"])
def test_shots(browser: Browser, asgi_live_server, game):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    bob = make_user("bob", "bob@example.com")
    made = []

    def start():
        m = services.create_table(
            anne, game=game, seat_count=2, turn_seconds=86400, rated=True, private=False, seat=0
        )
        services.join_table(bob, m.pk, m.invite_code)
        m = services.start_match(anne, m.pk, seed="shots")
        for user, mv in ((anne, "c3-d4"), (bob, "f6-e5"), (anne, "d4-f6")):
            m = Match.objects.get(pk=m.pk)
            services.play(m.pk, user, {"action": "move", "move": mv}, m.version)
        made.append(Match.objects.get(pk=m.pk))

    beside_playwright(start)
    match = made[0]
    OUT.mkdir(parents=True, exist_ok=True)
    cookies = {}
    for user in (anne, bob):
        c = Client()
        c.force_login(user)
        cookies[user.username] = {
            "name": "sessionid",
            "value": c.cookies["sessionid"].value,
            "url": site,
        }
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}},
    }
    for view in views:
        for locale in ("en-GB", "de-DE"):
            for who in ("anne", "bob"):
                ctx = browser.new_context(**views[view], locale=locale, reduced_motion="reduce")
                ctx.add_cookies([cookies[who]])
                page = ctx.new_page()
                page.goto(f"{site}/tables/{match.pk}/", wait_until="networkidle")
                if who == "bob":
                    page.locator("#sq-g7").click()
                page.evaluate(
                    "document.querySelectorAll('.seat-clock, time, .turn-timer').forEach(e => e.textContent='')"
                )
                page.screenshot(
                    path=str(OUT / f"{game}-table-{who}-{view}-{locale}.png"), full_page=True
                )
                if who == "anne":
                    for name, path in (
                        ("rules", f"/games/{game}/rules/"),
                        ("replay", f"/matches/{match.pk}/rounds/1/?move=2"),
                    ):
                        page.goto(site + path, wait_until="networkidle")
                        page.screenshot(
                            path=str(OUT / f"{game}-{name}-{view}-{locale}.png"), full_page=True
                        )
                ctx.close()
