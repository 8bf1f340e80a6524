"""The turn timer and the server's safety nets (R10, DA8, ...): timeouts, bots taking over a
seat and giving it back, stalled tables, and ending a match from outside (moderation)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match, Move

from .away import away_now, is_slow
from .errors import Conflict
from .notify import Change, after_commit, queue_server_moves
from .play import record
from .tables import deadline, locked
from .turns import mark_turns

TIMEOUTS_BEFORE_TAKEOVER = 3  # three timeouts in a row and a bot takes the seat


def sweep_timeouts(now: datetime | None = None) -> int:
    """Play for every player whose time ran out (run by Celery beat). Returns how many seats."""
    now = now or timezone.now()
    played = 0
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now)
    for match_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            match = locked(match_id)
            if not match.is_active or match.deadline is None or match.deadline > now:
                continue
            engine = match.engine
            state = engine.load(match.state)
            status = engine.status(state)
            humans = list(match.seats.filter(position__in=status.to_act, bot_level=""))
            if is_slow(match):  # time off pauses a slow table's timer (issue 21)
                away = away_now([s.user_id for s in humans], now)
                humans = [s for s in humans if s.user_id not in away]
            rng, change = random.Random(), Change()
            for seat in humans:
                for action in engine.timeout_actions(state, seat.position, rng):
                    new = engine.apply(state, action)
                    status = record(
                        match, engine, state, status, new, action, Move.Actor.TIMER, change
                    )
                    state = new
                seat.timeouts += 1
                if seat.timeouts >= TIMEOUTS_BEFORE_TAKEOVER:
                    _easiest_bot_takes_over(match, seat, change)
                seat.save(update_fields=["timeouts", "abandoned", "bot_level"])
                played += 1
            match.deadline = deadline(match, status) if match.is_active else None
            match.save(update_fields=["deadline"])
            after_commit(match, change=change)
    return played


def kick_stalled_matches(now: datetime | None = None) -> int:
    """Queue again what active matches wait for from the server when nothing happened for a
    while: a task lost with a killed worker or a Redis restart must not stall a table. Tasks
    are idempotent, so a duplicate plays nothing."""
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.KORSAREN_STALL_SECONDS)
    # A table waiting for a human has a deadline (the timer deals with it); one without waits
    # for the server: a bot or a server step.
    stalled = Match.objects.filter(
        status=Match.Status.ACTIVE, deadline__isnull=True, updated_at__lt=cutoff
    )
    return sum(queue_server_moves(pk, v) for pk, v in stalled.values_list("pk", "version"))


def take_seat_back(user: User, match_id: int) -> Match:
    """A player whose seat a bot took over plays it again."""
    with transaction.atomic():
        match = locked(match_id)
        if not match.is_active:
            raise Conflict(_("This match is not being played."))
        # A seat the timer gave to a bot, never one a bot was added to (issue 15).
        seat = match.seats.filter(user=user, abandoned=True).exclude(bot_level="").first()
        if seat is None:
            raise Conflict(_("Your seat is not played by a bot."))
        seat.bot_level = ""
        seat.abandoned = False
        seat.timeouts = 0
        seat.save(update_fields=["bot_level", "abandoned", "timeouts"])
        match.version += 1  # the table looks different now; stale pages must not act
        match.deadline = deadline(match, match.engine.status(match.engine_state))
        match.save(update_fields=["version", "deadline"])
        change = Change()
        if seat.turn_version is not None:  # it is their turn again, in their own hands
            change.turn_changes.add(user.pk)
        after_commit(match, change=change)
    return match


def _easiest_bot_takes_over(match: Match, seat, change: Change) -> None:
    """The seat is played by the game's easiest bot from now on, marked abandoned (R10), and
    the table no longer waits for its player (the caller saves the seat)."""
    seat.abandoned = True
    seat.bot_level = match.engine.bots.levels[0]
    change.turn_changes.add(seat.user_id)


def hand_seats_to_bots(user: User) -> int:
    """A banned player's running matches go on without them at once: each of their seats goes
    to the easiest bot, as a leaver's does after three timeouts (the others see the seat marked
    abandoned). Returns how many matches."""
    running = Match.objects.filter(
        status=Match.Status.ACTIVE, seats__user=user, seats__bot_level=""
    ).distinct()
    handed = 0
    for match_id in running.values_list("pk", flat=True):
        with transaction.atomic():
            match = locked(match_id)
            seats = list(match.seats.filter(user=user, bot_level=""))
            if not match.is_active or not seats:
                continue
            change = Change()
            for seat in seats:
                _easiest_bot_takes_over(match, seat, change)
                seat.save(update_fields=["abandoned", "bot_level"])
            match.version += 1  # the table looks different now; stale pages must not act
            match.deadline = deadline(match, match.engine.status(match.engine_state))
            match.save(update_fields=["version", "deadline"])
            after_commit(match, change=change)
            handed += 1
    return handed


def abort_match(match_id: int, reason: str) -> Match:
    """End a match for everyone, with a notice (moderation). Nothing is rated: an aborted match
    never counts (only finished ones do)."""
    with transaction.atomic():
        match = locked(match_id)
        if match.is_over:
            raise Conflict(_("This match is already over."))
        match.status = Match.Status.ABORTED
        match.finished_at = timezone.now()
        match.deadline = None
        match.notice = reason
        match.version += 1  # pages showing the match in play must not act on it any more
        match.save()
        change = Change()
        if match.state is not None:  # nobody's turn any more
            mark_turns(match, match.engine.status(match.engine_state), change)
        after_commit(match, lobby=True, change=change)
    return match
