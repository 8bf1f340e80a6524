"""Browser tests: Playwright driving Debian's Chromium (`make browser` installs it)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from scripts.audit import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="module", autouse=True)
def _orm_beside_playwright():
    # Playwright's sync API runs an event loop in this thread; Django's ORM (the test database
    # fixtures, the assertions) would otherwise refuse to run beside it. Module scope: this must
    # outlive the database teardown of every test here.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(autouse=True)
def _isolated(fresh_cache) -> None:
    """Every test starts with no rate-limit counters."""


@pytest.fixture(scope="module")
def browser() -> Browser:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (make test does).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Page:
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


# The live server (a subprocess) reads these when it starts: bots move at once, a round's
# result stays on screen long enough for the browser tests to read it, and the per-player move
# limit (tested in tests/games) does not slow a browser test that moves faster than any person.
os.environ.setdefault("KORSAREN_BOT_DELAY_SECONDS", "0")
os.environ.setdefault("KORSAREN_ROUND_PAUSE_SECONDS", "60")
os.environ.setdefault("KORSAREN_MOVE_RATE", "200")


@pytest.fixture
def worker(settings):
    """A real Celery worker (a thread of this process) for the bots' turns and the deals."""
    from celery.contrib.testing.worker import start_worker

    from korsaren_site.celery import app

    app.control.purge()  # tasks queued by earlier tests for matches that no longer exist
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        yield
