"""Players report a chat message or a player; moderators work in Django admin."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.models import User
from games import chat, selectors
from games.models import ChatMessage, Match
from moderation import services
from moderation.forms import ReportForm


def _subject(request: HttpRequest) -> tuple[User, Match | None, ChatMessage | None]:
    """What is reported: ?message=ID, or ?user=ID (&match=ID). 404 for anything else, and for
    a table this user may not see (issue 15): a private table's message or match is then
    exactly a non-existent one, so the form neither shows its chat nor tells that it exists."""
    params = request.GET if request.method == "GET" else request.POST
    try:
        if params.get("message"):
            message = ChatMessage.objects.select_related("match", "user").get(
                pk=int(params["message"]), hidden=False
            )
            match = _visible(request, message.match_id)
            if not chat.can_read(match, request.user):
                raise Match.DoesNotExist
            return message.user, match, message
        user = User.objects.get(pk=int(params.get("user", "")), is_bot=False)
        match = _visible(request, int(params["match"])) if params.get("match") else None
        return user, match, None
    except (ValueError, KeyError, User.DoesNotExist, Match.DoesNotExist,
            ChatMessage.DoesNotExist):  # fmt: skip
        raise Http404(_("There is nothing to report here.")) from None


def _visible(request: HttpRequest, match_id: int) -> Match:
    """The match, if this user may see its table (selectors.can_watch, as the table itself)."""
    match = selectors.get_match(match_id)
    if match is None or not selectors.can_watch(
        match, request.user, selectors.invited(request.session, match)
    ):
        raise Match.DoesNotExist
    return match


@login_required
def report_new(request: HttpRequest) -> HttpResponse:
    reported, match, message = _subject(request)
    if reported.pk == request.user.pk:
        raise Http404(_("There is nothing to report here."))
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.file_report(
            request.user,
            reported=reported,
            match=match,
            message=message,
            reason=form.cleaned_data["reason"],
        )
        messages.success(request, _("Thank you. A moderator will look at your report."))
        return redirect(match.get_absolute_url() if match else "home")
    return render(
        request,
        "moderation/report.html",
        {"form": form, "reported": reported, "match": match, "message": message},
    )
