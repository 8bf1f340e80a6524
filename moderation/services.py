"""Moderation actions. Each changes what it must through the owning app's services and is
recorded as a ModerationAction (who, what, when, why)."""

from __future__ import annotations

from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from accounts import services as accounts
from accounts.models import User
from games import ratings
from games import services as games
from games.models import ChatMessage, Match
from moderation.models import ModerationAction, Report, SiteMute

Kind = ModerationAction.Kind


def record(
    actor: User, kind: str, reason: str = "", *, user=None, match=None, **details
) -> ModerationAction:
    return ModerationAction.objects.create(
        actor=actor, kind=kind, reason=reason, target_user=user, target_match=match, details=details
    )


def ban(actor: User, user: User, reason: str, until: datetime | None = None) -> None:
    """Deactivate the account (its sessions stop authenticating at once: Django refuses inactive
    users), close its open sockets and give its seats in running matches to bots."""
    with transaction.atomic():
        accounts.ban_user(user, reason=reason, until=until)
        games.hand_seats_to_bots(user)
        record(actor, Kind.BAN, reason, user=user, until=until.isoformat() if until else None)
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(games.user_group(user.pk), {"type": "account.banned"})


def unban(actor: User, user: User) -> None:
    with transaction.atomic():
        accounts.unban_user(user)
        record(actor, Kind.UNBAN, user=user)


def abort_match(actor: User, match: Match, reason: str) -> None:
    with transaction.atomic():
        games.abort_match(match.pk, reason)
        record(actor, Kind.ABORT_MATCH, reason, match=match)


def void_ratings(actor: User, match: Match, reason: str) -> int:
    """Revert a match's rating changes: it no longer counts, and every rating is recomputed."""
    with transaction.atomic():
        affected = list(match.rating_changes.values_list("user_id", flat=True))
        Match.objects.filter(pk=match.pk).update(ratings_voided=True)
        recomputed = ratings.recompute()
        record(actor, Kind.VOID_RATINGS, reason, match=match, players=affected)
    return recomputed


def mute(actor: User, user: User, until: datetime, reason: str) -> SiteMute:
    with transaction.atomic():
        site_mute = SiteMute.objects.create(user=user, until=until, reason=reason, created_by=actor)
        record(actor, Kind.MUTE, reason, user=user, until=until.isoformat())
    return site_mute


def chat_muted_until(user: User) -> datetime | None:
    mute = SiteMute.objects.filter(user=user, until__gt=timezone.now()).order_by("-until").first()
    return mute.until if mute else None


def hide_message(actor: User, message: ChatMessage, reason: str) -> None:
    with transaction.atomic():
        ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
        record(actor, Kind.HIDE_MESSAGE, reason, user=message.user, match=message.match,
               message=message.pk)  # fmt: skip
    games.notify_chat(message.match_id)


def file_report(reporter: User, *, reported: User, reason: str, match=None, message=None) -> Report:
    """A player's report, with the chat around it as it was then (for the moderators)."""
    context = []
    if match is not None:
        lines = match.chat_messages.select_related("user").order_by("-created_at", "-id")
        if message is not None:
            lines = lines.filter(created_at__lte=message.created_at)
        context = [
            {"id": m.pk, "user": m.user.username, "text": m.text, "at": m.created_at.isoformat()}
            for m in reversed(lines[:20])
        ]
    return Report.objects.create(
        reporter=reporter,
        reported=reported,
        match=match,
        message=message,
        reason=reason,
        context=context,
    )


def resolve_report(actor: User, report: Report, resolution: str) -> None:
    with transaction.atomic():
        report.status = Report.Status.RESOLVED
        report.resolved_by = actor
        report.resolved_at = timezone.now()
        report.resolution = resolution
        report.save()
        record(actor, Kind.RESOLVE_REPORT, resolution, user=report.reported, match=report.match,
               report=report.pk)  # fmt: skip
