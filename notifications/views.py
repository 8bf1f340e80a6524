"""The unsubscribe link of the "your turn" e-mails (issue 21): no sign-in, and only for the
player it was sent to, for UNSUBSCRIBE_DAYS. Opening the link only shows a button (mail
scanners follow links: issue 28.11); the button, or a mail client's one-click POST (RFC 8058),
switches the e-mails off."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from accounts import services as accounts

from .emails import token_user


@csrf_exempt  # RFC 8058: mail clients POST "List-Unsubscribe=One-Click", without a cookie
@never_cache
def unsubscribe(request: HttpRequest, user_id: int, token: str) -> HttpResponse:
    """GET (the link) asks; POST (the page's button, or the mail client's one-click) switches
    the e-mails off, POST with `resubscribe` on again. A link that is not the recipient's own,
    or too old, changes nothing."""
    user = token_user(user_id, token)
    if user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    if request.method != "POST":
        return render(request, "notifications/unsubscribe.html", {"asking": True})
    on = "resubscribe" in request.POST
    accounts.set_turn_emails(user, on)
    return render(request, "notifications/unsubscribe.html", {"subscribed": on})
