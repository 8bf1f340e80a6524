"""Time off (issue 21): a player declares days away, up to a limit per year; the turn timers of
slow tables stand still for them meanwhile (the sweep plays nothing for them), fast tables'
do not, and the other players see why at the table."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import TimeOff
from games import services
from games.models import Move
from games.services import ServiceError, away
from tests.helpers import make_user

from ..games.tables import started, users_by_seat
from .helpers import FAST, SLOW, to_act

H = timedelta(hours=1)


@pytest.fixture
def pair(db):
    return make_user("anne", "anne@example.com"), make_user("bob", "bob@example.com")


def on_turn(match):
    return users_by_seat(match)[to_act(match)[0]]


def test_the_clock_stops_during_time_off():
    t0 = datetime(2026, 3, 1, tzinfo=UTC)
    periods = [(t0 + 2 * H, t0 + 5 * H), (t0 + 6 * H, t0 + 7 * H)]
    assert away.running_deadline(t0, 3600, periods) == t0 + H  # before any time off
    assert away.running_deadline(t0, 3 * 3600, periods) == t0 + 6 * H  # 2 h, pause, 1 h
    assert away.running_deadline(t0, 4 * 3600, periods) == t0 + 8 * H  # and the second pause
    assert away.running_deadline(t0 + 3 * H, 3600, periods) == t0 + 6 * H  # starts while away
    assert away.running_time(t0, t0 + 8 * H, periods) == 4 * H


def test_declaring_time_off_is_checked(pair, settings):
    anne, _ = pair
    settings.KORSAREN_TIME_OFF_DAYS_PER_YEAR = 5
    today = timezone.now().date()
    with pytest.raises(ServiceError):
        away.declare_time_off(anne, today - timedelta(days=1), today)  # the past
    with pytest.raises(ServiceError):
        away.declare_time_off(anne, today + timedelta(days=3), today + timedelta(days=2))
    far = date(today.year + 1, 3, 1)  # a year of its own, away from any new year's day
    away.declare_time_off(anne, far, far + timedelta(days=2))  # 3 days
    with pytest.raises(ServiceError):
        away.declare_time_off(anne, far + timedelta(days=2), far + timedelta(days=3))  # overlaps
    with pytest.raises(ServiceError):  # 3 + 3 days > 5 in that year
        away.declare_time_off(anne, far + timedelta(days=10), far + timedelta(days=12))
    away.declare_time_off(anne, far + timedelta(days=10), far + timedelta(days=11))  # 5 in all
    assert TimeOff.objects.filter(user=anne).count() == 2


def test_the_allowance_holds_over_any_365_days_not_per_calendar_year(pair, settings):
    """Issue 28.9: 30 days in December and 30 in January stopped a slow table's clock for 60
    days in a row. The allowance counts the days within any 365 in a row."""
    anne, _ = pair
    settings.KORSAREN_TIME_OFF_DAYS_PER_YEAR = 1
    new_years_eve = date(timezone.now().year, 12, 31)
    away.declare_time_off(anne, new_years_eve, new_years_eve)
    with pytest.raises(ServiceError, match="within 365 days"):  # the next day, another year
        away.declare_time_off(anne, new_years_eve + timedelta(days=1), new_years_eve + timedelta(1))
    assert TimeOff.objects.filter(user=anne).count() == 1


def test_days_away_are_counted_in_a_window_of_365_days():
    def days(first: date, count: int):
        start = datetime.combine(first, datetime.min.time(), tzinfo=UTC)
        return (start, start + timedelta(days=count))

    first = date(2027, 12, 2)
    assert away.most_days_in_a_year([days(first, 30), days(first + timedelta(30), 30)]) == 60
    a_year_on = first + timedelta(days=365)  # the first day has left the window
    assert away.most_days_in_a_year([days(first, 30), days(a_year_on, 1)]) == 30
    assert away.most_days_in_a_year([days(first, 30), days(a_year_on - timedelta(1), 1)]) == 31


def test_a_slow_table_waits_for_a_player_away_and_the_others_see_why(client, pair):
    anne, bob = pair
    match = started(anne, [bob], seed="away", turn_seconds=SLOW)
    player = on_turn(match)
    other = bob if player == anne else anne
    before = match.deadline
    today = timezone.now().date()
    away.declare_time_off(player, today, today + timedelta(days=2))  # from now on, 3 days
    match.refresh_from_db()
    back = datetime.combine(today + timedelta(days=3), datetime.min.time(), tzinfo=UTC)
    # The clock stopped now; it has the same time left when the player is back.
    assert abs((match.deadline - back) - (before - timezone.now())) < timedelta(seconds=5)
    # The sweep, run after the old deadline, plays nothing for the player away.
    assert services.sweep_timeouts(now=before + H) == 0
    assert not Move.objects.filter(match=match).exists()
    # The others see why the timer stands still.
    client.force_login(other)
    page = client.get(reverse("table", args=[match.pk])).content.decode()
    assert f"{player.username} is taking time off" in page
    # Only the table's other players (issue 28.10): not a watcher, nor the player away.
    assert "taking time off" not in Client().get(reverse("table", args=[match.pk])).content.decode()
    client.force_login(player)
    assert "taking time off" not in client.get(reverse("table", args=[match.pk])).content.decode()
    client.force_login(other)
    # Back early: the clock runs again, with the time it had left.
    away.end_time_off(player, TimeOff.objects.get(user=player).pk)
    match.refresh_from_db()
    assert abs(match.deadline - before) < timedelta(seconds=5)
    assert (
        "is taking time off" not in client.get(reverse("table", args=[match.pk])).content.decode()
    )


def test_a_turn_that_begins_while_away_waits_for_the_return(pair):
    anne, bob = pair
    match = started(anne, [bob], seed="later", turn_seconds=SLOW)
    player = on_turn(match)
    other = bob if player == anne else anne
    today = timezone.now().date()
    away.declare_time_off(other, today, today + timedelta(days=1))
    from .helpers import play_turn

    play_turn(match)  # now it is the other's turn, who is away for today and tomorrow
    back = datetime.combine(today + timedelta(days=2), datetime.min.time(), tzinfo=UTC)
    assert abs(match.deadline - (back + timedelta(seconds=SLOW))) < timedelta(seconds=5)


def test_a_fast_table_does_not_wait(pair):
    anne, bob = pair
    match = started(anne, [bob], seed="fast-away", turn_seconds=FAST)
    player = on_turn(match)
    away.declare_time_off(player, timezone.now().date(), timezone.now().date())
    match.refresh_from_db()
    assert match.deadline < timezone.now() + timedelta(seconds=FAST + 5)
    assert services.sweep_timeouts(now=match.deadline + timedelta(seconds=1)) == 1


def test_the_time_off_page(client, pair):
    anne, _ = pair
    client.force_login(anne)
    assert client.get(reverse("time_off")).status_code == 200
    first = timezone.now().date() + timedelta(days=7)
    response = client.post(reverse("time_off"), {"first": first, "last": first + timedelta(days=1)})
    assert response.status_code == 302
    page = client.get(reverse("time_off")).content.decode()
    assert "within any 365 days" in page and "Cancel" in page
    row = TimeOff.objects.get(user=anne)
    client.post(reverse("time_off_end", args=[row.pk]))
    assert not TimeOff.objects.filter(user=anne).exists()
    # Bad input: a clear error, nothing stored.
    response = client.post(reverse("time_off"), {"first": first, "last": first - timedelta(days=1)})
    assert response.status_code == 200 and "cannot come before" in response.content.decode()
    assert not TimeOff.objects.filter(user=anne).exists()


def test_the_sweep_skips_a_player_away_even_past_the_deadline(pair):
    anne, bob = pair
    match = started(anne, [bob], seed="net", turn_seconds=SLOW)
    player = on_turn(match)
    TimeOff.objects.create(  # declared behind the services' back: the deadline did not move
        user=player, starts_at=timezone.now() - H, ends_at=timezone.now() + 24 * H
    )
    match.deadline = timezone.now() - timedelta(seconds=1)
    match.save(update_fields=["deadline"])
    assert services.sweep_timeouts() == 0
    assert not Move.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.deadline > timezone.now() + 24 * H  # a turn's time after the return
