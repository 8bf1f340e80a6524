from django.contrib import admin

from games.plugin import ReadOnlyAdmin

from .models import PenaltyCard


@admin.register(PenaltyCard)
class PenaltyCardAdmin(ReadOnlyAdmin):
    list_display = ["match", "round", "seat", "card"]
    list_filter = ["match__status"]
    search_fields = ["match__id"]
