"""The unsubscribe link of the "your turn" e-mails (issue 21): one click, no sign-in, and only
for the player it was sent to."""

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
    """GET (the link) and POST (the mail client's one-click) switch the e-mails off at once;
    POST with `resubscribe` switches them on again (the page's button). A link that is not the
    recipient's own changes nothing."""
    user = token_user(user_id, token)
    if user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    on = request.method == "POST" and "resubscribe" in request.POST
    if request.method != "HEAD":
        accounts.set_turn_emails(user, on)
    return render(request, "notifications/unsubscribe.html", {"subscribed": on})
