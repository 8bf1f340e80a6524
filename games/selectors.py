"""Reads for pages and sockets (the write side is games/services.py)."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Count, Prefetch, QuerySet

from accounts.models import User
from games.match_read import read_match
from games.models import Match, Move, Round, Seat


def with_seats(qs: QuerySet[Match]) -> QuerySet[Match]:
    return qs.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def open_public_tables(game: str = "") -> QuerySet[Match]:
    qs = Match.objects.filter(status=Match.Status.OPEN, private=False)
    return with_seats(
        (qs.filter(game=game) if game else qs)
        .select_related("created_by")
        .annotate(taken=Count("seats"))
        .order_by("-created_at")
    )


def live_public_matches(limit: int = 20, game: str = "") -> QuerySet[Match]:
    qs = Match.objects.filter(status=Match.Status.ACTIVE, private=False)
    return with_seats((qs.filter(game=game) if game else qs).order_by("-started_at"))[:limit]


def my_open_tables(user: User) -> QuerySet[Match]:
    if not user.is_authenticated:
        return Match.objects.none()
    return with_seats(
        Match.objects.filter(
            status__in=[Match.Status.OPEN, Match.Status.ACTIVE], seats__user=user
        ).distinct()
    )


_GAMES: dict[int, str] = {}  # match id -> game: a match never changes its game


def game_of(match_id: int) -> str | None:
    """The game a match plays (cached per process: a move needs it before anything else)."""
    game = _GAMES.get(match_id)
    if game is None:
        game = Match.objects.filter(pk=match_id).values_list("game", flat=True).first()
        if game is not None and len(_GAMES) < 100_000:
            _GAMES[match_id] = game
    return game


def get_match(match_id: int) -> Match | None:
    """The match with its seats and players (games/match_read.py: no cyclic garbage)."""
    return read_match(int(match_id))


def get_table(match_id: int, previous: Match | None = None) -> Match | None:
    """The match as a table shows it: seats and players, and the last ended round (the result a
    player looks back at while the next round is played). Given an earlier load of the same
    match in the same round, that round is taken from it: only the end of a round changes it."""
    match = read_match(int(match_id))
    if match is None:
        return None
    same_round = previous is not None and _round_of(match) == _round_of(previous)
    if same_round and hasattr(previous, "latest_ended"):
        match.latest_ended = previous.latest_ended
    latest_ended_round(match)  # read here, not later while rendering
    away_at(match)
    round_actors(match)
    return match


def table_after(previous: Match, match: Match, actor: str | None, seats_read: bool) -> bool:
    """Make `match`, as a move of this process just committed it (by `actor`; services: the
    row and, with `seats_read`, its seats with their players read under the lock), a table
    read as get_table's, from the read of the version before: the last ended round and who is
    away carry over, the round's actors gain this move's. False (then read it) if they
    cannot: not the next version, or a round began or ended."""
    if actor is None or not seats_read:
        return False  # its seats were not read with it: a table read is needed
    if previous.version != match.version - 1:
        return False
    if not hasattr(previous, "round_moves") or _round_of(previous) != _round_of(match):
        return False
    match.latest_ended = previous.latest_ended
    match.away = previous.away
    match.round_moves = previous.round_moves + ([] if actor == Move.Actor.SERVER else [actor])
    return True


def _round_of(match: Match) -> tuple[int, bool] | None:
    """The round a match is in, and whether it has ended."""
    if match.state is None:
        return None
    status = state_of(match)[1]
    return status.round, status.round_over or status.over


def state_of(match: Match) -> tuple:
    """A read match's engine state and status, loaded once per read: a server process's tabs
    share one read per version (consumers.TableSnapshots), and engines never change a state.
    (Not for a match being changed: services load their own.)"""
    cached = match.__dict__.get("_loaded_state")
    if cached is None or cached[0] is not match.state:
        engine = match.engine
        state = engine.load(match.state)
        cached = match.__dict__["_loaded_state"] = (match.state, state, engine.status(state))
    return cached[1], cached[2]


def remember_state(match: Match, state, status) -> None:
    """The engine state and status `match.state` holds, as the services just computed them
    (state_of need not load them again)."""
    match.__dict__["_loaded_state"] = (match.state, state, status)


def latest_ended_round(match: Match) -> Round | None:
    """The last round that ended with a score; get_table reads it with the match."""
    if not hasattr(match, "latest_ended"):
        # Round.objects, not match.rounds: the round would hold the match (a cycle, issue 37).
        ended = Round.objects.filter(match_id=match.pk, void=False, ended_at__isnull=False)
        ended = ended.order_by("-number")
        match.latest_ended = list(ended[:1])
    return match.latest_ended[0] if match.latest_ended else None


def round_actors(match: Match) -> list[str]:
    """Who made each move of the round in play, in order (Move.Actor; the server's own steps
    left out): the table marks the moves the turn timer played for a player (R10)."""
    if not hasattr(match, "round_moves"):
        current = _round_of(match)
        match.round_moves = (
            list(
                Move.objects.filter(match=match, round__number=current[0])
                .exclude(actor=Move.Actor.SERVER)
                .order_by("seq")
                .values_list("actor", flat=True)
            )
            if current
            else []
        )
    return match.round_moves


def seat_of(match: Match, user: User) -> Seat | None:
    """The user's seat at this table (a human's, even while a bot plays it); never a seat a bot
    was added to, whoever its account is (issue 15: a person who took a bot's name before
    bots had keys may still hold such seats)."""
    if not user.is_authenticated:
        return None
    return next((s for s in match.seats.all() if s.user_id == user.pk and not s.is_bot_seat), None)


# The private tables whose invite link this session followed (games.views.table keeps them).
INVITES_SESSION_KEY = "invited_tables"


def invited(session, match: Match) -> bool:
    """Whether this session followed the table's invite link."""
    return bool(session) and match.pk in session.get(INVITES_SESSION_KEY, [])


def can_watch(match: Match, user: User, invited: bool) -> bool:
    """Who may see this table: anyone a public one; a private one only its players and the
    sessions that followed its invite link. The one rule for its pages, sockets, record and
    reports: to anyone else a private table does not exist."""
    if not match.private:
        return True
    return invited or seat_of(match, user) is not None


# --- Waiting for you (issue 21) ----------------------------------------------------------------


def _waiting_seats(user: User) -> QuerySet[Seat]:
    """The user's seats the game waits for (across games), played by them, not by a bot."""
    return Seat.objects.filter(
        user=user, turn_since__isnull=False, bot_level="", match__status=Match.Status.ACTIVE
    )


def waiting_count(user: User) -> int:
    """How many tables wait for the user: one query (the header shows it on every page)."""
    if not user.is_authenticated:
        return 0
    return _waiting_seats(user).count()


def waiting_for(user: User) -> list[Seat]:
    """The user's seats the game waits for, the longest waiting first, each with its match
    (and its players) as `seat.match`."""
    if not user.is_authenticated:
        return []
    seats = _waiting_seats(user).select_related("match").order_by("turn_since", "match_id")
    seats = seats.prefetch_related(
        Prefetch("match__seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )
    return list(seats)


def away_at(match: Match) -> list[tuple[Seat, object]]:
    """The players of a slow table in play who are away now (time off), with when they are
    back: their timers are paused, and the table says so. Read once per table load."""
    if not hasattr(match, "away"):
        match.away = []
        if match.is_active and match.turn_seconds >= settings.KORSAREN_SLOW_TURN_SECONDS:
            from django.utils import timezone

            from accounts.models import TimeOff

            now = timezone.now()
            seats = {s.user_id: s for s in match.seats.all() if not s.is_bot_seat}
            rows = TimeOff.objects.filter(
                user_id__in=list(seats), starts_at__lte=now, ends_at__gt=now
            ).order_by("ends_at")
            match.away = [(seats[r.user_id], r.ends_at) for r in rows]
    return match.away
