"""The only code that changes a match (shared/DESIGN.md, "The data path of one move").

Every write locks the match row, checks who is acting and on which version of the table, applies
the engine, persists the state with its Move/Round/PenaltyCard rows, and only after the
transaction commits tells the table's channel group and queues the follow-up tasks (bot turns,
the next deal). Humans, bots and the turn timer all come through here.
"""

from __future__ import annotations

import hashlib
import logging
import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from games import bot_accounts, bots
from games.korsaren import (
    ANNULLED,
    ATTACH,
    DISCARD,
    DRAW,
    SCORED,
    Attach,
    Deal,
    Discard,
    IllegalAction,
    MalformedAction,
    MatchState,
    SetSail,
    apply,
    default_laydown,
    new_match,
    new_seed,
    parse_action,
    seats_to_act,
    seed_hash,
    view,
)
from games.models import Match, Move, PenaltyCard, Round, Seat
from games.presentation import COLOUR_NAMES, card_label
from games.selectors import seat_of

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_TAKEOVER = 3  # R10
TIMEOUT_BOT = "deckhand"  # R10: the easiest level plays for an absent player


class ServiceError(Exception):
    """A refusal with a message fit to show the user; nothing was changed."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    """The table is not in the state the request assumed (stale version, already started...)."""

    status = 409


# --- Lookups and after-commit notifications ---------------------------------------------------


def table_group(match_id: int) -> str:
    return f"table-{match_id}"


LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    """Every socket of a signed-in user listens here (a ban closes them; mutes re-render them)."""
    return f"user-{user_id}"


def _locked(match_id: int, with_seats: bool = False) -> Match:
    """The match, its row locked until the transaction ends: every change of a match goes
    through here, one at a time. `with_seats` reads the seats along (for a move: whose seat,
    whose timer, which bots to wake); only for callers that don't add or remove seats."""
    qs = Match.objects.select_for_update()
    if with_seats:
        qs = qs.prefetch_related("seats")
    try:
        return qs.get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such table.")) from None


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # Redis down: the state is safe in the database; clients catch up later
        log.exception("could not notify %s", group)


def _after_commit(match: Match, lobby: bool = False) -> None:
    """Tell everyone watching, then queue whatever the game now waits for from the server.

    Sockets skip a "table changed" whose version they already show (moves arrive in bursts);
    changes to the seats of an open table, and the start, keep the version, so they carry none.
    """
    match_id, version = match.pk, match.version
    coalescable = version if match.version > 0 else None

    def notify() -> None:
        _send(table_group(match_id), {"type": "table.changed", "version": coalescable})
        if lobby:
            _send(LOBBY_GROUP, {"type": "lobby.changed"})
        try:
            if match.status == Match.Status.ACTIVE:
                _queue_server_moves(match_id, version, match)
            elif match.status == Match.Status.FINISHED and match.rated:
                from games import tasks

                tasks.rate_finished_matches.delay()
        except Exception:  # the broker is down: the beat sweep queues it again later
            log.exception("could not queue the follow-up of match %s", match_id)

    transaction.on_commit(notify)


def _queue_server_moves(match_id: int, version: int, match: Match | None = None) -> bool:
    """Queue the bot turns or the next deal the table waits for. Returns whether it did.
    `match` is the table as just committed, if the caller has it (else it is read)."""
    from games import tasks  # tasks import this module

    if match is None:
        match = Match.objects.get(pk=match_id)
    if match.version != version or not match.is_active:
        return False
    state = match.engine_state
    waiting = seats_to_act(state)
    if state.round.phase in (SCORED, ANNULLED):
        tasks.deal_next_round.apply_async(
            (match_id, version), countdown=settings.KORSAREN_ROUND_PAUSE_SECONDS
        )
        return True
    bot_seats = [s for s in match.seats.all() if s.position in waiting and s.bot_level]
    for seat in bot_seats:
        tasks.play_bot_turn.apply_async(
            (match_id, seat.position, version), countdown=settings.KORSAREN_BOT_DELAY_SECONDS
        )
    return bool(bot_seats)


def kick_stalled_matches(now: datetime | None = None) -> int:
    """Queue again what active matches wait for from the server when nothing happened for a
    while: a task lost with a killed worker or a Redis restart must not stall a table. Tasks
    are idempotent, so a duplicate plays nothing."""
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.KORSAREN_STALL_SECONDS)
    # A table waiting for a human has a deadline (the timer deals with it); one without waits
    # for the server: a bot or the next deal.
    stalled = Match.objects.filter(
        status=Match.Status.ACTIVE, deadline__isnull=True, updated_at__lt=cutoff
    )
    return sum(_queue_server_moves(pk, v) for pk, v in stalled.values_list("pk", "version"))


# --- The lobby --------------------------------------------------------------------------------


def bot_user(level: str) -> User:
    """The account a bot level plays under (bots have accounts and ratings too), found as a bot
    by its key: never an account a person could have registered (games/bot_accounts.py)."""
    if level not in bots.LEVELS:
        raise ServiceError(_("There is no bot level called %(level)s.") % {"level": level})
    return bot_accounts.bot_user(level)


def create_table(
    user: User,
    *,
    seat_count: int,
    turn_seconds: int,
    rated: bool,
    private: bool,
    chat_spectators: bool = True,
) -> Match:
    if seat_count not in (2, 3, 4):
        raise ServiceError(_("A table has 2, 3 or 4 seats."))
    if turn_seconds not in Match.TurnTimer.values:
        raise ServiceError(_("Choose one of the offered turn timers."))
    with transaction.atomic():
        match = Match.objects.create(
            created_by=user,
            seat_count=seat_count,
            turn_seconds=turn_seconds,
            rated=rated,
            private=private,
            chat_spectators=chat_spectators,
        )
        Seat.objects.create(match=match, position=0, user=user)
        _after_commit(match, lobby=True)
    return match


def _open_table(match_id: int) -> Match:
    match = _locked(match_id)
    if not match.is_open:
        raise Conflict(_("This table has already started."))
    return match


def _free_position(match: Match) -> int | None:
    taken = set(match.seats.values_list("position", flat=True))
    return next((p for p in range(match.seat_count) if p not in taken), None)


def join_table(user: User, match_id: int, invite_code: str | None = None) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        if match.private and invite_code != match.invite_code:
            raise NotAllowed(_("This table is private: you need its invite link."))
        if match.seats.filter(user=user).exists():
            raise Conflict(_("You are already seated at this table."))
        position = _free_position(match)
        if position is None:
            raise Conflict(_("This table is full."))
        try:
            with transaction.atomic():
                Seat.objects.create(match=match, position=position, user=user)
        except IntegrityError:
            raise Conflict(_("That seat was just taken; try again.")) from None
        _after_commit(match, lobby=True)
    return match


def leave_table(user: User, match_id: int) -> Match:
    """Leave before the start. The creator leaving closes the table."""
    with transaction.atomic():
        match = _open_table(match_id)
        seat = match.seats.filter(user=user, bot_level="").first()
        if seat is None:
            raise NotAllowed(_("You are not seated at this table."))
        if user.pk == match.created_by_id:
            match.status = Match.Status.ABORTED
            match.finished_at = timezone.now()
            match.save(update_fields=["status", "finished_at"])
        else:
            seat.delete()
        _after_commit(match, lobby=True)
    return match


def _creator_only(match: Match, user: User) -> None:
    if user.pk != match.created_by_id:
        raise NotAllowed(_("Only the player who opened the table can do that."))


def add_bot(user: User, match_id: int, level: str) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        position = _free_position(match)
        if position is None:
            raise Conflict(_("This table is full."))
        Seat.objects.create(match=match, position=position, user=bot_user(level), bot_level=level)
        _after_commit(match, lobby=True)
    return match


def remove_bot(user: User, match_id: int, position: int) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        deleted, _count = match.seats.filter(position=position).exclude(bot_level="").delete()
        if not deleted:
            raise NotFound(_("There is no bot in that seat."))
        _after_commit(match, lobby=True)
    return match


def create_bot_match(
    levels: list[str], *, turn_seconds: int = 60, rated: bool = True, seed: str | None = None
) -> Match:
    """A public match of bots only, started at once (demo data, exercising the whole stack)."""
    if len(levels) not in (2, 3, 4):
        raise ServiceError(_("A table has 2, 3 or 4 seats."))
    with transaction.atomic():
        creator = bot_user(levels[0])
        match = Match.objects.create(
            created_by=creator, seat_count=len(levels), turn_seconds=turn_seconds, rated=rated
        )
        for position, level in enumerate(levels):
            Seat.objects.create(
                match=match, position=position, user=bot_user(level), bot_level=level
            )
        start_match(creator, match.pk, seed=seed)
    return Match.objects.get(pk=match.pk)


def start_match(user: User, match_id: int, seed: str | None = None) -> Match:
    """Deal the first round. Only `sha256(seed)` is shown until the match ends."""
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        if match.seats.count() != match.seat_count:
            raise Conflict(_("Every seat must be filled before the match starts."))
        match.seed = seed or new_seed()
        match.seed_sha256 = seed_hash(match.seed)
        state = new_match(match.seat_count, match.seed)
        match.state = state.to_dict()
        match.status = Match.Status.ACTIVE
        match.started_at = timezone.now()
        match.deadline = _deadline(match, state)
        match.save()
        _create_round(match, state)
        _after_commit(match, lobby=True)
    return match


# --- Playing ----------------------------------------------------------------------------------


@dataclass
class Outcome:
    match: Match
    state: MatchState


def play(match_id: int, user: User, action: dict, expected_version: int) -> Outcome:
    """A human's move. `action` is the engine's action without its seat: the seat is the user's."""
    with transaction.atomic():
        match = _locked(match_id, with_seats=True)
        if not match.is_active:
            raise Conflict(_("This match is not being played."))
        seat = seat_of(match, user)
        if seat is None:
            raise NotAllowed(_("You are not seated at this table."))
        if seat.is_bot_controlled:
            raise Conflict(_("A bot is playing your seat: take your seat back first."))
        if not isinstance(action, dict):
            raise ServiceError(_("That is not a move."))
        parsed = _parse({**action, "seat": seat.position})
        state = match.engine_state
        _check_version(match, state, parsed, expected_version)
        new = _apply(state, parsed)
        if seat.timeouts:
            seat.timeouts = 0
            seat.save(update_fields=["timeouts"])
        _record(match, state, new, parsed, Move.Actor.PLAYER)
    return Outcome(match, new)


def _parse(action: dict):
    try:
        return parse_action(action)
    except MalformedAction as e:
        log.info("malformed action %r: %s", action, e)
        raise ServiceError(_("That is not a move.")) from None


def _up_to_date(match: Match, state: MatchState, seat: int, expected_version: int) -> bool:
    """Whether a move made on `expected_version` of the table may still be played. Opponents lay
    down simultaneously (R6): another opponent's lay-down does not make yours stale."""
    if expected_version == match.version:
        return True
    return state.round.phase == ATTACH and seat in seats_to_act(state)


def _check_version(match: Match, state: MatchState, action, expected_version) -> None:
    if not _up_to_date(match, state, action.seat, expected_version):
        raise Conflict(
            _("The table changed before your move arrived, so it was not played. Look again.")
        )


def _apply(state: MatchState, action) -> MatchState:
    if action.seat not in seats_to_act(state):
        raise Conflict(_("It is not your turn."))
    try:
        return apply(state, action)
    except IllegalAction as e:
        raise ServiceError(refusal(e)) from None


# The engine (pure Python, no Django) explains a refusal in English; the player reads one of these
# instead. Every message the engine can raise matches one pattern; named groups are a card ("card"),
# a colour ("colour"), a number ("number") or a pile ("pile"), shown in the player's language.
ENGINE_REFUSALS = [
    (r"a crew has at most two colours", gettext_lazy("A crew has at most two colours.")),
    (r"the two crew colours must differ", gettext_lazy("The two crew colours must differ.")),
    (
        r"(?P<colour>[a-z]+) is the pier colour: those cards are prisoners",
        gettext_lazy("The pier is %(colour)s: those cards are prisoners, not crew."),
    ),
    (
        r"the same card cannot be attached twice",
        gettext_lazy("The same card cannot be attached twice."),
    ),
    (r"(?P<card>[a-z]+-\d+) is not in your hand", gettext_lazy("%(card)s is not in your hand.")),
    (
        r"(?P<card>[a-z]+-\d+) is not of a colour of the closer's crew",
        gettext_lazy("%(card)s is not of a colour of the closer's crew."),
    ),
    (
        r"the closer's crew already has a (?P<number>\d+)",
        gettext_lazy("The closer's crew already has a %(number)s."),
    ),
    (
        r"one player may not attach two cards with the same number",
        gettext_lazy("You may not attach two cards with the same number."),
    ),
    (
        r"only opponents of the closer attach cards",
        gettext_lazy("Only the closer's opponents attach cards."),
    ),
    (r"the match is over", gettext_lazy("The match is over.")),
    (r"there is no seat \d+ at this table", gettext_lazy("There is no such seat at this table.")),
    (r"it is seat \d+'s turn, not seat \d+'s", gettext_lazy("It is not your turn.")),
    (
        r"the closer has laid down; the opponents are laying down now",
        gettext_lazy("You have set sail: now your opponents lay down their cards."),
    ),
    (
        r"seat \d+ has already laid down this round",
        gettext_lazy("You have already laid down your cards this round."),
    ),
    (
        r"the round is over; seat \d+ deals the next one",
        gettext_lazy("The round is over; the next one is being dealt."),
    ),
    (r"drawing is not possible now .*", gettext_lazy("You cannot draw a card now.")),
    (r"discarding is not possible now .*", gettext_lazy("You cannot discard now.")),
    (r"setting sail .*", gettext_lazy("You can set sail only after drawing a card.")),
    (
        r"attaching .*",
        gettext_lazy("Cards are attached only after a player has set sail."),
    ),
    (r"the stock is empty", gettext_lazy("The stock is empty.")),
    (r"the discard is empty", gettext_lazy("The discard pile is empty.")),
    (r"the pier is empty", gettext_lazy("The pier is empty.")),
    (
        r"you drew the last stock card: you must set sail",
        gettext_lazy("You drew the last card of the stock: you must set sail."),
    ),
    (
        r"the next round is dealt only when this one is over",
        gettext_lazy("The next round is dealt only when this one is over."),
    ),
]
_ENGINE_REFUSALS = [(re.compile(pattern), text) for pattern, text in ENGINE_REFUSALS]


def refusal(error: IllegalAction) -> str:
    """The player's-language sentence for an engine refusal (a generic one naming the rule's
    section if the engine ever says something this list does not know)."""
    for pattern, text in _ENGINE_REFUSALS:
        found = pattern.fullmatch(error.message)
        if found:
            parts = found.groupdict()
            if "card" in parts:
                parts["card"] = card_label(parts["card"])
            if "colour" in parts:
                parts["colour"] = COLOUR_NAMES.get(parts["colour"], parts["colour"])
            return capfirst(str(text) % parts if parts else str(text))
    log.warning("no translation for the engine's refusal %r", error.message)
    return _("That move is not allowed by the rules (%(rule)s).") % {"rule": error.rule}


def play_bot_turn(match_id: int, position: int, expected_version: int) -> bool:
    """Play one action for a bot-controlled seat, if the table is still at `expected_version`.
    A retried or duplicated task finds a newer version (or the seat done) and plays nothing."""
    with transaction.atomic():
        match = _locked(match_id)
        if not match.is_active:
            return False
        seat = match.seats.filter(position=position).first()
        if seat is None or not seat.is_bot_controlled:
            return False
        state = match.engine_state
        if not _up_to_date(match, state, position, expected_version):
            return False
        if position not in seats_to_act(state) or state.round.phase in (SCORED, ANNULLED):
            return False
        choice = bots.choose_action(seat.bot_level, view(state, position), rng=random.Random())
        new = apply(state, parse_action(choice))  # a bot's illegal move is a bug: let it raise
        _record(match, state, new, parse_action(choice), Move.Actor.BOT)
    return True


def deal_next_round(match_id: int, expected_version: int) -> bool:
    """Deal the next round for its dealer once the pause after a round is over (R2)."""
    with transaction.atomic():
        match = _locked(match_id)
        if not match.is_active or match.version != expected_version:
            return False
        state = match.engine_state
        if state.round.phase not in (SCORED, ANNULLED) or state.match_over:
            return False
        action = Deal(seats_to_act(state)[0])
        _record(match, state, apply(state, action), action, Move.Actor.TIMER)
    return True


def _timeout_actions(state: MatchState, position: int) -> list:
    """What the server plays for an absent player (R10): the Deckhand's draw and discard (never
    its decision to set sail, unless the last stock card forces it), or the R6 default."""
    actions = []
    while position in seats_to_act(state) and state.round.phase in (DRAW, DISCARD, ATTACH):
        if state.round.phase == ATTACH:
            r = state.round
            ld = default_laydown(r.hands[position], r.pier_colour, r.laydowns[r.closer])
            action = Attach(position, ld.attached, ld.crew_colours)
        else:
            choice = parse_action(
                bots.choose_action(TIMEOUT_BOT, view(state, position), rng=random.Random())
            )
            if isinstance(choice, SetSail) and not state.round.must_sail:
                choice = Discard(position, choice.card)
            action = choice
        actions.append(action)
        state = apply(state, action)
        if state.round.phase == DRAW:
            break  # the turn is over
    return actions


def sweep_timeouts(now: datetime | None = None) -> int:
    """Play for every player whose time ran out (run by Celery beat). Returns how many seats."""
    now = now or timezone.now()
    played = 0
    due = Match.objects.filter(status=Match.Status.ACTIVE, deadline__lte=now)
    for match_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            match = _locked(match_id)
            if not match.is_active or match.deadline is None or match.deadline > now:
                continue
            state = match.engine_state
            humans = match.seats.filter(position__in=seats_to_act(state), bot_level="")
            for seat in humans:
                for action in _timeout_actions(state, seat.position):
                    new = apply(state, action)
                    _record(match, state, new, action, Move.Actor.TIMER, notify=False)
                    state = new
                seat.timeouts += 1
                if seat.timeouts >= TIMEOUTS_BEFORE_TAKEOVER:  # R10: a bot takes the seat over
                    seat.abandoned = True
                    seat.bot_level = TIMEOUT_BOT
                seat.save(update_fields=["timeouts", "abandoned", "bot_level"])
                played += 1
            match.deadline = _deadline(match, state) if match.is_active else None
            match.save(update_fields=["deadline"])
            _after_commit(match)
    return played


def take_seat_back(user: User, match_id: int) -> Match:
    """R10: a player whose seat a bot took over plays it again."""
    with transaction.atomic():
        match = _locked(match_id)
        if not match.is_active:
            raise Conflict(_("This match is not being played."))
        # A seat the timer gave to a bot (R10), never one a bot was added to (issue 15).
        seat = match.seats.filter(user=user, abandoned=True).exclude(bot_level="").first()
        if seat is None:
            raise Conflict(_("Your seat is not played by a bot."))
        seat.bot_level = ""
        seat.abandoned = False
        seat.timeouts = 0
        seat.save(update_fields=["bot_level", "abandoned", "timeouts"])
        state = match.engine_state
        match.version += 1  # the table looks different now; stale pages must not act
        match.deadline = _deadline(match, state)
        match.save(update_fields=["version", "deadline"])
        _after_commit(match)
    return match


def abort_match(match_id: int, reason: str) -> Match:
    """End a match for everyone, with a notice (moderation). Nothing is rated: an aborted match
    never counts (only finished ones do)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.is_over:
            raise Conflict(_("This match is already over."))
        match.status = Match.Status.ABORTED
        match.finished_at = timezone.now()
        match.deadline = None
        match.notice = reason
        match.version += 1  # pages showing the match in play must not act on it any more
        match.save()
        _after_commit(match, lobby=True)
    return match


def notify_chat(match_id: int) -> None:
    """Tell a table's sockets that its chat changed (a message was written or hidden)."""
    _send(table_group(match_id), {"type": "chat.changed"})


def session_tag(session_key: str) -> str:
    """A session's name in socket messages: not its key, which signs its browser in."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def end_sockets(user_id: int, session_key: str | None = None) -> None:
    """Close the user's open sockets: those opened in one session (signed out), or all of them
    (`session_key=None`: no session of theirs is valid any more)."""
    tag = session_tag(session_key) if session_key else None
    _send(user_group(user_id), {"type": "session.ended", "session": tag})


def notify_mutes(user_id: int) -> None:
    """Tell a player's open tables that their chat mutes changed (the chat and the seats show
    them), once the change is stored."""
    transaction.on_commit(lambda: _send(user_group(user_id), {"type": "mutes.changed"}))


# --- Persisting ------------------------------------------------------------------------------


def _deadline(match: Match, state: MatchState) -> datetime | None:
    """The turn timer runs while the game waits for a human (R10)."""
    if state.match_over or state.round.phase in (SCORED, ANNULLED):
        return None
    waiting = seats_to_act(state)
    if not any(s.position in waiting and not s.bot_level for s in match.seats.all()):
        return None
    return timezone.now() + timedelta(seconds=match.turn_seconds)


def _create_round(match: Match, state: MatchState) -> Round:
    r = state.round
    return Round.objects.create(
        match=match,
        number=r.number,
        dealer=r.dealer,
        is_last=r.is_last,
        penalties_before=state.penalties(),
        deal={
            "players": state.players,
            "dealer": r.dealer,
            "penalties": state.penalties(),
            "hands": r.hands,
            "pier": r.pier,
            "discard": r.discard,
            "stock": r.stock,
        },
    )


def _record(
    match: Match, old: MatchState, new: MatchState, action, actor: str, notify: bool = True
) -> None:
    """Store one applied action: the Move, the round's start or end, the state and version."""
    match.version += 1
    match.state = new.to_dict()
    if isinstance(action, Deal):
        round_row = _create_round(match, new)
    else:
        # Only its id (and the scoring's fields, set and saved if the round ends here): the
        # row also holds the deal, a JSON document no move needs to read.
        round_row = Round.objects.only("id").get(match=match, number=old.round.number)
    Move.objects.create(
        match=match,
        seq=match.version,
        round=round_row,
        seat=action.seat,
        action=action.to_dict(),
        actor=actor,
    )
    r = new.round
    round_ended = r.phase in (SCORED, ANNULLED) and old.round.phase not in (SCORED, ANNULLED)
    if round_ended:
        _close_round(match, round_row, new)
    if new.match_over:
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        for seat in match.seats.all():
            seat.final_rank = new.ranking[seat.position]
            seat.save(update_fields=["final_rank"])
    match.deadline = _deadline(match, new)
    match.save()
    if notify:
        _after_commit(match, lobby=new.match_over)


def _close_round(match: Match, round_row: Round, state: MatchState) -> None:
    r = state.round
    round_row.ended_at = timezone.now()
    round_row.annulled = r.phase == ANNULLED
    round_row.closer = r.closer
    round_row.result = {
        **(r.result or {}),
        "laydowns": [ld.to_dict() if ld else None for ld in r.laydowns],
    }
    round_row.save()
    if r.phase == SCORED:
        PenaltyCard.objects.bulk_create(
            PenaltyCard(match=match, round=round_row, seat=seat, card=card)
            for seat, cards in enumerate(r.result["penalty_cards"])
            for card in cards
        )
        penalties = state.penalties()
        for seat in match.seats.all():
            seat.penalty_count = penalties[seat.position]
            seat.save(update_fields=["penalty_count"])
