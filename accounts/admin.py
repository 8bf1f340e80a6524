from datetime import timedelta

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import services
from accounts.forms import BanForm
from accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = [
        "username",
        "email",
        "display_name",
        "is_active",
        "is_bot",
        "is_staff",
        "last_login",
        "date_joined",
        "banned_until",
    ]
    list_filter = ["is_active", "is_bot", "is_staff", "is_superuser"]
    search_fields = ["username", "email", "display_name"]
    ordering = ["-date_joined"]
    actions = ["ban", "unban"]
    fieldsets = [
        *DjangoUserAdmin.fieldsets,
        (
            gettext_lazy("Player"),
            {"fields": ["display_name", "preferred_language", "is_bot", "bot_key"]},
        ),
        (
            gettext_lazy("Ban and deletion"),
            {
                "fields": ["ban_reason", "banned_at", "banned_until", "deleted_at"],
                "description": gettext_lazy(
                    "To ban or unban this account, tick it in the list of users and choose the "
                    "action “Ban (deactivate)” or “Unban”: a ban signs the player out, closes "
                    "their connections, gives their seats to bots and is recorded in the "
                    "moderation log. These fields only show the result."
                ),
            },
        ),
    ]
    # Bots are made by the code (games.bot_accounts), never by ticking a box. A ban (and
    # "active", which a ban clears) changes only through the list's actions, which enforce it:
    # a field here would save and ban nobody.
    readonly_fields = [
        "is_bot",
        "bot_key",
        "is_active",
        "ban_reason",
        "banned_at",
        "banned_until",
        "deleted_at",
        "last_login",
        "date_joined",
    ]

    # Hooks, so the moderation app can record (and enforce) bans its own way.
    def ban_user(self, request: HttpRequest, user: User, reason: str, until) -> None:
        services.ban_user(user, reason=reason, until=until)

    def unban_user(self, request: HttpRequest, user: User) -> None:
        services.unban_user(user)

    @admin.action(description=gettext_lazy("Ban (deactivate)"), permissions=["change"])
    def ban(self, request: HttpRequest, queryset: QuerySet[User]) -> TemplateResponse | None:
        # The first click shows a form asking for the reason; its submit comes back here.
        form = BanForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            days = form.cleaned_data["days"]
            until = timezone.now() + timedelta(days=days) if days else None
            banned = 0
            for user in queryset:
                if user == request.user:
                    self.message_user(request, _("You cannot ban yourself."), messages.WARNING)
                    continue
                self.ban_user(request, user, form.cleaned_data["reason"], until)
                banned += 1
            self.message_user(
                request,
                ngettext("Banned %(count)d account.", "Banned %(count)d accounts.", banned)
                % {"count": banned},
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Ban accounts"),
            "opts": self.model._meta,
            "form": form,
            "users": queryset,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/accounts/user/ban.html", context)

    @admin.action(description=gettext_lazy("Unban"), permissions=["change"])
    def unban(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = 0
        for user in queryset:
            self.unban_user(request, user)
            count += 1
        self.message_user(
            request,
            ngettext("Unbanned %(count)d account.", "Unbanned %(count)d accounts.", count)
            % {"count": count},
        )
