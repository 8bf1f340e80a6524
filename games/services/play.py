"""Playing: a human's move, a bot's turn, the server's own steps, and how each is stored
(README, "How a move travels")."""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import registry
from games.core import Game, IllegalAction, MalformedAction, Status
from games.models import Match, Move, Round, Seat
from games.selectors import remember_state, seat_of

from . import rows
from .errors import Conflict, NotAllowed, ServiceError
from .notify import Change, after_commit
from .tables import deadline, locked
from .turns import mark_turns

log = logging.getLogger(__name__)


@dataclass
class Outcome:
    match: Match
    state: Any


def play(match_id: int, user: User, action: dict, expected_version: int) -> Outcome:
    """A human's move. `action` is the engine's action without its seat: the seat is the user's."""
    with transaction.atomic():
        match = locked(match_id, with_seats=True)
        if not match.is_active:
            raise Conflict(_("This match is not being played."))
        seat = seat_of(match, user)
        if seat is None:
            raise NotAllowed(_("You are not seated at this table."))
        if seat.is_bot_controlled:
            raise Conflict(_("A bot is playing your seat: take your seat back first."))
        if not isinstance(action, dict):
            raise ServiceError(_("That is not a move."))
        new = _play_seat(match, seat, action, expected_version, Move.Actor.PLAYER)
    return Outcome(match, new)


def _play_seat(match: Match, seat: Seat, action: dict, expected_version: int, actor: str):
    """Apply `action` for `seat`, made on `expected_version` of the locked `match`, and store it.
    Raises a ServiceError (nothing stored) if the seat may not make it now."""
    engine = match.engine
    state = engine.load(match.state)
    status = engine.status(state)
    action = {**action, "seat": seat.position}
    on_turn = seat.position in status.to_act
    if on_turn:
        if not _up_to_date(match, status, seat.position, expected_version):
            raise Conflict(
                _("The table changed before your move arrived, so it was not played. Look again.")
            )
    elif seat.position not in status.optional and (
        # Out of turn only what the engine lists for the seat now (resigning, DA7), never
        # the step the server takes; legal whatever the seat saw, so no version check.
        action == status.server_step or action not in engine.legal_actions(state, seat.position)
    ):
        if _overtaken(match, expected_version, seat):  # e.g. the other of two interjections
            raise Conflict(_acted_first(_("Look again.")))
        raise Conflict(_("It is not your turn."))
    # else an optional move (an interjection, an announcement): the engine judges it on the
    # table as it is now, whatever version the seat saw (MM10: in the order they arrive).
    try:
        new = engine.apply(state, action)
    except MalformedAction as e:
        log.info("malformed action %r: %s", action, e)
        raise ServiceError(_("That is not a move.")) from None
    except IllegalAction as e:
        refusal = registry.presenter(match.game).refusal(e)
        if not on_turn and _overtaken(match, expected_version, seat):
            raise Conflict(_acted_first(refusal)) from None
        raise ServiceError(refusal) from None
    if seat.timeouts and actor == Move.Actor.PLAYER:
        seat.timeouts = 0
        rows.update(seat, ["timeouts"])
    record(match, engine, state, status, new, action, actor)
    return new


def _overtaken(match: Match, version: int, seat: Seat) -> bool:
    """Whether another seat (or the server) moved after `version`, the table the seat saw:
    of two seats racing for one moment, the match's row lock let the other through first."""
    return version < match.version and (
        match.moves.filter(seq__gt=version).exclude(seat=seat.position).exists()
    )


def _acted_first(reason: str) -> str:
    return _("Someone else acted first, so your move was not played. %(reason)s") % {
        "reason": reason
    }


def _up_to_date(match: Match, status: Status, seat: int, expected_version: int) -> bool:
    """Whether a move made on `expected_version` of the table may still be played. In a
    simultaneous phase (Korsaren's lay-downs, R6) another seat's action does not make yours
    stale."""
    if expected_version == match.version:
        return True
    return status.simultaneous and seat in status.to_act


def play_bot_turn(match_id: int, position: int, expected_version: int) -> bool:
    """Play one action for a bot-controlled seat, if the table is still at `expected_version`.
    A retried or duplicated task finds a newer version (or the seat done) and plays nothing."""
    with transaction.atomic():
        match = locked(match_id)
        if not match.is_active:
            return False
        seat = match.seats.filter(position=position).first()
        if seat is None or not seat.is_bot_controlled:
            return False
        engine = match.engine
        state = engine.load(match.state)
        status = engine.status(state)
        if not _up_to_date(match, status, position, expected_version):
            return False
        if position not in status.to_act:
            return False
        seen = engine.view(state, position)
        choice = engine.bots.choose(seat.bot_level, seen, random.Random(), clock=time.perf_counter)
        action = {**choice, "seat": position}
        new = engine.apply(state, action)  # a bot's illegal move is a bug: let it raise
        record(match, engine, state, status, new, action, _bot_actor(seat))
    return True


def _bot_actor(seat: Seat) -> str:
    """Who made a bot's move, as the log says it: a bot playing a person's seat it took over
    (three timeouts, a ban) is a stand-in (issue 28.15), on its turn or out of it."""
    return Move.Actor.STANDIN if seat.abandoned else Move.Actor.BOT


def play_bot_optional(match_id: int, position: int, expected_version: int) -> bool:
    """Ask a bot seat named in Status.optional whether it makes its optional move (an
    interjection, an announcement) on the table at `expected_version`, and play its answer as a
    person's move made on that version. The bot thinks without holding the row lock; a table
    that moved on meanwhile plays the move only if the engine still allows it (else it is
    dropped: someone acted first). A later version queued its own ask, so a stale task asks
    nothing."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_active or match.version != expected_version:
        return False
    seat = match.seats.filter(position=position).first()
    engine = match.engine
    ask = getattr(engine.bots, "optional", None)
    if seat is None or not seat.is_bot_controlled or ask is None:
        return False
    state = engine.load(match.state)
    if position not in engine.status(state).optional:
        return False
    seen = engine.view(state, position)
    choice = ask(seat.bot_level, seen, random.Random())  # a quick decision: no time budget
    if choice is None:
        return False
    with transaction.atomic():
        match = locked(match_id, with_seats=True)
        seat = next((s for s in match.seats.all() if s.position == position), None)
        if not match.is_active or seat is None or not seat.is_bot_controlled:
            return False
        try:
            _play_seat(match, seat, choice, expected_version, _bot_actor(seat))
        except ServiceError as e:
            if match.version == expected_version:  # refused on the table it saw: a bot's bug
                log.error("bot %s at match %s: %r refused: %s", position, match_id, choice, e)
            return False
    return True


def take_server_step(match_id: int, expected_version: int) -> bool:
    """Take the step the game waits for from the server itself (the next deal, after the pause
    that lets players look at the last round's result)."""
    with transaction.atomic():
        match = locked(match_id)
        if not match.is_active or match.version != expected_version:
            return False
        engine = match.engine
        state = engine.load(match.state)
        status = engine.status(state)
        if status.server_step is None:
            return False
        action = status.server_step
        record(match, engine, state, status, engine.apply(state, action), action, Move.Actor.SERVER)
    return True


# --- Persisting ------------------------------------------------------------------------------

# What a recorded action changes on the match row (the rest of the row is left alone).
MOVE_FIELDS = ["version", "state", "deadline", "status", "finished_at", "updated_at"]


def create_round(match: Match, engine: Game, state, status: Status) -> Round:
    # By the match's id: a round holding the match that holds it would be a cycle (issue 37).
    round_row = Round.objects.create(
        match_id=match.pk, number=status.round, setup=engine.round_setup(state)
    )
    match.current_round = round_row
    match.save(update_fields=["current_round"])
    return round_row


def _current_round(match: Match, number: int) -> Round:
    """The round in play, as a row to point at and update (its setup, a JSON document no move
    needs, is not read)."""
    if match.current_round_id is not None:
        return Round.from_db(
            None, ["id", "match_id", "number"], [match.current_round_id, match.pk, number]
        )
    return Round.objects.only("id").get(match=match, number=number)


def record(
    match: Match,
    engine: Game,
    old,
    old_status: Status,
    new,
    action: dict,
    actor: str,
    change: Change | None = None,
) -> Status:
    """Store one applied action: the Move, the round's start or end, the seats' scores, the
    state and the version, and tell everyone once it commits. Returns the new status. Given a
    `change`, the caller tells them later (several actions in one transaction: the timer's)."""
    status = engine.status(new)
    match.version += 1
    match.state = engine.dump(new)
    if status.round != old_status.round:
        round_row = create_round(match, engine, new, status)
    else:
        round_row = _current_round(match, old_status.round)
    # The Move, the match and the turn markers go together (rows.Writes: one round trip).
    writes = rows.Writes()
    writes.insert(
        Move(
            match=match,
            seq=match.version,
            round=round_row,
            seat=action["seat"],
            action=action,
            actor=actor,
        )
    )
    ended = status.round_over or status.over
    if ended and not (old_status.round_over or old_status.over):
        round_row.ended_at = timezone.now()
        round_row.void = status.round_void
        round_row.result = engine.round_result(new)
        round_row.save(update_fields=["ended_at", "void", "result"])
        registry.presenter(match.game).on_round_end(match, round_row, new)
    seats = list(match.seats.all())
    if status.scores != old_status.scores:
        changed = [s for s in seats if s.score != status.scores[s.position]]
        for seat in changed:
            seat.score = status.scores[seat.position]
        Seat.objects.bulk_update(changed, ["score"])
    if status.over:
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        for seat in seats:
            seat.final_rank = status.ranking[seat.position]
        Seat.objects.bulk_update(seats, ["final_rank"])
    match.deadline = deadline(match, status)
    writes.update(match, MOVE_FIELDS)
    notify = change is None
    change = change or Change()
    mark_turns(match, status, change, seats, writes)
    writes.send()
    change.moved_by = actor  # selectors.table_after: the round's actors, one more
    change.seats_read = rows.seats_read(match)
    remember_state(match, new, status)
    if notify:
        after_commit(match, lobby=status.over, change=change)
    return status
