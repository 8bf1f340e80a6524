"""Issue 18's polish list: the smaller things a new player or a moderator tripped over."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import formats, translation

from accounts.adapter import ban_message
from games.charts import line_chart
from korsaren_site.celery import QuietPeriodicTasks
from tests.games.tables import open_table, started
from tests.helpers import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_english_dates_read_the_same_in_britain_and_the_us_and_the_ban_notice_reads_well():
    when = datetime(2026, 11, 25, 13, 42, tzinfo=UTC)
    with translation.override("en"):
        assert formats.date_format(when, "DATETIME_FORMAT") == "25 Nov 2026, 13:42"
        user = make_user("mallory", "m@example.com", banned_at=when, banned_until=when)
        user.ban_reason = "Spam"
        assert (
            ban_message(user)
            == "Your account is banned until 25 Nov 2026, 13:42 (UTC). Reason: Spam"
        )


def test_emails_greet_from_the_sites_name_not_its_host(client, settings):
    settings.SITE_NAME = "Korsaren Online"
    client.post(
        reverse("account_signup"),
        {"username": "newbie", "email": "newbie@example.com", "password1": PASSWORD,
         "password2": PASSWORD},
    )  # fmt: skip
    (message,) = mail.outbox
    assert "Korsaren Online" in message.body and "testserver" not in message.body.split("\n")[0]


def test_the_turn_timer_task_does_not_flood_the_run_log():
    quiet = QuietPeriodicTasks()

    def record(msg, args, level=logging.INFO):
        return logging.LogRecord("celery.app.trace", level, "", 0, msg, args, None)

    assert not quiet.filter(
        record("Task %(name)s[%(id)s] received", {"name": "games.tasks.sweep_timeouts", "id": "1"})
    )
    assert not quiet.filter(
        record(
            "Scheduler: Sending due task %s (%s)",
            ("sweep-turn-timers", "games.tasks.sweep_timeouts"),
        )
    )
    for line in ("Task %s[%s] received", "Task %s[%s] succeeded in %ss: %s"):
        args = ("notifications.tasks.send_turn_emails", "3", 0.01, 0)
        assert not quiet.filter(record(line, args[: line.count("%s")]))
    assert quiet.filter(record("Task %s[%s] received", ("games.tasks.play_bot_turn", "2")))
    assert quiet.filter(record("Task %s failed", ("games.tasks.sweep_timeouts",), logging.ERROR))
    for name in ("celery.beat", "celery.worker.strategy", "celery.app.trace"):
        assert any(isinstance(f, QuietPeriodicTasks) for f in logging.getLogger(name).filters)


def test_charts_mark_round_values_and_label_the_rounds():
    chart = line_chart(
        [("Anne", [0, 7, 26]), ("Bob", [0, 3, 9])], ["start", "1", "3"], "after round"
    )
    assert [t["label"] for t in chart["y_ticks"]] == ["0", "10", "20", "30"]
    assert [t["label"] for t in chart["x_ticks"]] == ["start", "1", "3"]
    assert chart["x_title"] == "after round"


def test_verify_opened_directly_leads_to_the_record(client):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    response = client.get(reverse("match_verify", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("match_detail", args=[match.pk]) + "#deal-heading"


def test_a_full_open_table_says_so_to_everyone(client):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = open_table(anne, [bob], seats=2)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "This table is full" in page and "Sign in to join" not in page
    assert "waiting for everyone to sit down" not in page
    client.login(username="anne", password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "every seat is taken" in page and "Add bot" not in page and "Start" in page


def test_the_report_form_says_what_is_reported_and_can_be_cancelled(client):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    client.login(username="anne", password=PASSWORD)
    page = client.get(reverse("report_new"), {"user": bob.pk, "match": match.pk}).content.decode()
    assert f"a player at table {match.pk}" in page
    assert f'href="{match.get_absolute_url()}"' in page and "Cancel" in page


def test_the_leaderboard_tells_a_newcomer_how_far_they_are(client):
    make_user("anne", "a@example.com")
    client.login(username="anne", password=PASSWORD)
    page = client.get(reverse("leaderboard")).content.decode()
    assert "You have finished 0 rated matches of the" in page


def test_the_admin_is_ours_and_its_confirmations_ask_only_what_they_need(client):
    make_user("staff", "s@example.com", is_staff=True, is_superuser=True)
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    client.login(username="staff", password=PASSWORD)
    index = client.get(reverse("admin:index")).content.decode()
    assert "Korsaren Online administration" in index and "Django administration" not in index
    assert index.count(">Accounts<") <= 1 and ">Players<" in index
    page = client.get(reverse("admin:games_match_change", args=[match.pk])).content.decode()
    assert "{&#x27;" not in page and "{'" not in page  # moves as JSON, not Python dicts
    ask = client.post(
        reverse("admin:games_match_changelist"),
        {"action": "abort", "_selected_action": [match.pk]},
    ).content.decode()
    assert "Reason" in ask and "Days (for a mute)" not in ask and "Cancel" in ask


def test_chart_coordinates_are_not_written_the_viewers_way():
    """A German page wrote "190,0" for 190.0: every label sat at 0."""
    import re

    from django.template.loader import render_to_string

    chart = line_chart([("Anne", [0, 7, 26])], ["start", "1", "2"])
    with translation.override("de"):
        html = render_to_string("games/partials/line_chart.html", {"chart": chart})
    assert not re.search(r'\b[xy]1?="\d+,\d', html)


def test_the_match_page_numbers_its_ranking_once_and_links_the_players(client):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    match.seats.filter(user=anne).update(final_rank=1)
    match.seats.filter(user=bob).update(final_rank=2)
    match.status = "finished"
    match.save()
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert '<li value="1">' in page and "1. " not in page
    assert f'href="{reverse("player", args=["bob"])}"' in page
