from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.names import name_key


class User(AbstractUser):
    """A player (or a bot). Rows are never deleted, so past matches stay readable."""

    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("Shown at the table and on the leaderboard; your username if empty."),
    )
    preferred_language = models.CharField(
        _("preferred language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Empty: the language of your browser."),
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    # Notifications (issue 21): e-mail when it becomes your turn at a slow table, and the
    # browser's own notifications while the site is open in a tab (asked for only once on).
    email_on_turn = models.BooleanField(
        _("e-mail me when it is my turn at a slow table"),
        default=True,
        help_text=_("At most one e-mail per table and turn; several tables in one e-mail."),
    )
    browser_notifications = models.BooleanField(
        _("browser notifications when it is my turn"),
        default=False,
        help_text=_("Shown while the site is open in a tab; your browser asks you first."),
    )
    # Which bot this account is, "<game>:<level>" (games.bot_accounts); bots are found by it
    # alone, never by a name. Empty for people.
    bot_key = models.CharField(
        _("bot key"), max_length=64, unique=True, null=True, blank=True, editable=False
    )
    ban_reason = models.TextField(_("ban reason"), blank=True)
    banned_at = models.DateTimeField(_("banned at"), null=True, blank=True)
    banned_until = models.DateTimeField(
        _("banned until"),
        null=True,
        blank=True,
        help_text=_("Empty while banned: the ban is permanent."),
    )
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True)
    # The names' keys (accounts.names.name_key), kept with them: a new name is compared with
    # every other player's by an index, not by reading every account.
    username_key = models.CharField(max_length=255, db_index=True, editable=False, default="")
    display_name_key = models.CharField(max_length=255, db_index=True, editable=False, default="")

    NAME_KEYS = {"username": "username_key", "display_name": "display_name_key"}

    @property
    def public_name(self) -> str:
        """The name other players see."""
        if self.deleted_at:
            return gettext("Deleted player")
        if self.is_bot and self.bot_key:  # a bot's account: its name in the viewer's language
            from games.bot_accounts import bot_names

            name = bot_names().get(self.bot_key)
            if name:
                return str(name)
        return self.display_name or self.username

    @property
    def is_banned(self) -> bool:
        return self.banned_at is not None

    def save(self, *args, **kwargs) -> None:
        update_fields = kwargs.get("update_fields")
        for field, key_field in self.NAME_KEYS.items():
            setattr(self, key_field, name_key(getattr(self, field))[:255])
            if update_fields is not None and field in update_fields:
                kwargs["update_fields"] = {*kwargs["update_fields"], key_field}
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.username


class TimeOff(models.Model):
    """Days a player declared away (issue 21): the turn timers of slow tables pause for them
    (games/services/away.py), and the other players see why. From `starts_at` (midnight UTC of
    the first day, or when declared) to `ends_at` (midnight after the last day, or when the
    player came back early)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="time_off")
    starts_at = models.DateTimeField(_("from"))
    ends_at = models.DateTimeField(_("until"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        verbose_name = _("time off")
        verbose_name_plural = _("time off")
        indexes = [models.Index(fields=["user", "ends_at"], name="time_off_by_user")]

    def __str__(self) -> str:
        return f"{self.user}: {self.starts_at:%Y-%m-%d} - {self.ends_at:%Y-%m-%d}"
