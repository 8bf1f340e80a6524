"""Moderation in Django admin: open reports first, site-wide chat mutes, and the log of every
moderation action (read-only: it is the record)."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_permission_codename
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.admin import UserAdmin as AccountsUserAdmin
from accounts.models import User
from games.models import RatingChange, Seat
from moderation import services
from moderation.models import ModerationAction, Report, SiteMute


class ReasonForm(forms.Form):
    """The intermediate page of an admin action: why."""

    reason = forms.CharField(label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 3}))


class MuteForm(ReasonForm):
    """Why, and for how long (a mute)."""

    days = forms.IntegerField(
        label=gettext_lazy("Days (for a mute)"), min_value=1, max_value=365, initial=1,
        required=False,
    )  # fmt: skip


def ask_reason(
    modeladmin,
    request: HttpRequest,
    queryset: QuerySet,
    title: str,
    action: str,
    form_class: type[forms.Form] = ReasonForm,
):
    """Returns the cleaned form once submitted, else the page that asks for it."""
    form = form_class(request.POST if "apply" in request.POST else None)
    if form.is_valid():
        return form.cleaned_data
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "opts": modeladmin.model._meta,
        "form": form,
        "objects": queryset,
        "action": action,
        "action_checkbox_name": ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/moderation/reason.html", context)


class ModerateMixin:
    """For a ModelAdmin whose actions are moderation (`permissions=["moderate"]`): they need the
    model's change permission, even where the record itself is read-only for everyone."""

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        codename = get_permission_codename("change", self.opts)
        return request.user.has_perm(f"{self.opts.app_label}.{codename}")


class ReadOnlyAdmin(admin.ModelAdmin):
    """A record nobody edits by hand: staff look, nobody adds, changes or deletes."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    """Related records listed, read-only, on another record's page."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["id", "status", "reporter", "reported", "match", "created_at", "resolved_by"]
    list_filter = ["status", "created_at"]
    search_fields = ["reporter__username", "reported__username", "reason"]
    readonly_fields = [
        "reporter", "reported", "match", "message", "reason", "chat", "created_at",
        "resolved_by", "resolved_at", "resolution", "status",
    ]  # fmt: skip
    actions = ["resolve", "mute_reported"]

    def has_add_permission(self, request) -> bool:
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """A report is read, never edited here (its actions resolve it): not "Change report"."""
        title = _("Report %(id)s") % {"id": object_id}
        extra_context = {**(extra_context or {}), "title": title}
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=gettext_lazy("Chat at the table, as it was then"))
    def chat(self, report: Report) -> str:
        if not report.context:
            return "–"
        return format_html(
            "<ol class=\"report-chat\">{}</ol>",
            format_html_join(
                "",
                "<li><strong>{}</strong> ({}): {}</li>",
                ((line["user"], line["at"][:19].replace("T", " "), line["text"])
                 for line in report.context),
            ),
        )  # fmt: skip

    @admin.action(description=gettext_lazy("Resolve"), permissions=["change"])
    def resolve(self, request, queryset):
        answer = ask_reason(self, request, queryset, _("Resolve reports"), "resolve")
        if isinstance(answer, TemplateResponse):
            return answer
        for report in queryset.filter(status=Report.Status.OPEN):
            services.resolve_report(request.user, report, answer["reason"])
        self.message_user(request, _("Resolved."))
        return None

    @admin.action(description=gettext_lazy("Mute the reported players site-wide"),
                  permissions=["change"])  # fmt: skip
    def mute_reported(self, request, queryset):
        answer = ask_reason(self, request, queryset, _("Mute in chat"), "mute_reported", MuteForm)
        if isinstance(answer, TemplateResponse):
            return answer
        until = timezone.now() + timedelta(days=answer["days"] or 1)
        users = {r.reported for r in queryset}
        for user in users:
            services.mute(request.user, user, until, answer["reason"])
        self.message_user(
            request,
            ngettext("Muted %(n)d player.", "Muted %(n)d players.", len(users)) % {"n": len(users)},
        )
        return None


@admin.register(SiteMute)
class SiteMuteAdmin(admin.ModelAdmin):
    list_display = ["user", "until", "created_by", "created_at"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "created_by", "created_at", "reason"]

    def has_add_permission(self, request) -> bool:
        return False  # muting goes through the report action, so it is recorded


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "actor", "kind", "target_user", "target_match", "reason"]
    list_filter = ["kind", "created_at"]
    search_fields = ["actor__username", "target_user__username", "reason"]


class SeatInline(ReadOnlyInline):
    model = Seat
    fk_name = "user"
    show_change_link = True
    verbose_name_plural = gettext_lazy("matches")
    fields = ["match", "position", "final_rank", "score", "abandoned"]
    readonly_fields = fields
    ordering = ["-match__created_at"]


class ReportInline(ReadOnlyInline):
    model = Report
    fk_name = "reported"
    show_change_link = True
    verbose_name_plural = gettext_lazy("reports about this player")
    fields = ["created_at", "reporter", "reason", "status"]
    readonly_fields = fields


class RatingChangeInline(ReadOnlyInline):
    model = RatingChange
    show_change_link = True
    fields = ["match", "rank", "mu_before", "mu_after", "sigma_after", "created_at"]
    readonly_fields = fields


admin.site.unregister(User)


@admin.register(User)
class UserAdmin(AccountsUserAdmin):
    """The accounts' user admin, with a player's record inline; bans go through moderation:
    recorded, and the player's open sockets are closed at once."""

    inlines = [SeatInline, ReportInline, RatingChangeInline]

    def ban_user(self, request, user, reason, until) -> None:
        services.ban(request.user, user, reason, until)

    def unban_user(self, request, user) -> None:
        services.unban(request.user, user)
