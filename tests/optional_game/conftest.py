"""Snap's web app, installed for the tests of this folder only (the site never lists it)."""

import pytest


@pytest.fixture(autouse=True)
def snap_installed():
    from django.conf import settings
    from django.test import override_settings

    from games.bot_accounts import bot_names

    with override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, "tests.optional_game.web"]):
        bot_names.cache_clear()  # the bots' accounts: Snap's too, while it is installed
        yield
    bot_names.cache_clear()
