"""Moderation (issue 7): reports from players, site-wide chat mutes, and the log of every
moderation action (who did what, when and why)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Report(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("resolved")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reports_filed"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reports_received"
    )
    match = models.ForeignKey(
        "games.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="reports"
    )
    message = models.ForeignKey(
        "games.ChatMessage", on_delete=models.PROTECT, null=True, blank=True, related_name="reports"
    )
    reason = models.TextField(_("what happened"), max_length=1000)
    # The chat around the reported message (or the player's last messages) when it was filed.
    context = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_resolved",
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.TextField(blank=True)

    class Meta:
        ordering = ["status", "-created_at"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.reporter} about {self.reported} ({self.status})"


class SiteMute(models.Model):
    """A moderator's chat mute of a user, on every table, until a time."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_mutes"
    )
    until = models.DateTimeField()
    reason = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="site_mutes_given"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-until"]

    def __str__(self) -> str:
        return gettext("%(user)s muted until %(until)s") % {
            "user": self.user,
            "until": date_format(self.until, "SHORT_DATETIME_FORMAT"),
        }


class ModerationAction(models.Model):
    class Kind(models.TextChoices):
        BAN = "ban", _("ban")
        UNBAN = "unban", _("unban")
        ABORT_MATCH = "abort_match", _("abort match")
        VOID_RATINGS = "void_ratings", _("void rating changes")
        MUTE = "mute", _("mute in chat")
        HIDE_MESSAGE = "hide_message", _("hide chat message")
        RESOLVE_REPORT = "resolve_report", _("resolve report")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="moderation_actions"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    reason = models.TextField(blank=True)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_received",
    )
    target_match = models.ForeignKey(
        "games.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor}: {self.get_kind_display()}"
