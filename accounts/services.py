"""The only code that changes accounts (HackSoft style: views and admin call these)."""

from datetime import datetime

from allauth.account.models import EmailAddress
from django.db import transaction
from django.utils import timezone

from accounts.models import User

DELETED_USERNAME_PREFIX = "deleted-"


def update_profile(
    user: User,
    *,
    display_name: str,
    preferred_language: str,
    email_on_turn: bool | None = None,
    browser_notifications: bool | None = None,
) -> User:
    user.display_name = display_name.strip()
    user.preferred_language = preferred_language
    fields = ["display_name", "preferred_language"]
    if email_on_turn is not None:
        user.email_on_turn = email_on_turn
        fields.append("email_on_turn")
    if browser_notifications is not None:
        user.browser_notifications = browser_notifications
        fields.append("browser_notifications")
    user.save(update_fields=fields)
    return user


def set_turn_emails(user: User, on: bool) -> None:
    """Switch the "your turn" e-mails on or off (the profile, or the e-mail's own link)."""
    if user.email_on_turn != on:
        user.email_on_turn = on
        user.save(update_fields=["email_on_turn"])


def set_preferred_language(user: User, language: str) -> None:
    if user.preferred_language != language:
        user.preferred_language = language
        user.save(update_fields=["preferred_language"])


@transaction.atomic
def delete_account(user: User) -> None:
    """Anonymise the account: the row stays so that past matches keep a (neutral) player."""
    EmailAddress.objects.filter(user=user).delete()
    user.username = f"{DELETED_USERNAME_PREFIX}{user.pk}"
    user.display_name = "Deleted player"
    user.first_name = user.last_name = user.email = ""
    user.preferred_language = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.deleted_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


def ban_user(user: User, *, reason: str, until: datetime | None = None) -> None:
    """Deactivate an account; `until=None` bans for good. The reason is kept for moderators."""
    user.is_active = False
    user.ban_reason = reason.strip()
    user.banned_at = timezone.now()
    user.banned_until = until
    user.save(update_fields=["is_active", "ban_reason", "banned_at", "banned_until"])


def unban_user(user: User) -> None:
    user.is_active = True
    user.ban_reason = ""
    user.banned_at = user.banned_until = None
    user.save(update_fields=["is_active", "ban_reason", "banned_at", "banned_until"])


def lift_expired_bans(now: datetime | None = None) -> int:
    """Unban every account whose timed ban has run out; returns how many."""
    expired = User.objects.filter(
        banned_at__isnull=False, banned_until__lte=now or timezone.now(), deleted_at__isnull=True
    )
    count = 0
    for user in expired:
        unban_user(user)
        count += 1
    return count
