from django.contrib import admin

from notifications.models import TurnEmail


@admin.register(TurnEmail)
class TurnEmailAdmin(admin.ModelAdmin):
    """What was e-mailed (read-only: the outbox is the services' to write)."""

    list_display = ["user", "match", "version", "outcome", "created_at", "sent_at"]
    list_filter = ["outcome"]
    search_fields = ["user__username"]
    raw_id_fields = ["user", "match"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
