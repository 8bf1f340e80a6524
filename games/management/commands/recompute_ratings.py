"""`python manage.py recompute_ratings`: rebuild every rating from scratch (issue 6)."""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand

from games import ratings


def progress_bar(stream=sys.stderr, width: int = 40):
    started = time.monotonic()

    def show(done: int, total: int) -> None:
        filled = width * done // max(total, 1)
        rate = done / max(time.monotonic() - started, 1e-9)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} ({rate:.0f}/s)")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


class Command(BaseCommand):
    help = "Replay every rated match in order and rebuild all ratings from scratch."

    def handle(self, *args, **opts) -> None:
        started = time.monotonic()
        count = ratings.recompute(progress=progress_bar(self.stderr))
        seconds = time.monotonic() - started
        self.stdout.write(f"Recomputed ratings from {count} rated matches in {seconds:.1f} s.")
