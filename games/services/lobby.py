"""Opening, filling and starting tables."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import bot_accounts, registry
from games.core import new_seed, seed_hash
from games.core.protocol import resolve_options
from games.core.rng import shuffled
from games.models import Match, Seat

from .errors import Conflict, NotAllowed, NotFound, ServiceError
from .notify import Change, after_commit
from .play import create_round
from .tables import deadline, locked
from .turns import mark_turns


def _game(slug: str):
    try:
        return registry.get(slug)
    except LookupError:
        raise ServiceError(_("There is no such game.")) from None


def bot_user(game: str, level: str) -> User:
    """The account a bot level of a game plays under (bots have accounts and ratings too), found
    as a bot by its key: never an account a person could have registered."""
    config = _game(game)
    if level not in config.game.bots.levels:
        raise ServiceError(_("There is no bot level called %(level)s.") % {"level": level})
    return bot_accounts.bot_user(level, game)


def create_table(
    user: User,
    *,
    game: str,
    seat_count: int,
    turn_seconds: int,
    rated: bool,
    private: bool,
    chat_spectators: bool = True,
    options: dict | None = None,
    seat: int | None = None,
) -> Match:
    """`seat`: the creator's chosen seat (a game whose presenter names its seats, such as
    White and Black); None draws every seat from the seed when the match starts."""
    config = _game(game)
    counts = config.game.player_counts
    if seat_count not in counts:
        raise ServiceError(
            _("This game is for %(counts)s players.")
            % {"counts": ", ".join(str(n) for n in counts)}
        )
    if turn_seconds not in Match.TurnTimer.values:
        raise ServiceError(_("Choose one of the offered turn timers."))
    try:
        options = resolve_options(config.game.options, options)
        # A game's own rule across its options (DK6: compulsory solos need 8 deals) is the
        # engine's: a match it would not start is refused here, not at the start.
        config.game.new(seat_count, "options-check", options)
    except ValueError:
        raise ServiceError(_("Choose one of the offered options.")) from None
    if seat is not None and not 0 <= seat < seat_count:
        raise ServiceError(_("There is no such seat at this table."))
    with transaction.atomic():
        match = Match.objects.create(
            created_by=user,
            game=game,
            options=options,
            seat_count=seat_count,
            turn_seconds=turn_seconds,
            rated=rated,
            private=private,
            chat_spectators=chat_spectators,
            draw_seats=seat is None and bool(config.presenter.seat_names),
        )
        Seat.objects.create(match=match, position=seat or 0, user=user)
        after_commit(match, lobby=True)
    return match


def _open_table(match_id: int) -> Match:
    match = locked(match_id)
    if not match.is_open:
        raise Conflict(_("This table has already started."))
    return match


def _free_position(match: Match, wanted: int | None = None) -> int | None:
    """The `wanted` position when it is free (a rematch's seat plan), else the first free one."""
    taken = set(match.seats.values_list("position", flat=True))
    if wanted is not None and wanted not in taken and 0 <= wanted < match.seat_count:
        return wanted
    return next((p for p in range(match.seat_count) if p not in taken), None)


def join_table(
    user: User, match_id: int, invite_code: str | None = None, *, position: int | None = None
) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        if match.private and invite_code != match.invite_code:
            raise NotAllowed(_("This table is private: you need its invite link."))
        if match.seats.filter(user=user).exists():
            raise Conflict(_("You are already seated at this table."))
        position = _free_position(match, position)
        if position is None:
            raise Conflict(_("This table is full."))
        try:
            with transaction.atomic():
                Seat.objects.create(match=match, position=position, user=user)
        except IntegrityError:
            raise Conflict(_("That seat was just taken; try again.")) from None
        after_commit(match, lobby=True)
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
        after_commit(match, lobby=True)
    return match


def _creator_only(match: Match, user: User) -> None:
    if user.pk != match.created_by_id:
        raise NotAllowed(_("Only the player who opened the table can do that."))


def add_bot(user: User, match_id: int, level: str, *, position: int | None = None) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        position = _free_position(match, position)
        if position is None:
            raise Conflict(_("This table is full."))
        bot = bot_user(match.game, level)
        Seat.objects.create(match=match, position=position, user=bot, bot_level=level)
        after_commit(match, lobby=True)
    return match


def remove_bot(user: User, match_id: int, position: int) -> Match:
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        deleted, _count = match.seats.filter(position=position).exclude(bot_level="").delete()
        if not deleted:
            raise NotFound(_("There is no bot in that seat."))
        after_commit(match, lobby=True)
    return match


def create_bot_match(
    game: str,
    levels: list[str],
    *,
    turn_seconds: int = 60,
    rated: bool = True,
    seed: str | None = None,
    options: dict | None = None,
) -> Match:
    """A public match of bots only, started at once (demo data, exercising the whole stack)."""
    config = _game(game)
    if len(levels) not in config.game.player_counts:
        raise ServiceError(_("This game is not played by %(n)d players.") % {"n": len(levels)})
    with transaction.atomic():
        creator = bot_user(game, levels[0])
        match = Match.objects.create(
            created_by=creator,
            game=game,
            options=resolve_options(config.game.options, options),
            seat_count=len(levels),
            turn_seconds=turn_seconds,
            rated=rated,
        )
        for position, level in enumerate(levels):
            Seat.objects.create(
                match=match, position=position, user=bot_user(game, level), bot_level=level
            )
        start_match(creator, match.pk, seed=seed)
    return Match.objects.get(pk=match.pk)


def start_match(user: User, match_id: int, seed: str | None = None) -> Match:
    """Make the game's first deal (or set up its board). Only `sha256(seed)` is shown until the
    match ends."""
    with transaction.atomic():
        match = _open_table(match_id)
        _creator_only(match, user)
        seats = list(match.seats.all())
        if len(seats) != match.seat_count:
            raise Conflict(_("Every seat must be filled before the match starts."))
        engine = match.engine
        match.seed = seed or new_seed()
        match.seed_sha256 = seed_hash(match.seed)
        if match.draw_seats:
            seats = _draw_seats(seats, match.seed)
        state = engine.new(match.seat_count, match.seed, match.options)
        status = engine.status(state)
        match.state = engine.dump(state)
        match.status = Match.Status.ACTIVE
        match.started_at = timezone.now()
        _seat_as_the_game_says(match, seats, registry.presenter(match.game).seating(state))
        teams = engine.teams(match.seat_count, match.options) or []
        for seat in seats:
            seat.team = next((t for t, team in enumerate(teams) if seat.position in team), None)
            seat.score = status.scores[seat.position] if status.scores else 0
            seat.save(update_fields=["team", "score"])
        # Only now that everyone sits where the game put them (WH3's cut for seats) is it known
        # whether a person is to act: their turn timer starts with the match.
        match.deadline = deadline(match, status)
        match.save()
        create_round(match, engine, state, status)
        change = Change()
        mark_turns(match, status, change, seats)
        after_commit(match, lobby=True, change=change)
    return match


def rematch(user: User, match_id: int) -> Match:
    """A new table after a finished match: the same game, options and bots, each player's seat as
    the game's presenter plans it (`rematch_options`, `rematch_seats`: Whist's next rubber, WH10;
    Dame's colours swapped), opened by the first of its players to ask; the others who ask join
    it while it is open (GAMES.md: a finished table leads on)."""
    with transaction.atomic():
        match = locked(match_id, with_seats=True)
        if match.status != Match.Status.FINISHED:
            raise Conflict(_("A rematch is offered once the match is over."))
        seats = list(match.seats.all())
        mine = next((s for s in seats if s.user_id == user.pk and not s.is_bot_seat), None)
        if mine is None:
            raise NotAllowed(_("Only the players of this match can ask for a rematch."))
        presenter = registry.presenter(match.game)
        state = match.engine.load(match.state)
        plan = presenter.rematch_seats(state) or list(range(match.seat_count))
        existing = match.rematches.filter(status=Match.Status.OPEN).first()
        if existing is not None:
            if not existing.seats.filter(user=user).exists():
                join_table(user, existing.pk, existing.invite_code, position=plan[mine.position])
            return existing
        new = create_table(
            user,
            game=match.game,
            seat_count=match.seat_count,
            turn_seconds=match.turn_seconds,
            rated=match.rated,
            private=match.private,
            chat_spectators=match.chat_spectators,
            options=presenter.rematch_options(dict(match.options), state),
            seat=plan[mine.position],
        )
        new.rematch_of = match
        new.save(update_fields=["rematch_of"])
        for seat in sorted(seats, key=lambda s: s.position):
            if seat.is_bot_seat:
                add_bot(user, new.pk, seat.bot_level, position=plan[seat.position])
        after_commit(match)  # the finished table now links to its rematch
    return new


def _draw_seats(seats: list[Seat], seed: str) -> list[Seat]:
    """Who sits where (DA2: who plays White), shuffled by the seed's "seats" stream, so the
    draw can be verified like every deal. Two passes keep each position unique."""
    positions = shuffled(sorted(s.position for s in seats), seed, "seats")
    for seat in seats:
        seat.position += 1000
    Seat.objects.bulk_update(seats, ["position"])
    by_old = sorted(seats, key=lambda s: s.position)
    for seat, position in zip(by_old, positions, strict=True):
        seat.position = position
    Seat.objects.bulk_update(seats, ["position"])
    return seats


def _seat_as_the_game_says(match: Match, seats: list[Seat], places: list[int] | None) -> None:
    """Move each player to the seat the game's start gave them (Whist's cut for seats, WH3):
    through free positions first, as no two seats of a match may share a position."""
    if not places or places == list(range(match.seat_count)):
        return
    for seat in seats:
        seat.position += match.seat_count
        seat.save(update_fields=["position"])
    for seat in seats:
        seat.position = places[seat.position - match.seat_count]
        seat.save(update_fields=["position"])
