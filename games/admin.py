"""Matches in Django admin: searchable and filterable, and read-only. Nobody edits moves, rounds
or penalty cards by hand (issue 7 adds the moderation actions)."""

from django.contrib import admin

from games.models import Match, Move, PenaltyCard, Round, Seat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "user", "bot_level", "penalty_count", "final_rank", "abandoned"]
    readonly_fields = fields


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ["number", "dealer", "closer", "annulled", "is_last", "started_at", "ended_at"]
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["seq", "seat", "action", "actor", "created_at"]
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "status", "seat_count", "rated", "private", "created_by", "created_at"]
    list_filter = ["status", "rated", "private", "seat_count", "created_at"]
    search_fields = ["id", "seats__user__username", "seed_sha256"]
    date_hierarchy = "created_at"
    inlines = [SeatInline, RoundInline, MoveInline]
    readonly_fields = [f.name for f in Match._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # staff with view permission see every field, read-only


@admin.register(PenaltyCard)
class PenaltyCardAdmin(admin.ModelAdmin):
    list_display = ["match", "round", "seat", "card"]
    list_filter = ["match__status"]
    search_fields = ["match__id"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
