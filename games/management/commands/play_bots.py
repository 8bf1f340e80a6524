"""`python manage.py play_bots --game korsaren --levels captain,boatswain,deckhand --matches N`

Creates bot-only matches and lets the real Celery workers play them to the end through the
services, printing each match's id and result. Demo data for a new site, and a way to exercise
the whole stack. Unless told to use the workers already running, it starts its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games import registry, services
from games.models import Match


class Command(BaseCommand):
    help = "Play bot-only matches through the services and Celery workers."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", default="korsaren", help="the game's slug")
        parser.add_argument("--players", type=int, default=None, help="default: the fewest")
        parser.add_argument(
            "--levels",
            default="",
            help="comma-separated bot levels, one per seat (default: the middle level)",
        )
        parser.add_argument("--matches", type=int, default=1)
        parser.add_argument("--unrated", action="store_true")
        parser.add_argument(
            "--delay", type=float, default=0.0, help="seconds a bot waits before moving"
        )
        parser.add_argument(
            "--use-running-workers",
            action="store_true",
            help="rely on workers already running (e.g. `make run`) instead of starting one",
        )
        parser.add_argument("--timeout", type=float, default=1800, help="give up after seconds")

    def handle(self, *args, **opts) -> None:
        try:
            game = registry.engine(opts["game"])
        except LookupError:
            raise CommandError(
                f"no game {opts['game']!r}; choose from {registry.slugs()}"
            ) from None
        known = game.bots.levels
        players = opts["players"] or (
            len(opts["levels"].split(",")) if opts["levels"] else game.player_counts[0]
        )
        if players not in game.player_counts:
            raise CommandError(f"{opts['game']} is played by {game.player_counts} players")
        middle = known[len(known) // 2]
        levels = opts["levels"].split(",") if opts["levels"] else [middle] * players
        if len(levels) != players:
            raise CommandError(f"--levels names {len(levels)} bots for {players} seats")
        unknown = [lvl for lvl in levels if lvl not in known]
        if unknown:
            raise CommandError(f"unknown level(s) {unknown}; choose from {', '.join(known)}")
        opts["game_slug"] = opts["game"]
        worker = None if opts["use_running_workers"] else self._start_worker(opts["delay"])
        try:
            self._play(levels, opts)
        finally:
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=30)

    def _start_worker(self, delay: float) -> subprocess.Popen:
        env = {
            **os.environ,
            "KORSAREN_BOT_DELAY_SECONDS": str(delay),
            "KORSAREN_ROUND_PAUSE_SECONDS": str(delay),
        }
        command = [sys.executable, "-m", "celery", "-A", "korsaren_site", "worker"]
        return subprocess.Popen(
            [*command, "-l", "WARNING", "--concurrency", "2"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,  # its banner; warnings and errors still go to stderr
        )

    def _play(self, levels: list[str], opts: dict) -> None:
        matches = [
            services.create_bot_match(opts["game_slug"], levels, rated=not opts["unrated"])
            for _ in range(opts["matches"])
        ]
        for match in matches:
            self.stdout.write(f"match {match.pk} started: {', '.join(levels)}")
        pending = {m.pk for m in matches}
        deadline = time.monotonic() + opts["timeout"]
        while pending and time.monotonic() < deadline:
            time.sleep(0.5)
            for match in Match.objects.filter(pk__in=pending).exclude(status=Match.Status.ACTIVE):
                pending.discard(match.pk)
                self.stdout.write(self._result(match))
        if pending:
            raise CommandError(f"still playing after {opts['timeout']} s: {sorted(pending)}")

    def _result(self, match: Match) -> str:
        seats = match.seats.order_by("final_rank", "position")
        ranking = ", ".join(
            f"{s.final_rank}. {s.bot_level} (seat {s.position}): score {s.score:g}" for s in seats
        )
        rounds = match.rounds.count()
        return f"match {match.pk} {match.status} after {rounds} rounds: {ranking}"
