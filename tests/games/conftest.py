"""Fixtures for tests of tables and matches (Django is set up by tests/conftest.py, which runs
after this file is imported: so nothing from Django or the site is imported at the top)."""

import pytest


@pytest.fixture
def players(db):
    from tests.helpers import make_user

    return [make_user(f"player{i}", f"player{i}@example.com") for i in range(4)]
