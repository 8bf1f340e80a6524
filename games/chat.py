"""A table's chat (issue 7): who may write and read, limits, and personal mutes.

Messages are stored with the match and shown as plain text (templates escape them). Writing is
for the table's players; spectators read it if the table allows. A player may mute another for
themselves; moderators may mute someone site-wide (moderation app).
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import ChatMessage, ChatMute, Match
from games.ratelimit import within_rate
from games.selectors import seat_of
from games.services import notify_mutes

RATE_WINDOW_SECONDS = 10
RATE_MAX_MESSAGES = int(getattr(settings, "KORSAREN_CHAT_RATE", 5))  # per window and player
SHOWN_MESSAGES = 50


class ChatRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _is_player(match: Match, user: User) -> bool:
    return seat_of(match, user) is not None


def can_read(match: Match, user: User) -> bool:
    return match.chat_spectators or _is_player(match, user)


def can_write(match: Match, user: User) -> bool:
    return seat_may_write(match, seat_of(match, user))


def seat_may_write(match: Match, seat) -> bool:
    """Players write while the table is open or playing."""
    return seat is not None and match.status in (Match.Status.OPEN, Match.Status.ACTIVE)


def _within_rate(user: User) -> bool:
    """Chat lines per player (games/ratelimit.py: what happens when Redis fails)."""
    return within_rate(f"chat-rate:{user.pk}", RATE_MAX_MESSAGES, RATE_WINDOW_SECONDS)


def _storable(text: str) -> bool:
    """Text PostgreSQL can store: no NUL character and no lone surrogate (which a socket's JSON
    can carry, as "\\udc00", but UTF-8 cannot encode)."""
    if "\x00" in text:
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def post_message(user: User, match: Match, text: object) -> ChatMessage:
    from moderation.services import chat_muted_until  # moderation depends on games, not back

    if not isinstance(text, str) or not text.strip():
        raise ChatRefused(_("Write something first."))
    text = text.strip()
    if not _storable(text):
        raise ChatRefused(_("That message has characters that cannot be sent."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ChatRefused(
            _("A message has at most %(n)d characters.") % {"n": ChatMessage.MAX_LENGTH}
        )
    if not can_write(match, user):
        raise ChatRefused(_("Only the players at this table can write in its chat."))
    muted = chat_muted_until(user)
    if muted:
        raise ChatRefused(
            _("A moderator has muted you in chat until %(until)s (UTC).")
            % {"until": date_format(muted, "SHORT_DATETIME_FORMAT")}
        )
    if not _within_rate(user):
        raise ChatRefused(_("You are writing too fast: wait a few seconds."))
    return ChatMessage.objects.create(match=match, user=user, text=text)


def muted_by(user: User) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def messages_for(
    match: Match, user: User, limit: int | None = SHOWN_MESSAGES, muted: set[int] | None = None
) -> list:
    """The chat as this viewer sees it: nothing if they may not read it; no hidden messages and
    none from the players they muted (`muted`, if the caller has them already)."""
    if not can_read(match, user):
        return []
    muted = muted_by(user) if muted is None else muted
    qs: QuerySet = match.chat_messages.filter(hidden=False).exclude(user_id__in=muted)
    qs = qs.select_related("user").order_by("-created_at", "-id")
    return list(reversed(qs[:limit] if limit else qs))


def toggle_mute(user: User, other: User) -> bool:
    """Mute `other` for `user`, or unmute if already muted. Returns whether now muted."""
    if other.pk == user.pk:
        raise ChatRefused(_("You cannot mute yourself."))
    deleted, _count = ChatMute.objects.filter(user=user, muted=other).delete()
    if not deleted:
        ChatMute.objects.create(user=user, muted=other)
    notify_mutes(user.pk)
    return not deleted
