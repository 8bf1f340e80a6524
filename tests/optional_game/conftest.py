"""Snap's web app, installed for the tests of this folder only (the site never lists it)."""

import warnings

import pytest


@pytest.fixture(autouse=True)
def snap_installed():
    from django.conf import settings
    from django.test import override_settings
    from django.utils.deprecation import RemovedInDjango60Warning

    from games.bot_accounts import bot_names

    installed = override_settings(
        INSTALLED_APPS=[*settings.INSTALLED_APPS, "tests.optional_game.web"]
    )
    # Installing an app runs every app's ready() again: games/apps.py registers its URL
    # converter a second time, which Django 5.2 only warns about.
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", "Converter 'id' is already registered", RemovedInDjango60Warning
        )
        installed.enable()
    bot_names.cache_clear()  # the bots' accounts: Snap's too, while it is installed
    yield
    installed.disable()
    bot_names.cache_clear()
