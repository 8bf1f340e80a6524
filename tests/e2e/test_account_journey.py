"""A visitor signs up, verifies the address, logs in and switches the language, in Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from tests.helpers import PASSWORD, link_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_up_verify_log_in_and_switch_language(page: Page, asgi_live_server):
    site = asgi_live_server.url
    csp_errors = []
    page.on(
        "console",
        lambda message: (
            csp_errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )

    page.goto(site + "/")
    expect(page.get_by_role("heading", name="Korsaren Online")).to_be_visible()
    assert page.evaluate("() => window.htmx.version").startswith("2.")
    assert page.evaluate("() => typeof htmx.createWebSocket") == "function"  # ws extension

    # Sign up.
    page.get_by_role("link", name="Sign Up").first.click()
    page.fill("input[name=username]", "e2e-anne")
    page.fill("input[name=email]", "anne@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("form button[type=submit]", has_text="Sign Up").click()
    expect(page).to_have_url(re.compile(r"/accounts/confirm-email/$"))

    # Verify the address from the e-mail the server wrote.
    (message,) = asgi_live_server.messages()
    assert "anne@example.com" in message
    page.goto(site + link_in(message, "/accounts/confirm-email/"))
    page.locator("form button[type=submit]", has_text="Confirm").click()
    # Confirmed in the browser that signed up: signed in at once (issue 28, polish).
    expect(page).to_have_url(site + "/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="e2e-anne")).to_be_visible()

    # Sign out, then in again by e-mail address.
    nav.get_by_role("button", name="Sign Out").click()
    expect(nav.get_by_role("link", name="e2e-anne")).to_have_count(0)
    page.goto(site + "/accounts/login/")
    page.fill("input[name=login]", "anne@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]", has_text="Sign In").click()
    expect(page).to_have_url(site + "/")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="e2e-anne")).to_be_visible()

    # Switch to German: the menu submits itself (static/js/site.js), the page comes back German.
    expect(page.locator("html")).to_have_class(re.compile(r"\bjs\b"))  # site.js has run
    page.select_option("#language-select", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("navigation", name="Hauptmenü")).to_contain_text("Regeln")
    assert User.objects.get(username="e2e-anne").preferred_language == "de"

    # Still German on another page, from the saved preference.
    page.goto(site + "/games/korsaren/rules/")
    expect(page.get_by_role("heading", level=1)).to_have_text("So spielt man Korsaren")
    assert csp_errors == []
