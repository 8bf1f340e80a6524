from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django import forms
from django.conf import settings
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import formats, translation
from django.utils.translation import gettext as _

from accounts import login_limits
from accounts.names import check_name
from accounts.services import DELETED_USERNAME_PREFIX


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        # Deleted accounts are renamed to "deleted-<id>": nobody may take such a name first.
        if username.lower().startswith(DELETED_USERNAME_PREFIX):
            raise forms.ValidationError(_("This username is reserved. Please choose another."))
        username = super().clean_username(username, shallow=shallow)
        # Nobody passes for a bot, the staff or another player (issue 15). `shallow`: a name
        # allauth suggests itself, before any account is made: others' names are not checked.
        check_name(username, others=not shallow)
        return username

    def pre_authenticate(self, request: HttpRequest, **credentials) -> None:
        super().pre_authenticate(request, **credentials)  # the address's limit
        if login_limits.paused(request, credentials):
            raise forms.ValidationError(
                _(
                    "So many wrong passwords were tried for this account that signing in with "
                    "a password is paused for a while. To sign in now, reset your password: "
                    "that lifts the pause."
                )
            )

    def authentication_failed(self, request: HttpRequest, **credentials) -> None:
        login_limits.count_failure(request, credentials)

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """A player's e-mails come in their profile's language; anyone else's in the language
        of the page that sent them."""
        user = context.get("user")
        request = allauth_context.request
        if "current_site" not in context and request is not None:
            # "Hello from Korsaren Online", not from the host name the request came in on.
            site = get_current_site(request)
            site.name = settings.SITE_NAME
            context = {**context, "current_site": site}
        language = getattr(user, "preferred_language", "") or translation.get_language()
        with translation.override(language):
            super().send_mail(template_prefix, email, context)

    def respond_user_inactive(self, request: HttpRequest, user) -> HttpResponse:
        """A banned player who logs in learns why, and until when (issue 7). allauth only
        gets here once the password was right."""
        return render(
            request, "account/account_inactive.html", {"ban_message": ban_message(user)}, status=403
        )


def ban_message(user) -> str:
    if not user.banned_at:
        return _("This account is inactive.")
    if user.banned_until:
        until = formats.date_format(user.banned_until, "DATETIME_FORMAT")
        # "(UTC)" after the date: formats that end in "p.m." gave "p.m.. Reason".
        return _("Your account is banned until %(until)s (UTC). Reason: %(reason)s") % {
            "until": until,
            "reason": user.ban_reason,
        }
    return _("Your account is banned for good. Reason: %(reason)s") % {"reason": user.ban_reason}
