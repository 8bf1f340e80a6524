"""`python manage.py export_match ID`: a finished match as JSON scenarios (issue 6)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from games import history
from games.models import Match


class Command(BaseCommand):
    help = "Print a finished match: seed, players, and each round in the scenario format."

    def add_arguments(self, parser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args, match_id: int, **opts) -> None:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"there is no match {match_id}")
        if match.status != Match.Status.FINISHED:
            raise CommandError(f"match {match_id} is not finished ({match.status})")
        self.stdout.write(json.dumps(history.export(match), indent=1))
