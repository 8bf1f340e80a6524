"""What every write shares: the locked match row and the turn timer."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import Status
from games.models import Match

from . import rows
from .errors import NotFound


def locked(match_id: int, with_seats: bool = False) -> Match:
    """The match, its row locked until the transaction ends: every change of a match goes
    through here, one at a time. `with_seats` reads the seats along (for a move: whose seat,
    whose timer, which bots to wake) with their players, as a table read has them (the
    sockets of this process then show the committed match without reading it again:
    selectors.table_after); only for callers that don't add or remove seats."""
    try:
        if with_seats:  # the move's path: its SQL written out (rows.py)
            match = rows.lock_match(int(match_id))
        else:
            match = Match.objects.select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        match = None
    if match is None:
        raise NotFound(_("There is no such table."))
    return match


def deadline(match: Match, status: Status) -> datetime | None:
    """The turn timer runs while the game waits for a human (R10, DA8...); at a slow table
    it stops while one of them is away (time off, games/services/away.py)."""
    if status.over or not status.to_act:
        return None
    humans = [
        s.user_id for s in match.seats.all() if s.position in status.to_act and not s.bot_level
    ]
    if not humans:
        return None
    now = timezone.now()
    from .away import is_slow, periods_of, running_deadline

    if is_slow(match):
        return running_deadline(now, match.turn_seconds, periods_of(humans, now))
    return now + timedelta(seconds=match.turn_seconds)
