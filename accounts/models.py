from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


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
    ban_reason = models.TextField(_("ban reason"), blank=True)
    banned_at = models.DateTimeField(_("banned at"), null=True, blank=True)
    banned_until = models.DateTimeField(
        _("banned until"),
        null=True,
        blank=True,
        help_text=_("Empty while banned: the ban is permanent."),
    )
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True)

    @property
    def public_name(self) -> str:
        """The name other players see."""
        if self.deleted_at:
            return gettext("Deleted player")
        if self.is_bot:  # a bot level's account: its name in the viewer's language
            from games.bots import bot_name

            name = bot_name(self)
            if name:
                return name
        return self.display_name or self.username

    @property
    def is_banned(self) -> bool:
        return self.banned_at is not None

    def __str__(self) -> str:
        return self.username
