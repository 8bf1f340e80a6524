"""The Celery app: Redis broker from REDIS_URL, settings under the CELERY_ prefix."""

import logging
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")

# The apps' tasks.py modules are found by autodiscovery; the site's own are listed here.
app = Celery("korsaren_site", include=["korsaren_site.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# Tasks beat runs every few seconds, and the turn e-mails' (queued at every turn of a slow table,
# most of them finding nothing to send): their INFO lines (sent, received, succeeded) would bury
# everything else in the run log, such as a sign-up's confirmation e-mail (issue 18). A turn
# e-mail sent says so in one line of its own (notifications/emails.py).
QUIET_TASKS = ("games.tasks.sweep_timeouts", "notifications.tasks.send_turn_emails")


class QuietPeriodicTasks(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            return True
        text = f"{record.msg} {record.args}" if record.args else str(record.msg)
        return not any(name in text for name in QUIET_TASKS)


for _name in ("celery.beat", "celery.worker.strategy", "celery.app.trace"):
    logging.getLogger(_name).addFilter(QuietPeriodicTasks())
