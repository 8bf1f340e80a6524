"""What the site told players, so that it tells them once (issue 21)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TurnEmail(models.Model):
    """One turn of one player at one slow table that may be e-mailed: written with the move
    that began the turn (an outbox: a lost task or a broker outage loses nothing), sent in a
    batch with the player's other waiting tables, or skipped if the player acted first.
    Unique per match, turn (the match version it began at) and player: one e-mail at most."""

    class Outcome(models.TextChoices):
        PENDING = "pending", _("pending")
        SENT = "sent", _("sent")
        SKIPPED = "skipped", _("not needed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turn_emails"
    )
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()  # the match version at which the turn began
    created_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=10, choices=Outcome, default=Outcome.PENDING)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "version", "user"], name="one_turn_email_per_turn"
            )
        ]
        indexes = [models.Index(fields=["user", "outcome"], name="turn_emails_pending")]

    def __str__(self) -> str:
        return f"{self.user} at {self.match_id} v{self.version}: {self.outcome}"
