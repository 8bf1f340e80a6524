"""Failed sign-ins are throttled per address, and per account only much later (issue 15).

allauth's own "login_failed" limit counts per address (settings.ACCOUNT_RATE_LIMITS): whoever
types wrong passwords is slowed down, not the account's owner typing the right one elsewhere.
The account's own limit, "login_failed_account", is higher than one address can reach and
spans a day: it stops a guessing spread over many addresses. Once reached, signing in with a
password waits, with a message saying why and how to get in now: a password reset (or change)
lifts it. Usernames are public, so without this anyone could lock anyone out.
"""

from __future__ import annotations

from allauth.account.signals import password_changed, password_reset
from allauth.core import ratelimit
from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.models import User

ACTION = "login_failed_account"


def _key(credentials: dict) -> str:
    """The account the sign-in names, whichever way (username or e-mail address); the login
    itself if it names none."""
    login = (credentials.get("email") or credentials.get("username") or "").strip()
    found = User.objects.filter(Q(username__iexact=login) | Q(email__iexact=login))
    pk = found.values_list("pk", flat=True).first() if login else None
    return f"user:{pk}" if pk else f"login:{login.lower()}"


def paused(request: HttpRequest, credentials: dict) -> bool:
    """Whether signing in to this account with a password waits for now."""
    return not ratelimit.consume(request, action=ACTION, key=_key(credentials), dry_run=True)


def count_failure(request: HttpRequest, credentials: dict) -> None:
    ratelimit.consume(request, action=ACTION, key=_key(credentials))


@receiver(password_reset)
@receiver(password_changed)
def _lift(sender, request: HttpRequest, user: User, **kwargs) -> None:
    ratelimit.clear(request, action=ACTION, key=f"user:{user.pk}")
