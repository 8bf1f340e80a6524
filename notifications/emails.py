"""The "your turn" e-mail (issue 21): one per player listing every slow table that waits for
them and was not mailed yet, in the player's language, from and signed by the site's name,
with a one-click unsubscribe link that needs no login."""

from __future__ import annotations

import logging
from datetime import timedelta
from email.utils import formataddr, parseaddr

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from accounts.models import User
from games.models import Match, Seat
from games.seat_names import names_of_seats
from games.services.away import away_now

from .models import TurnEmail

log = logging.getLogger(__name__)

# Signed per purpose: a token made for anything else (another salt) is worth nothing here.
UNSUBSCRIBE_SALT = "notifications.unsubscribe.turn-emails"


# A link works this long after its e-mail was sent (the token carries its date: signing.dumps
# signs with a timestamp), then the player changes their e-mails in their profile.
UNSUBSCRIBE_DAYS = 60


def unsubscribe_token(user: User) -> str:
    return signing.dumps({"u": user.pk}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_url(user: User) -> str:
    path = reverse("unsubscribe", args=[user.pk, unsubscribe_token(user)])
    return f"{settings.SITE_URL}{path}"


def token_user(user_id: int, token: str) -> User | None:
    """The user this unsubscribe link was made for, if it is theirs (never another's) and not
    older than UNSUBSCRIBE_DAYS."""
    try:
        payload = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=UNSUBSCRIBE_DAYS * 86400)
    except signing.BadSignature:  # SignatureExpired is one
        return None
    if not isinstance(payload, dict) or payload.get("u") != user_id:
        return None
    return User.objects.filter(pk=user_id, deleted_at__isnull=True).first()


def sender() -> str:
    """The site's name with the configured address (never the host's name)."""
    return formataddr((settings.SITE_NAME, parseaddr(settings.DEFAULT_FROM_EMAIL)[1]))


def _still_waiting(row: TurnEmail) -> bool:
    """Whether the turn the row is about still waits for the player, in their own hands."""
    return Seat.objects.filter(
        match_id=row.match_id,
        user_id=row.user_id,
        turn_version=row.version,
        bot_level="",
        match__status=Match.Status.ACTIVE,
    ).exists()


def send_turn_emails(user_id: int) -> int:
    """Send the player one e-mail about every table whose turn waits for them and has not been
    mailed; rows whose turn was played meanwhile, or while the player is away or has switched
    the e-mails off, are skipped. Returns the number of tables mailed. An SMTP error raises
    (the task retries) and leaves the rows pending: nothing is marked sent that was not."""
    with transaction.atomic():
        # Locked: two tasks for one player (tables whose turns began together) send one e-mail.
        rows = list(
            TurnEmail.objects.select_for_update()
            .filter(user_id=user_id, outcome=TurnEmail.Outcome.PENDING)
            .order_by("created_at", "pk")
        )
        if not rows:
            return 0
        user = User.objects.get(pk=user_id)
        wanted = (
            user.email_on_turn
            and user.email
            and user.is_active
            and not user.deleted_at
            and user.pk not in away_now([user.pk])
        )
        due = [r for r in rows if wanted and _still_waiting(r)]
        skipped = [r.pk for r in rows if r not in due]
        TurnEmail.objects.filter(pk__in=skipped).update(outcome=TurnEmail.Outcome.SKIPPED)
        if not due:
            return 0
        message(user, [r.match for r in due]).send()
        TurnEmail.objects.filter(pk__in=[r.pk for r in due]).update(
            outcome=TurnEmail.Outcome.SENT, sent_at=timezone.now()
        )
    log.info("turn e-mail to user %s: %d table(s)", user_id, len(due))
    return len(due)


def message(user: User, matches: list[Match]) -> EmailMessage:
    """The e-mail itself, in the player's language (their profile's, else the site's)."""
    language = user.preferred_language or settings.LANGUAGE_CODE
    with translation.override(language):
        tables = []
        for match in matches:
            names = names_of_seats(match.seats.select_related("user"))
            mine = {s.position for s in match.seats.all() if s.user_id == user.pk}
            others = [name for p, name in sorted(names.items()) if p not in mine]
            tables.append(
                {
                    "match": match,
                    "game": match.presenter.name,
                    "others": others,
                    "url": f"{settings.SITE_URL}{match.get_absolute_url()}",
                    "hours_left": _hours_left(match),
                }
            )
        unsubscribe = unsubscribe_url(user)
        context = {
            "site_name": settings.SITE_NAME,
            "name": user.public_name,
            "tables": tables,
            "waiting_url": f"{settings.SITE_URL}{reverse('waiting')}",
            "profile_url": f"{settings.SITE_URL}{reverse('profile_edit')}",
            "unsubscribe_url": unsubscribe,
        }
        n = len(tables)
        if n == 1:
            subject = gettext("Your turn at table %(table)s") % {"table": matches[0].pk}
        else:
            subject = ngettext("Your turn at %(n)d table", "Your turn at %(n)d tables", n) % {
                "n": n
            }
        body = render_to_string("notifications/turn_email.txt", context)
    return EmailMessage(
        subject=f"[{settings.SITE_NAME}] {subject}",
        body=body,
        from_email=sender(),
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",  # RFC 8058
        },
    )


def _hours_left(match: Match) -> int | None:
    if match.deadline is None:
        return None
    return max(0, int((match.deadline - timezone.now()).total_seconds() // 3600))


def pending_users(older_than_seconds: float) -> list[int]:
    """Players with e-mails still pending longer than the countdown: their task was lost."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    rows = TurnEmail.objects.filter(outcome=TurnEmail.Outcome.PENDING, created_at__lt=cutoff)
    return sorted(set(rows.values_list("user_id", flat=True)))
