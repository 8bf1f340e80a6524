"""After-commit notifications: the channel groups every socket listens to, and the follow-up
work queued once a change is committed (bot turns, server steps, ratings)."""

from __future__ import annotations

import hashlib
import logging
import random
from dataclasses import dataclass, field

from asgiref.sync import async_to_sync
from channels.layers import DEFAULT_CHANNEL_LAYER, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings
from django.db import transaction
from redis.exceptions import RedisError

from games.models import Match
from games.selectors import state_of
from korsaren_site.redis_pool import client

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"

# Called with every match a move committed in this process (and its Change), in the committing
# thread, before anyone is told: this process's table sockets take it as their read of that
# version (consumers.TableSnapshots.offer) instead of reading the row again.
committed_here: list = []


@dataclass(eq=False)
class Change:
    """What one transaction's writes to a match leave for after_commit, handed along explicitly
    by the services (games/services/turns.py, notifications/outbox.py): whose "waiting for you"
    changed and whose turn began (their header counts and notifications), whom to e-mail, and
    the move made (its actor, and whether the match was read with its seats and players, so
    this process's sockets may show the committed match without reading it)."""

    turn_changes: set[int] = field(default_factory=set)
    turns_began: set[int] = field(default_factory=set)
    turn_emails: set[int] = field(default_factory=set)
    moved_by: str | None = None
    seats_read: bool = False


def table_group(match_id: int) -> str:
    return f"table-{match_id}"


def user_group(user_id: int) -> str:
    """Every socket of a signed-in user listens here (a ban closes them; mutes re-render them)."""
    return f"user-{user_id}"


def turns_group(user_id: int) -> str:
    """The sockets of a user's page headers (their "waiting for you" count) listen here; the
    table sockets do not, so that nothing but a table's own changes reaches them."""
    return f"turns-{user_id}"


def send(group: str, message: dict) -> None:
    send_all([(group, message)])


def send_all(messages: list[tuple[str, dict]]) -> None:
    """Tell each group its message, in order (a move tells the table and the players whose turn
    began or ended). Redis down: the state is safe in the database; clients catch up."""
    layer = get_channel_layer()
    redis_url = _pubsub_redis(layer)
    if redis_url is not None:
        _publish(layer, redis_url, messages)
        return

    async def deliver() -> None:
        for group, message in messages:
            try:
                await layer.group_send(group, message)
            except Exception:
                log.exception("could not notify %s", group)

    try:
        async_to_sync(deliver)()
    except Exception:
        log.exception("could not notify %s", [group for group, _ in messages])


def _pubsub_redis(layer) -> str | None:
    """The Redis URL of a pub/sub channel layer on one Redis (the site's), else None."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    hosts = settings.CHANNEL_LAYERS[DEFAULT_CHANNEL_LAYER]["CONFIG"]["hosts"]
    return hosts[0] if len(hosts) == 1 and isinstance(hosts[0], str) else None


def _publish(layer: RedisPubSubChannelLayer, url: str, messages: list[tuple[str, dict]]) -> None:
    """What the pub/sub layer's group_send does for each message (PUBLISH to the group's Redis
    channel), as one pipeline from the calling thread: no hop to an event loop and one round
    trip for all (the hop and a round trip per group were ~5% of a server process's CPU;
    benchmarks/README.md). The group's channel is named as channels_redis names it
    (RedisPubSubLoopLayer._get_group_channel_name): the consumer tests fail if that changes."""
    prefix = settings.CHANNEL_LAYERS[DEFAULT_CHANNEL_LAYER]["CONFIG"].get("prefix", "asgi")
    try:
        pipe = client(url).pipeline(transaction=False)
        for group, message in messages:
            pipe.publish(f"{prefix}__group__{group}", layer.serialize(message))
        pipe.execute()
    except RedisError:
        log.exception("could not notify %s", [group for group, _ in messages])


def after_commit(match: Match, lobby: bool = False, change: Change | None = None) -> None:
    """Tell everyone watching, then queue whatever the game now waits for from the server
    (`change`: what the transaction's writes noted for this).

    Sockets skip a "table changed" whose version they already show (moves arrive in bursts);
    changes to the seats of an open table, and the start, keep the version, so they carry none.
    """
    match_id, version = match.pk, match.version
    coalescable = version if match.version > 0 else None
    change = change or Change()
    changed, began, emails = change.turn_changes, change.turns_began, change.turn_emails

    def notify() -> None:
        if change.moved_by is not None:
            for listener in committed_here:
                try:
                    listener(match, change)
                except Exception:  # the sockets then read the table: they are told below
                    log.exception("could not hand match %s to this process's sockets", match_id)
        messages = [(table_group(match_id), {"type": "table.changed", "version": coalescable})]
        if lobby:
            messages.append((LOBBY_GROUP, {"type": "lobby.changed"}))
        for user_id in changed:
            event = {"type": "turns.changed", "match": match_id, "began": user_id in began}
            messages.append((turns_group(user_id), event))
        send_all(messages)
        if emails:
            queue_turn_emails(emails)
        try:
            if match.status == Match.Status.ACTIVE:
                queue_server_moves(match_id, version, match)
            elif match.status == Match.Status.FINISHED and match.rated:
                from games import tasks

                tasks.rate_finished_matches.delay()
        except Exception:  # the broker is down: the beat sweep queues it again later
            log.exception("could not queue the follow-up of match %s", match_id)

    transaction.on_commit(notify)


def queue_server_moves(match_id: int, version: int, match: Match | None = None) -> bool:
    """Queue the bot turns or the server step the table waits for, and the bots' optional moves.
    Returns whether it did. `match` is the table as just committed, if the caller has it (else
    it is read)."""
    from games import tasks  # tasks import the services

    if match is None:
        match = Match.objects.get(pk=match_id)
    if match.version != version or not match.is_active:
        return False
    status = state_of(match)[1]  # as the move left it: not loaded again
    seats = list(match.seats.all())
    # Optional moves: each bot seat named may take one after a human-like pause (asked on the
    # view of this version); the turn and the server step below never wait for them.
    low, high = settings.KORSAREN_BOT_OPTIONAL_DELAY_SECONDS
    optional = [s for s in seats if s.position in status.optional and s.bot_level]
    for seat in optional:
        tasks.play_bot_optional.apply_async(
            (match_id, seat.position, version), countdown=random.uniform(low, high)
        )
    if status.server_step is not None:
        tasks.take_server_step.apply_async(
            (match_id, version), countdown=settings.KORSAREN_ROUND_PAUSE_SECONDS
        )
        return True
    bot_seats = [s for s in seats if s.position in status.to_act and s.bot_level]
    for seat in bot_seats:
        tasks.play_bot_turn.apply_async(
            (match_id, seat.position, version), countdown=settings.KORSAREN_BOT_DELAY_SECONDS
        )
    return bool(bot_seats or optional)


def queue_turn_emails(user_ids) -> None:
    """Send these players their waiting tables' e-mail after a short countdown, which batches
    the tables whose turn begins meanwhile. A broker outage loses nothing: the outbox rows stay
    and beat's safety net sends them (notifications.tasks.send_pending_turn_emails)."""
    from notifications import tasks

    for user_id in user_ids:
        try:
            tasks.send_turn_emails.apply_async(
                (user_id,), countdown=settings.KORSAREN_TURN_EMAIL_DELAY_SECONDS
            )
        except Exception:
            log.exception("could not queue the turn e-mail of user %s", user_id)


def refresh_table(match_id: int) -> None:
    """Tell a table's sockets to read it afresh (not a move: no new version), after the
    commit: e.g. a player's time off changed its timer and what it says."""
    transaction.on_commit(
        lambda: send(table_group(match_id), {"type": "table.changed", "version": None})
    )


def notify_chat(match_id: int) -> None:
    """Tell a table's sockets that its chat changed (a message was written or hidden)."""
    send(table_group(match_id), {"type": "chat.changed"})


def session_tag(session_key: str) -> str:
    """A session's name in socket messages: not its key, which signs its browser in."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def end_sockets(user_id: int, session_key: str | None = None) -> None:
    """Close the user's open sockets: those opened in one session (signed out), or all of them
    (`session_key=None`: no session of theirs is valid any more)."""
    tag = session_tag(session_key) if session_key else None
    send(user_group(user_id), {"type": "session.ended", "session": tag})


def notify_mutes(user_id: int) -> None:
    """Tell a player's open tables that their chat mutes changed (the chat and the seats show
    them), once the change is stored."""
    transaction.on_commit(lambda: send(user_group(user_id), {"type": "mutes.changed"}))
