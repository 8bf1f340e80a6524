"""The Celery app: Redis broker from REDIS_URL, settings under the CELERY_ prefix."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")

# The apps' tasks.py modules are found by autodiscovery; the site's own are listed here.
app = Celery("korsaren_site", include=["korsaren_site.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
