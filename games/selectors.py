"""Reads for pages and sockets (the write side is games/services.py)."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from accounts.models import User
from games.models import Match, Seat


def _with_seats(qs: QuerySet[Match]) -> QuerySet[Match]:
    return qs.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def open_public_tables() -> QuerySet[Match]:
    return _with_seats(
        Match.objects.filter(status=Match.Status.OPEN, private=False)
        .select_related("created_by")
        .annotate(taken=Count("seats"))
        .order_by("-created_at")
    )


def live_public_matches(limit: int = 20) -> QuerySet[Match]:
    return _with_seats(
        Match.objects.filter(status=Match.Status.ACTIVE, private=False).order_by("-started_at")
    )[:limit]


def my_open_tables(user: User) -> QuerySet[Match]:
    if not user.is_authenticated:
        return Match.objects.none()
    return _with_seats(
        Match.objects.filter(
            status__in=[Match.Status.OPEN, Match.Status.ACTIVE], seats__user=user
        ).distinct()
    )


def get_match(match_id: int) -> Match | None:
    return _with_seats(Match.objects.filter(pk=match_id)).first()


def seat_of(match: Match, user: User) -> Seat | None:
    """The user's seat at this table (a human's, even while a bot plays it)."""
    if not user.is_authenticated:
        return None
    return next((s for s in match.seats.all() if s.user_id == user.pk), None)


def can_watch(match: Match, user: User, invited: bool) -> bool:
    """Anyone may watch a public table; a private one only its players and invitees."""
    if not match.private:
        return True
    return invited or seat_of(match, user) is not None
