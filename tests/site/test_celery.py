from celery.contrib.testing.worker import start_worker

from korsaren_site.celery import app
from korsaren_site.tasks import ping


def test_a_real_worker_runs_tasks_through_redis():
    # A real worker thread consuming from the Redis broker: no eager mode.
    assert not app.conf.task_always_eager
    assert app.conf.broker_url.startswith("redis://")
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        assert ping.delay().get(timeout=20) == "pong"


def test_a_worker_started_from_the_command_line_knows_every_task():
    app.loader.import_default_modules()  # what `celery -A korsaren_site worker` does
    assert {"korsaren_site.tasks.ping", "accounts.tasks.lift_expired_bans"} <= set(app.tasks)
    for entry in app.conf.beat_schedule.values():
        assert entry["task"] in app.tasks
