"""Matches in Django admin: searchable and filterable, and read-only. Nobody edits moves, rounds
or penalty cards by hand (issue 7 adds the moderation actions)."""

import json

from django.contrib import admin
from django.template.response import TemplateResponse
from django.utils.formats import date_format, time_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import services
from games.models import ChatMessage, Match, Move, Round, Seat
from games.seat_names import names_of_seats
from moderation import services as moderation
from moderation.admin import ModerateMixin, ReadOnlyInline, ask_reason


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "user", "bot_level", "team", "score", "final_rank", "abandoned"]
    readonly_fields = fields


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ["number", "void", "started_at", "ended_at"]
    readonly_fields = fields


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["seq", "seat", "move", "actor", "created_at"]
    readonly_fields = fields
    classes = ["collapse"]  # a match has hundreds: folded until wanted

    @admin.display(description=gettext_lazy("action"))
    def move(self, move: Move) -> str:
        return format_html("<code>{}</code>", _json(move.action))


@admin.register(Match)
class MatchAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = [
        "id", "game", "status", "players", "rated", "private", "created_by", "created"
    ]  # fmt: skip
    list_filter = ["game", "status", "rated", "private", "seat_count", "created_at"]
    search_fields = ["id", "seats__user__username", "seed_sha256"]
    date_hierarchy = "created_at"
    inlines = [SeatInline, RoundInline, MoveInline]
    readonly_fields = [f.name for f in Match._meta.fields if f.name != "state"] + ["state_json"]
    fields = [f for f in readonly_fields if f != "id"]
    actions = ["abort", "void_ratings"]
    # Secret while the match is played, from staff too (issue 15): the seed gives every deal,
    # the state every hand and the stock's order. Its hash is public from the start.
    SECRET_FIELDS = ("seed", "state_json")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description=gettext_lazy("players"))
    def players(self, match: Match) -> str:
        """Who sits at the table, seat by seat (the seat count alone told a moderator little)."""
        names = names_of_seats(match.seats.all())  # two bots of one level told apart
        return ", ".join(name for _, name in sorted(names.items())) or "–"

    @admin.display(description=gettext_lazy("created at"), ordering="created_at")
    def created(self, match: Match) -> str:
        """The date over the time: as one unbroken line (Django keeps dates in one) it was cut
        off at the list's right edge on a 1280 px screen (issue 28)."""
        when = localtime(match.created_at)
        return format_html(
            '<span class="nowrap">{}</span><br>{}', date_format(when), time_format(when)
        )

    @admin.display(description=gettext_lazy("state"))
    def state_json(self, match: Match) -> str:
        """The engine's state, folded: a long JSON document nobody needs to scroll past."""
        if match.state is None:
            return "–"
        return format_html(
            '<details><summary>{}</summary><pre style="max-height: 30rem; overflow: auto">{}'
            "</pre></details>",
            _("Show the state"),
            json.dumps(match.state, ensure_ascii=False, indent=1),
        )

    def get_fields(self, request, obj=None) -> list[str]:
        fields = super().get_fields(request, obj)
        if obj is None or not obj.is_over:
            fields = [f for f in fields if f not in self.SECRET_FIELDS]
        return fields

    @admin.action(description=gettext_lazy("Abort match"), permissions=["moderate"])
    def abort(self, request, queryset):
        answer = ask_reason(self, request, queryset, _("Abort matches"), "abort")
        if isinstance(answer, TemplateResponse):
            return answer
        done = 0
        for match in queryset:
            try:
                moderation.abort_match(request.user, match, answer["reason"])
                done += 1
            except services.ServiceError as e:
                self.message_user(request, f"#{match.pk}: {e.message}")
        self.message_user(request, _("Aborted %(n)d match(es).") % {"n": done})
        return None

    @admin.action(description=gettext_lazy("Void rating changes"), permissions=["moderate"])
    def void_ratings(self, request, queryset):
        answer = ask_reason(self, request, queryset, _("Void rating changes"), "void_ratings")
        if isinstance(answer, TemplateResponse):
            return answer
        for match in queryset:
            moderation.void_ratings(request.user, match, answer["reason"])
        self.message_user(request, _("Voided; every rating was recomputed."))
        return None

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # staff with view permission see the fields, read-only


@admin.register(ChatMessage)
class ChatMessageAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = ["created_at", "match", "user", "text", "hidden"]
    list_filter = ["hidden", "created_at"]
    search_fields = ["user__username", "text", "match__id"]
    readonly_fields = ["match", "user", "text", "created_at", "hidden"]
    actions = ["hide"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description=gettext_lazy("Hide messages"), permissions=["moderate"])
    def hide(self, request, queryset):
        answer = ask_reason(self, request, queryset, _("Hide messages"), "hide")
        if isinstance(answer, TemplateResponse):
            return answer
        for message in queryset:
            moderation.hide_message(request.user, message, answer["reason"])
        self.message_user(request, _("Hidden."))
        return None
