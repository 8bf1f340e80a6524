"""Players report a chat message or a player; moderators work in Django admin."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.models import User
from games import chat
from games.models import ChatMessage, Match
from moderation import services
from moderation.forms import ReportForm


def _subject(request: HttpRequest) -> tuple[User, Match | None, ChatMessage | None]:
    """What is reported: ?message=ID, or ?user=ID (&match=ID). 404 for anything else."""
    params = request.GET if request.method == "GET" else request.POST
    try:
        if params.get("message"):
            message = ChatMessage.objects.select_related("match", "user").get(
                pk=int(params["message"]), hidden=False
            )
            if not chat.can_read(message.match, request.user):
                raise Http404
            return message.user, message.match, message
        user = User.objects.get(pk=int(params.get("user", "")), is_bot=False)
        match = Match.objects.get(pk=int(params["match"])) if params.get("match") else None
        return user, match, None
    except (ValueError, KeyError, User.DoesNotExist, Match.DoesNotExist,
            ChatMessage.DoesNotExist):  # fmt: skip
        raise Http404(_("There is nothing to report here.")) from None


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
