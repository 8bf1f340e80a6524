"""Whose turn it is, kept on the seats (issue 21): `Seat.turn_since` and `turn_version` follow
the protocol's Status.to_act for every game, so that "waiting for you" and its count in the
header are one query, and a turn has a number to e-mail about once."""

from __future__ import annotations

from django.utils import timezone

from games.core import Status
from games.models import Match, Seat

from . import rows
from .notify import Change
from .rows import Writes


def mark_turns(
    match: Match,
    status: Status,
    change: Change,
    seats: list[Seat] | None = None,
    writes: Writes | None = None,
) -> None:
    """Bring the seats' turn markers in step with `status` (called with every change of a
    match, inside its transaction), now or with the caller's `writes`. Notes in `change` whose
    waiting changed and whose turn began, for after_commit (games/services/notify.py): their
    header counts, browser notifications and e-mails."""
    seats = list(match.seats.all()) if seats is None else seats
    waiting = set(status.to_act) if match.is_active and not status.over else set()
    now = timezone.now()
    changed = []
    for seat in seats:
        owes = seat.position in waiting
        if owes == (seat.turn_version is not None):
            continue
        seat.turn_since = now if owes else None
        seat.turn_version = match.version if owes else None
        changed.append(seat)
    if not changed:
        return
    batch = rows.Writes() if writes is None else writes
    for seat in changed:  # one or two seats a move: plain updates cost a third of bulk_update's
        batch.update(seat, ["turn_since", "turn_version"])
    if writes is None:
        batch.send()
    people = [s for s in changed if not s.is_bot_controlled]
    change.turn_changes.update(s.user_id for s in people)
    began = [s for s in people if s.turn_version is not None]
    change.turns_began.update(s.user_id for s in began)
    if began:
        from notifications.outbox import turns_began

        change.turn_emails.update(turns_began(match, began))
