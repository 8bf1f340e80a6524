"""E-mails when it becomes your turn at a slow table (issue 21): exactly one per table and
turn, queued after the move commits, none at a fast table or when switched off, batched, in the
recipient's language with the site's name, a one-click unsubscribe link for its recipient only,
and retried when the mail server fails, without touching the move."""

from __future__ import annotations

import smtplib
import time
from unittest import mock

import pytest
from celery.contrib.testing.worker import start_worker
from django.core import mail, signing
from django.core.mail.backends.locmem import EmailBackend
from django.urls import reverse

from games.models import Match
from korsaren_site.celery import app
from notifications import emails, tasks
from notifications.models import TurnEmail
from tests.helpers import link_in, make_user

from ..games.tables import started, users_by_seat
from .helpers import FAST, SLOW, play_turn, to_act


@pytest.fixture
def pair(db):
    return make_user("anne", "anne@example.com"), make_user("bob", "bob@example.com")


def on_turn(match: Match):
    return users_by_seat(match)[to_act(match)[0]]


def test_a_move_at_a_slow_table_queues_exactly_one_email_to_the_next_player(
    pair, django_capture_on_commit_callbacks, settings
):
    settings.SITE_NAME = "Pirate Tables"
    anne, bob = pair
    match = started(anne, [bob], seed="mail", turn_seconds=SLOW)
    TurnEmail.objects.all().delete()  # the start's own e-mail (the first turn): not this test's
    with (
        mock.patch.object(tasks.send_turn_emails, "apply_async") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        mover = play_turn(match)
    nxt = on_turn(match)
    assert nxt != mover
    rows = list(TurnEmail.objects.all())
    assert [(r.user_id, r.match_id, r.version) for r in rows] == [(nxt.pk, match.pk, match.version)]
    assert [c.args[0] for c in queued.call_args_list] == [(nxt.pk,)]  # after the commit
    assert emails.send_turn_emails(nxt.pk) == 1
    assert emails.send_turn_emails(nxt.pk) == 0  # at most one per table and turn
    (message,) = mail.outbox
    assert message.to == [nxt.email]
    assert message.from_email.startswith("Pirate Tables <")
    assert "Pirate Tables" in message.subject and "Pirate Tables" in message.body
    assert f"/tables/{match.pk}/" in message.body
    assert message.extra_headers["List-Unsubscribe"].startswith("<http")


def test_the_first_turn_of_a_slow_match_is_mailed_too(pair, django_capture_on_commit_callbacks):
    anne, bob = pair
    with (
        mock.patch.object(tasks.send_turn_emails, "apply_async") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        match = started(anne, [bob], seed="first", turn_seconds=SLOW)
    assert [c.args[0] for c in queued.call_args_list] == [(on_turn(match).pk,)]


def test_no_email_at_a_fast_table(pair, django_capture_on_commit_callbacks):
    anne, bob = pair
    match = started(anne, [bob], seed="fast", turn_seconds=FAST)
    with (
        mock.patch.object(tasks.send_turn_emails, "apply_async") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_turn(match)
        play_turn(match)
    assert not TurnEmail.objects.exists()
    assert not queued.called


def test_no_email_when_switched_off(pair, django_capture_on_commit_callbacks):
    anne, bob = pair
    for user in pair:
        user.email_on_turn = False
        user.save()
    match = started(anne, [bob], seed="off", turn_seconds=SLOW)
    with (
        mock.patch.object(tasks.send_turn_emails, "apply_async") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_turn(match)
        play_turn(match)
    assert not TurnEmail.objects.exists()
    assert not queued.called


def test_switched_off_meanwhile_or_played_meanwhile_sends_nothing(pair):
    anne, bob = pair
    match = started(anne, [bob], seed="meanwhile", turn_seconds=SLOW)
    first = on_turn(match)
    play_turn(match)  # the first turn was played before its e-mail went: nothing to say
    assert emails.send_turn_emails(first.pk) == 0
    second = on_turn(match)
    second.email_on_turn = False
    second.save()
    assert emails.send_turn_emails(second.pk) == 0
    assert not mail.outbox
    assert set(TurnEmail.objects.values_list("outcome", flat=True)) == {"skipped"}


def test_several_waiting_tables_make_one_email(pair):
    anne, bob = pair
    cleo = make_user("cleo", "cleo@example.com")
    tables = [
        started(anne, [other], seed=f"batch{i}", turn_seconds=SLOW)
        for i, other in enumerate((bob, cleo, bob))
    ]
    for match in tables:
        if on_turn(match) != anne:
            play_turn(match)
    assert emails.send_turn_emails(anne.pk) == 3
    (message,) = mail.outbox
    assert "3" in message.subject
    for match in tables:
        assert f"/tables/{match.pk}/" in message.body


def test_the_email_is_in_the_recipients_language(pair):
    anne, bob = pair
    bob.preferred_language = "de"
    bob.save()
    match = started(anne, [bob], seed="lang", turn_seconds=SLOW)
    if on_turn(match) != bob:
        play_turn(match)
    emails.send_turn_emails(bob.pk)
    (message,) = mail.outbox
    assert "Du bist" in message.subject or "Tisch" in message.subject
    assert "Tisch" in message.body
    assert "Your turn" not in message.subject


def test_the_unsubscribe_link_works_without_login_and_only_for_its_recipient(client, pair):
    anne, bob = pair
    match = started(anne, [bob], seed="unsub", turn_seconds=SLOW)
    user = on_turn(match)
    other = bob if user == anne else anne
    emails.send_turn_emails(user.pk)
    link = link_in(mail.outbox[0].body, "/notifications/unsubscribe/")
    # Another user's id with this token: refused, nothing changes.
    forged = link.replace(f"/unsubscribe/{user.pk}/", f"/unsubscribe/{other.pk}/")
    assert client.get(forged).status_code == 400
    assert client.get(link[:-3] + "xy/").status_code == 400  # a tampered signature
    # A token signed for another purpose (another salt), for this very user: refused.
    other_purpose = signing.dumps({"u": user.pk}, salt="accounts.something-else", compress=True)
    assert client.get(reverse("unsubscribe", args=[user.pk, other_purpose])).status_code == 400
    other.refresh_from_db()
    user.refresh_from_db()
    assert other.email_on_turn and user.email_on_turn
    # The recipient's own link, signed in as nobody: opening it (as a mail scanner does)
    # only asks (issue 28.11); its button switches the e-mails off.
    response = client.get(link)
    assert response.status_code == 200 and "Stop these e-mails" in response.content.decode()
    user.refresh_from_db()
    assert user.email_on_turn
    client.post(link, {"unsubscribe": "1"})
    user.refresh_from_db()
    assert not user.email_on_turn
    # A mail client's RFC 8058 one-click POST works too, and the page's button undoes it.
    client.post(link, {"resubscribe": "1"})
    user.refresh_from_db()
    assert user.email_on_turn
    client.post(link, {"List-Unsubscribe": "One-Click"})
    user.refresh_from_db()
    assert not user.email_on_turn


def test_an_unsubscribe_link_expires(client, pair, monkeypatch):
    """Issue 28.11: the token carries its date; after UNSUBSCRIBE_DAYS it changes nothing."""
    import time

    anne, _ = pair
    link = reverse("unsubscribe", args=[anne.pk, emails.unsubscribe_token(anne)])
    later = time.time() + emails.UNSUBSCRIBE_DAYS * 86400 + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    assert client.post(link, {"unsubscribe": "1"}).status_code == 400
    anne.refresh_from_db()
    assert anne.email_on_turn


def test_the_profile_switches_the_notifications(client, pair):
    anne, _ = pair
    client.force_login(anne)
    page = client.get(reverse("profile_edit")).content.decode()
    assert "data-ask-notify" in page  # the browser asks only when the box is ticked
    client.post(
        reverse("profile_edit"),
        {"display_name": "", "preferred_language": "", "browser_notifications": "on"},
    )
    anne.refresh_from_db()
    assert anne.browser_notifications and not anne.email_on_turn


class FlakySMTP(EmailBackend):
    """The mail server refuses the first two attempts."""

    attempts = 0

    def send_messages(self, messages):
        FlakySMTP.attempts += 1
        if FlakySMTP.attempts <= 2:
            raise smtplib.SMTPServerDisconnected("the server went away")
        return super().send_messages(messages)


@pytest.mark.django_db(transaction=True)
def test_a_failed_send_is_retried_by_the_worker_and_never_touches_the_move(settings):
    settings.EMAIL_BACKEND = f"{__name__}.FlakySMTP"
    FlakySMTP.attempts = 0
    anne, bob = make_user("anne", "anne@example.com"), make_user("bob", "bob@example.com")
    match = started(anne, [bob], seed="retry", turn_seconds=SLOW)
    user = on_turn(match)
    with mock.patch.object(tasks.send_turn_emails, "retry_backoff", 0, create=True):
        app.control.purge()
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            tasks.send_turn_emails.delay(user.pk)
            end = time.monotonic() + 30
            while time.monotonic() < end and not mail.outbox:
                time.sleep(0.1)
    assert FlakySMTP.attempts == 3
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [user.email]
    assert TurnEmail.objects.get(user=user).outcome == "sent"
    match.refresh_from_db()
    assert match.is_active and match.version == 0  # the move that began the turn stands
