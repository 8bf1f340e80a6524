"""E-mails to write when a turn begins at a slow table (issue 21): rows of the outbox, stored
with the move; after the commit a task sends them (notifications.tasks)."""

from __future__ import annotations

from accounts.models import User
from games.models import Match, Seat

from .models import TurnEmail


def turns_began(match: Match, seats: list[Seat]) -> list[int]:
    """The turn of these (human-played) seats began at `match.version`: one e-mail each at a
    slow table, for the players who want them. Never at a fast table. Returns whom to e-mail
    once the change is committed."""
    from games.services.away import is_slow

    if not is_slow(match):
        return []
    wanted = User.objects.filter(
        pk__in=[s.user_id for s in seats],
        email_on_turn=True,
        is_active=True,
        is_bot=False,
        deleted_at__isnull=True,
    ).exclude(email="")
    users = list(wanted.values_list("pk", flat=True))
    TurnEmail.objects.bulk_create(
        [TurnEmail(user_id=u, match=match, version=match.version) for u in users],
        ignore_conflicts=True,
    )
    return users
