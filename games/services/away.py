"""Time off (issue 21): the days a player declared away pause the turn timers of slow tables
for them. The clock of a turn only runs while none of the players it waits for is away: a
deadline is the turn's time counted outside their time off."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import TimeOff, User
from games.models import Match, Seat

from .errors import ServiceError
from .notify import refresh_table
from .tables import locked

Period = tuple[datetime, datetime]


def is_slow(match: Match) -> bool:
    """A slow (correspondence) table: its turn timer is at least KORSAREN_SLOW_TURN_SECONDS."""
    return match.turn_seconds >= settings.KORSAREN_SLOW_TURN_SECONDS


def periods_of(user_ids, since: datetime) -> list[Period]:
    """The time off of these players that has not ended by `since`, merged, in order."""
    rows = TimeOff.objects.filter(user_id__in=list(user_ids), ends_at__gt=since)
    merged: list[list[datetime]] = []
    for start, end in sorted(rows.values_list("starts_at", "ends_at")):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(a, b) for a, b in merged]


def running_deadline(start: datetime, seconds: float, periods: list[Period]) -> datetime:
    """When `seconds` of clock time have run from `start`, the clock stopped in `periods`."""
    left = timedelta(seconds=seconds)
    at = start
    for a, b in periods:
        if b <= at:
            continue
        if a > at:
            if at + left <= a:
                break
            left -= a - at
        at = max(at, b)
    return at + left


def running_time(start: datetime, end: datetime, periods: list[Period]) -> timedelta:
    """The clock time between `start` and `end` outside `periods`."""
    total = max(end - start, timedelta(0))
    for a, b in periods:
        overlap = min(b, end) - max(a, start)
        if overlap > timedelta(0):
            total -= overlap
    return total


def away_now(user_ids, now: datetime | None = None) -> set[int]:
    """Which of these players are away now."""
    now = now or timezone.now()
    rows = TimeOff.objects.filter(user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now)
    return set(rows.values_list("user_id", flat=True))


# --- Declaring and ending time off ------------------------------------------------------------


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.get_current_timezone())


YEAR = timedelta(days=365)


def most_days_in_a_year(periods) -> int:
    """The most calendar days (UTC) that these (start, end) periods touch within any 365 days
    in a row (issue 28.9: per calendar year, 30 days in December and 30 in January made 60 in
    a row)."""
    days = set()
    for start, end in periods:
        day = start.date()
        last = (end - timedelta(microseconds=1)).date()
        while day <= last:
            days.add(day)
            day += timedelta(days=1)
    ordered, most, first = sorted(days), 0, 0
    for i, day in enumerate(ordered):  # a window of 365 days ending on each day away
        while day - ordered[first] >= YEAR:
            first += 1
        most = max(most, i - first + 1)
    return most


def declare_time_off(user: User, first: date, last: date) -> TimeOff:
    """Away from the first to the last day (inclusive, UTC). At most
    KORSAREN_TIME_OFF_DAYS_PER_YEAR days within any 365 days; never in the past, never over
    another declared period."""
    now = timezone.now()
    if last < first:
        raise ServiceError(_("The last day cannot come before the first."))
    if first < now.date():
        raise ServiceError(_("Time off cannot begin in the past."))
    if last > now.date() + timedelta(days=366):
        raise ServiceError(_("Time off can be declared at most a year ahead."))
    starts_at = max(_midnight(first), now)
    ends_at = _midnight(last + timedelta(days=1))
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)  # one declaration at a time
        existing = list(
            TimeOff.objects.filter(user=user, ends_at__gt=now).values_list("starts_at", "ends_at")
        )
        if any(a < ends_at and starts_at < b for a, b in existing):
            raise ServiceError(_("You have already declared time off on some of these days."))
        limit = settings.KORSAREN_TIME_OFF_DAYS_PER_YEAR
        # Only periods that can share 365 days with the new one count.
        nearby = TimeOff.objects.filter(
            user=user, ends_at__gt=starts_at - YEAR, starts_at__lt=ends_at + YEAR
        )
        everything = [*nearby.values_list("starts_at", "ends_at"), (starts_at, ends_at)]
        if most_days_in_a_year(everything) > limit:
            raise ServiceError(
                _("That is more than %(limit)d days of time off within 365 days.")
                % {"limit": limit}
            )
        return _change_time_off(
            user, lambda: TimeOff.objects.create(user=user, starts_at=starts_at, ends_at=ends_at)
        )


def end_time_off(user: User, time_off_id: int) -> None:
    """Cancel declared time off, or end the current one now (the player is back)."""
    now = timezone.now()
    with transaction.atomic():
        row = TimeOff.objects.select_for_update().filter(user=user, pk=time_off_id).first()
        if row is None or row.ends_at <= now:
            raise ServiceError(_("There is no such time off to end."))

        def change() -> None:
            if row.starts_at >= now:
                row.delete()
            else:
                row.ends_at = now
                row.save(update_fields=["ends_at"])

        _change_time_off(user, change)


def _change_time_off(user: User, change):
    """Make the change, moving the deadlines of the player's slow tables waiting for them so
    that their clocks have the same time left outside everyone's time off, and show the tables'
    players why (games/rendering.py)."""
    now = timezone.now()
    seats = Seat.objects.filter(
        user=user,
        match__status=Match.Status.ACTIVE,
        match__turn_seconds__gte=settings.KORSAREN_SLOW_TURN_SECONDS,
    )
    match_ids = sorted(set(seats.values_list("match_id", flat=True)))
    matches = [locked(pk) for pk in match_ids]
    before = {m.pk: periods_of(_waited_for(m), now) for m in matches}
    result = change()
    for match in matches:
        if match.deadline is not None and user.pk in _waited_for(match):
            left = running_time(now, match.deadline, before[match.pk])
            match.deadline = running_deadline(
                now, left.total_seconds(), periods_of(_waited_for(match), now)
            )
            match.save(update_fields=["deadline"])
        refresh_table(match.pk)
    return result


def _waited_for(match: Match) -> set[int]:
    """The people whose turn it is at this table (not a bot playing a seat)."""
    return set(
        match.seats.filter(turn_version__isnull=False, bot_level="").values_list(
            "user_id", flat=True
        )
    )
