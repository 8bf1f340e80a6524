"""Signing in through the login form, as a player does, for the browser tests."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.helpers import PASSWORD


def signed_in(browser: Browser, site: str, username: str, **context) -> Page:
    """A new browser context (English unless `context` says otherwise) signed in as
    `username`, on the home page."""
    page = browser.new_context(**{"locale": "en-GB", **context}).new_page()
    page.set_default_timeout(20_000)
    page.goto(site + "/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]", has_text="Sign In").click()
    expect(page).to_have_url(site + "/")
    return page
