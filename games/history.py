"""A match's record, read back: replays, exports in the game's scenario format, verification
and player statistics, for every game through its engine (games/core/protocol.py). Reads only;
nothing here changes a match."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery
from django.utils.translation import gettext as _

from accounts.models import User
from games import registry
from games.core import seed_hash
from games.models import Match, Move, Rating, RatingChange, Round, Seat
from games.seat_names import names_by_position
from games.selectors import can_watch

# --- Lists -------------------------------------------------------------------------------------


def matches_of(
    user: User, result: str = "", players: str = "", rated: str = "", game: str = ""
) -> QuerySet:
    """The matches a user played, newest first, with the filters of the history page."""
    # Finished matches, and those a moderator ended after the start (shown as aborted).
    over = Q(match__status=Match.Status.FINISHED) | Q(
        match__status=Match.Status.ABORTED, match__started_at__isnull=False
    )
    seats = Seat.objects.filter(over, user=user)
    if game:
        seats = seats.filter(match__game=game)
    if result in OUTCOMES:
        seats = seats.filter(OUTCOMES[result]())
    if players in {str(n) for n in player_counts()}:
        seats = seats.filter(match__seat_count=int(players))
    if rated in ("yes", "no"):
        seats = seats.filter(match__rated=rated == "yes")
    return (
        seats.select_related("match")
        .prefetch_related("match__seats__user")
        .order_by("-match__finished_at", "-match_id")
    )


def player_counts() -> list[int]:
    """Every number of players some installed game is played with (the history's filter)."""
    return sorted({n for config in registry.all_games() for n in config.game.player_counts})


def _first_shared() -> Exists:
    """Another seat of the match placed first too, and not a partner: a draw (ties share a
    rank; Whist's partners win together)."""
    others = Seat.objects.filter(match=OuterRef("match"), final_rank=1).exclude(pk=OuterRef("pk"))
    return Exists(others.filter(Q(team__isnull=True) | ~Q(team=OuterRef("team"))))


# A finished seat's outcome (issue 28.4): a shared first place is a draw, not a win.
OUTCOMES = {
    "won": lambda: Q(match__status=Match.Status.FINISHED, final_rank=1) & ~Q(_first_shared()),
    "drawn": lambda: Q(match__status=Match.Status.FINISHED, final_rank=1) & Q(_first_shared()),
    "lost": lambda: Q(match__status=Match.Status.FINISHED, final_rank__gt=1),
}


def visible_to(match: Match, user: User, invited: bool = False) -> bool:
    """Public matches are everyone's to read; private ones their players' (and invitees'): the
    table's own rule."""
    return can_watch(match, user, invited)


# --- Replays -----------------------------------------------------------------------------------


def states(match: Match) -> tuple[list[Any], list[Move]]:
    """Every state of the match from its seed: states[i] is the state after moves[:i]."""
    engine = match.engine
    moves = list(match.moves.order_by("seq"))
    state = engine.new(match.seat_count, match.seed, match.options)
    out = [state]
    for move in moves:
        state = engine.apply(state, move.action)
        out.append(state)
    return out, moves


@dataclass
class RoundReplay:
    round: Round
    states: list[Any]  # states[k]: after the round's first k moves
    moves: list[Move]


def round_replay(match: Match, number: int) -> RoundReplay | None:
    rnd = match.rounds.filter(number=number).first()
    if rnd is None:
        return None
    all_states, moves = states(match)
    engine = match.engine
    mine = [i for i, m in enumerate(moves) if m.round_id == rnd.pk]
    # A round opened by a move (the server's deal) starts in the state that move made.
    opened = [i for i in mine if engine.status(all_states[i]).round != number]
    steps = [i for i in mine if i not in opened]
    start = opened[0] + 1 if opened else (mine[0] if mine else len(moves))
    round_states = [all_states[start]] + [all_states[i + 1] for i in steps]
    return RoundReplay(rnd, round_states, [moves[i] for i in steps])


# --- Export (each game's scenario format) --------------------------------------------------------


def record(match: Match) -> dict:
    """The match as the engine's `scenarios` reads it."""
    moves = list(match.moves.order_by("seq"))
    return {
        "players": match.seat_count,
        "options": dict(match.options),
        "seed": match.seed,
        "rounds": [
            {
                "number": r.number,
                "void": r.void,
                "setup": r.setup,
                "result": r.result,
                "actions": [m.action for m in moves if m.round_id == r.pk],
            }
            for r in match.rounds.order_by("number")
        ],
    }


def export(match: Match) -> dict:
    seats = list(match.seats.select_related("user").order_by("position"))
    names = names_by_position(seats, match.seat_count)
    return {
        "game": match.game,
        "options": dict(match.options),
        "seed": match.seed,
        "seed_sha256": match.seed_sha256,
        "players": [
            {
                "seat": s.position,
                "name": names[s.position],
                "bot": s.user.is_bot,
                "team": s.team,
                "rank": s.final_rank,
                "score": s.score,
            }
            for s in seats
        ],  # fmt: skip
        "scenarios": match.engine.scenarios(record(match)),
    }


# --- Verification ------------------------------------------------------------------------------


@dataclass
class Verification:
    seed_matches_hash: bool
    rounds: list[dict] = field(default_factory=list)  # number, setup_ok, outcome_ok
    final_state_ok: bool = False

    @property
    def ok(self) -> bool:
        return (
            self.seed_matches_hash
            and self.final_state_ok
            and all(r["setup_ok"] and r["outcome_ok"] for r in self.rounds)
        )


def verify(match: Match) -> Verification:
    """Re-run the seed and the move log through the engine and compare with what is stored:
    every round's setup (each shuffle) and outcome, and the final state."""
    engine = match.engine
    report = Verification(seed_matches_hash=seed_hash(match.seed) == match.seed_sha256)
    all_states, _moves = states(match)
    statuses = [engine.status(s) for s in all_states]
    begins: dict[int, int] = {}  # round number -> index of the state it began in
    ends: dict[int, int] = {}  # round number -> index of the state it ended in
    for i, status in enumerate(statuses):
        begins.setdefault(status.round, i)
        if (status.round_over or status.over) and status.round not in ends:
            ends[status.round] = i
    for rnd in match.rounds.order_by("number"):
        begin, end = begins.get(rnd.number), ends.get(rnd.number)
        setup_ok = begin is not None and engine.round_setup(all_states[begin]) == rnd.setup
        if rnd.ended_at is None:
            outcome_ok = end is None
        else:
            outcome_ok = (
                end is not None
                and statuses[end].round_void == rnd.void
                and engine.round_result(all_states[end]) == rnd.result
            )
        report.rounds.append({"number": rnd.number, "setup_ok": setup_ok, "outcome_ok": outcome_ok})
    report.final_state_ok = engine.dump(all_states[-1]) == match.state
    return report


# --- Player statistics -------------------------------------------------------------------------


def player_stats(user: User, game: str) -> dict:
    """A player's record in one game (a game adds lines of its own: Presenter.player_facts)."""
    seats = Seat.objects.filter(user=user, match__status=Match.Status.FINISHED, match__game=game)
    played = seats.count()
    my_team = Seat.objects.filter(match=OuterRef("match"), user=user).values("team")[:1]
    opponents = (
        Seat.objects.filter(
            match__seats__user=user, match__status=Match.Status.FINISHED, match__game=game
        )
        .exclude(user=user)
        .annotate(my_team=Subquery(my_team))
        .filter(Q(team__isnull=True) | ~Q(team=F("my_team")))  # partners are no opponents
        .values("user__username", "user__display_name", "user__is_bot", "user__deleted_at")
        .annotate(n=Count("match", distinct=True))
        .order_by("-n", "user__username")[:5]
    )
    return {
        "game": registry.get(game),
        "played": played,
        **{outcome: seats.filter(q()).count() for outcome, q in OUTCOMES.items()},
        "facts": registry.presenter(game).player_facts(user, seats) if played else [],
        "favourite_opponents": [{"name": _public_name(o), "matches": o["n"]} for o in opponents],
        "rating": Rating.objects.filter(user=user, game=game).first(),
        "rating_history": list(
            RatingChange.objects.filter(user=user, match__game=game).order_by(
                "match__rating_order", "id"
            )
        ),
    }


def games_played(user: User) -> list[str]:
    """The games a player has finished matches of, in the site's order of games."""
    played = set(
        Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
        .values_list("match__game", flat=True)
        .distinct()
    )
    return [slug for slug in registry.slugs() if slug in played]


def rating_chart(stats: dict) -> dict | None:
    """The conservative rating after each rated match, starting from the initial one."""
    changes = stats["rating_history"]
    if not changes:
        return None
    from games.charts import line_chart  # presentation helper; kept out of the reads above

    points = [changes[0].score_before] + [c.score_after for c in changes]
    labels = [_("start")] + [str(n) for n in range(1, len(changes) + 1)]
    return line_chart([(str(_("Rating")), points)], labels, _("Rating after each rated match"))


def leaderboard(
    game: str, include_bots: bool, min_matches: int, provisional: bool = False
) -> QuerySet[Rating]:
    """The ranked players (at least `min_matches` rated matches), or with `provisional` those
    on their way there, shown apart (issue 28: a new site's board was empty for a long time)."""
    if provisional:
        qs = Rating.objects.filter(game=game, matches__gte=1, matches__lt=min_matches)
    else:
        qs = Rating.objects.filter(game=game, matches__gte=min_matches)
    qs = qs.select_related("user")
    if not include_bots:
        qs = qs.filter(user__is_bot=False)
    return qs.filter(user__is_active=True).order_by("-score", "user_id")


def _public_name(row: dict) -> str:
    """A user's public name (translated for bots and deleted players) from a values() row."""
    user = User(
        username=row["user__username"],
        display_name=row["user__display_name"],
        is_bot=row["user__is_bot"],
        deleted_at=row["user__deleted_at"],
    )
    return user.public_name
