"""The real stack for the drills: two Daphnes, a Celery worker and beat as subprocesses, on the
test database and the test session's Redis (benchmarks/stack.py)."""

import os

import pytest


@pytest.fixture(scope="module")
def servers(django_db_setup, tmp_path_factory):
    from django.conf import settings
    from django.db import connection

    from benchmarks.stack import Stack
    from tests.conftest import database_url

    env = {
        "DEBUG": "1",  # static files from the source folders: no collectstatic to wait for
        "SECRET_KEY": settings.SECRET_KEY,  # sessions made here must be valid there
        "CACHE_KEY_PREFIX": os.environ["CACHE_KEY_PREFIX"],
        "KORSAREN_BOT_DELAY_SECONDS": "0.05",
        "KORSAREN_ROUND_PAUSE_SECONDS": "0.3",
        "KORSAREN_STALL_SECONDS": "3",
        "KORSAREN_SWEEP_SECONDS": "1",
        "KORSAREN_MOVE_RATE": "1000",
    }
    stack = Stack(
        daphnes=2,
        work_dir=tmp_path_factory.mktemp("stack"),
        env_overrides=env,
        database_url=database_url(connection.settings_dict),
        redis_url=os.environ["REDIS_URL"],
    )
    stack.start(celery=False)
    yield stack
    stack.stop()


@pytest.fixture
def stack(servers, transactional_db):
    """The servers with a Celery worker and beat of this test's own: they are gone before the
    test database is emptied (PostgreSQL's TRUNCATE must not wait on their transactions), and
    nothing they left queued reaches the next test."""
    from korsaren_site.celery import app

    servers.start_celery()
    yield servers
    servers.stop_celery()
    app.control.purge()


@pytest.fixture
def drill_results():
    """The drill's checks, each (name, passed, detail); emptied for every test."""
    from benchmarks import drills

    drills.RESULTS.clear()
    yield drills.RESULTS
