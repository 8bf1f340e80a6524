from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts import services
from accounts.forms import DeleteAccountForm, ProfileForm, TimeOffForm
from accounts.models import TimeOff


def _remember_language(response: HttpResponse, language: str) -> None:
    # The cookie keeps the choice after logging out (LocaleMiddleware reads it); no choice means
    # the browser's language, so then the cookie goes.
    if not language:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
        return
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/profile.html", {"profile_user": request.user})


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["preferred_language"]
        services.update_profile(
            request.user,
            display_name=form.cleaned_data["display_name"],
            preferred_language=language,
            email_on_turn=form.cleaned_data["email_on_turn"],
            browser_notifications=form.cleaned_data["browser_notifications"],
        )
        messages.success(request, _("Your profile has been saved."))
        response = redirect("profile")
        _remember_language(response, language)
        return response
    return render(request, "accounts/profile_edit.html", {"form": form})


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        services.delete_account(request.user)
        logout(request)
        messages.success(request, _("Your account has been deleted. Fair winds!"))
        return redirect("home")
    return render(request, "accounts/delete.html", {"form": form})


@require_POST
def switch_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language, which also saves the choice for a signed-in player."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        services.set_preferred_language(request.user, language)
    return response


@login_required
def time_off(request: HttpRequest) -> HttpResponse:
    """Declare days away, see them and end them (issue 21)."""
    from games.services import ServiceError, away

    form = TimeOffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            away.declare_time_off(
                request.user, form.cleaned_data["first"], form.cleaned_data["last"]
            )
        except ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(
                request, _("Your time off is noted: the timers of slow tables wait for you.")
            )
            return redirect("time_off")
    now = timezone.now()
    since = now - away.YEAR  # the days away in the last 365, today's included
    taken = away.most_days_in_a_year(
        (max(a, since), min(b, now))
        for a, b in TimeOff.objects.filter(
            user=request.user, starts_at__lt=now, ends_at__gt=since
        ).values_list("starts_at", "ends_at")
    )
    return render(
        request,
        "accounts/time_off.html",
        {
            "form": form,
            "periods": TimeOff.objects.filter(user=request.user, ends_at__gt=now),
            "now": now,
            "taken": taken,
            "limit": settings.KORSAREN_TIME_OFF_DAYS_PER_YEAR,
        },
    )


@login_required
@require_POST
def time_off_end(request: HttpRequest, time_off_id: int) -> HttpResponse:
    from games.services import ServiceError, away

    try:
        away.end_time_off(request.user, time_off_id)
    except ServiceError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, _("Welcome back: your timers run again."))
    return redirect("time_off")
