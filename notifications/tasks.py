"""Celery tasks of the notifications: the "your turn" e-mails (issue 21)."""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.conf import settings

from notifications import emails


@shared_task(
    acks_late=True,
    autoretry_for=(smtplib.SMTPException, OSError),  # the mail server is down or refused
    retry_backoff=10,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=10,
)
def send_turn_emails(user_id: int) -> int:
    """One e-mail with every waiting table of this player not mailed yet."""
    return emails.send_turn_emails(user_id)


@shared_task
def send_pending_turn_emails() -> int:
    """Beat's safety net: e-mails whose task was lost (a broker outage, a killed worker)."""
    users = emails.pending_users(settings.KORSAREN_TURN_EMAIL_DELAY_SECONDS + 300)
    for user_id in users:
        send_turn_emails.delay(user_id)
    return len(users)
