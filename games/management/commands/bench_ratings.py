"""`python manage.py bench_ratings [--matches 100000]`: how fast `recompute_ratings` is.

A benchmark, run by hand (not a test): it creates synthetic finished rated matches among a
pool of players inside a transaction, recomputes every rating, prints the throughput, and
rolls everything back, leaving the database as it was.
"""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import ratings
from games.management.commands.recompute_ratings import progress_bar
from games.models import Match, Seat


class Rollback(Exception):
    pass


class Command(BaseCommand):
    help = "Benchmark recomputing ratings over synthetic matches (rolled back afterwards)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--matches", type=int, default=100_000)
        parser.add_argument("--players", type=int, default=2000)

    def handle(self, *args, **opts) -> None:
        try:
            with transaction.atomic():
                self._run(opts["matches"], opts["players"])
                raise Rollback
        except Rollback:
            self.stdout.write("(synthetic data rolled back)")

    def _run(self, n_matches: int, n_players: int) -> None:
        rng = random.Random(1)
        t0 = time.monotonic()
        users = User.objects.bulk_create(
            User(username=f"bench-{i}", password="!") for i in range(n_players)
        )
        now = timezone.now()
        for start in range(0, n_matches, 5000):
            count = min(5000, n_matches - start)
            sizes = [rng.choice((2, 3, 4)) for _ in range(count)]
            matches = Match.objects.bulk_create(
                Match(
                    created_by=users[0],
                    game="korsaren",
                    status=Match.Status.FINISHED,
                    seat_count=size,
                    rated=True,
                    finished_at=now,
                )
                for size in sizes
            )
            seats = []
            for match, size in zip(matches, sizes, strict=True):
                players = rng.sample(users, size)
                penalties = [rng.randrange(0, 40) for _ in players]
                for position, (user, p) in enumerate(zip(players, penalties, strict=True)):
                    rank = 1 + sum(q < p for q in penalties)
                    seats.append(
                        Seat(
                            match=match,
                            position=position,
                            user=user,
                            final_rank=rank,
                            score=p,
                        )  # fmt: skip
                    )
            Seat.objects.bulk_create(seats, batch_size=5000)
        took = time.monotonic() - t0
        self.stdout.write(f"created {n_matches} matches among {n_players} players in {took:.1f} s")
        t1 = time.monotonic()
        ratings.recompute(progress=progress_bar(self.stderr))
        seconds = time.monotonic() - t1
        self.stdout.write(
            f"recompute_ratings: {n_matches} matches in {seconds:.1f} s "
            f"= {n_matches / seconds:.0f} matches/s"
        )
