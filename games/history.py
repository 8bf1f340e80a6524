"""A match's record, read back: replays, exports in the scenario format, verification and
player statistics (issue 6). Reads only; nothing here changes a match."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from accounts.models import User
from games.korsaren import ANNULLED, MatchState, apply, new_match, seed_hash
from games.models import Match, Move, Rating, RatingChange, Round, Seat
from games.selectors import can_watch

SCENARIO_RESULT_KEYS = (
    "closer",
    "limits",
    "sank_closer",
    "penalty_cards_taken",
    "sweep",
    "penalties",
    "match_over",
    "winners",
    "next_round_is_last",
)


# --- Lists -------------------------------------------------------------------------------------


def matches_of(user: User, result: str = "", players: str = "", rated: str = "") -> QuerySet:
    """The matches a user played, newest first, with the filters of the history page."""
    seats = Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
    if result == "won":
        seats = seats.filter(final_rank=1)
    elif result == "lost":
        seats = seats.exclude(final_rank=1)
    if players in ("2", "3", "4"):
        seats = seats.filter(match__seat_count=int(players))
    if rated in ("yes", "no"):
        seats = seats.filter(match__rated=rated == "yes")
    return (
        seats.select_related("match")
        .prefetch_related("match__seats__user")
        .order_by("-match__finished_at", "-match_id")
    )


def visible_to(match: Match, user: User, invited: bool = False) -> bool:
    """Public matches are everyone's to read; private ones their players' (and invitees'): the
    table's own rule."""
    return can_watch(match, user, invited)


# --- Replays -----------------------------------------------------------------------------------


def states(match: Match) -> tuple[list[MatchState], list[Move]]:
    """Every state of the match from its seed: states[i] is the state after moves[:i]."""
    moves = list(match.moves.order_by("seq"))
    state = new_match(match.seat_count, match.seed)
    out = [state]
    for move in moves:
        state = apply(state, move.action)
        out.append(state)
    return out, moves


@dataclass
class RoundReplay:
    round: Round
    states: list[MatchState]  # states[k]: after the round's first k moves
    moves: list[Move]


def round_replay(match: Match, number: int) -> RoundReplay | None:
    all_states, moves = states(match)
    rnd = match.rounds.filter(number=number).first()
    if rnd is None:
        return None
    # The round starts with the state in which it was dealt (after its Deal move, if any).
    mine = [i for i, m in enumerate(moves) if m.round_id == rnd.pk]
    deals = [i for i in mine if moves[i].action["action"] == "deal"]
    indexes = [i for i in mine if i not in deals]
    start = deals[0] + 1 if deals else 0
    round_states = [all_states[start]] + [all_states[i + 1] for i in indexes]
    return RoundReplay(rnd, round_states, [moves[i] for i in indexes])


# --- Export (the scenario format of shared/scenarios/README.md) --------------------------------


def round_scenario(rnd: Round, moves: list[Move]) -> dict:
    """One round as a scenario: its deal, its actions and the outcome that was recorded."""
    deal = rnd.deal
    result = rnd.result or {}
    expect = {
        "status": "ok",
        "phase": "annulled" if rnd.annulled else "scored",
        "to_move": None,
        "pier_colour": None if rnd.annulled else result.get("pier_colour"),
    }
    expect.update({k: result[k] for k in SCENARIO_RESULT_KEYS if k in result})
    return {
        "players": deal["players"],
        "dealer": deal["dealer"],
        "penalties": deal["penalties"],
        "hands": deal["hands"],
        "pier": deal["pier"],
        "discard": deal["discard"],
        "stock": deal["stock"],
        "actions": [m.action for m in moves],
        "expect": expect,
    }


def export(match: Match) -> dict:
    rounds = list(match.rounds.order_by("number"))
    moves = [m for m in match.moves.order_by("seq") if m.action["action"] != "deal"]
    return {
        "seed": match.seed,
        "seed_sha256": match.seed_sha256,
        "players": [
            {
                "seat": s.position,
                "name": s.user.public_name,
                "bot": s.user.is_bot,
                "rank": s.final_rank,
                "penalty_cards": s.penalty_count,
            }
            for s in match.seats.select_related("user").order_by("position")
        ],  # fmt: skip
        "rounds": [round_scenario(r, [m for m in moves if m.round_id == r.pk]) for r in rounds],
    }


# --- Verification ------------------------------------------------------------------------------


@dataclass
class Verification:
    seed_matches_hash: bool
    rounds: list[dict] = field(default_factory=list)  # number, deal_ok, outcome_ok
    final_state_ok: bool = False

    @property
    def ok(self) -> bool:
        return (
            self.seed_matches_hash
            and self.final_state_ok
            and all(r["deal_ok"] and r["outcome_ok"] for r in self.rounds)
        )


def verify(match: Match) -> Verification:
    """Re-run the seed and the move log through the engine and compare with what is stored:
    every round's deal and outcome, and the final state."""
    report = Verification(seed_matches_hash=seed_hash(match.seed) == match.seed_sha256)
    all_states, moves = states(match)
    dealt_at = {1: 0}
    for i, move in enumerate(moves):
        if move.action["action"] == "deal":
            dealt_at[all_states[i + 1].round.number] = i + 1
    for rnd in match.rounds.order_by("number"):
        start = all_states[dealt_at.get(rnd.number, 0)]
        r = start.round
        deal_ok = rnd.number in dealt_at and {
            "hands": r.hands,
            "pier": r.pier,
            "discard": r.discard,
            "stock": r.stock,
            "dealer": r.dealer,
        } == {k: rnd.deal[k] for k in ("hands", "pier", "discard", "stock", "dealer")}
        end = _round_end(all_states, dealt_at, rnd.number)
        outcome_ok = end is not None and _same_outcome(end, rnd)
        report.rounds.append({"number": rnd.number, "deal_ok": deal_ok, "outcome_ok": outcome_ok})
    report.final_state_ok = all_states[-1].to_dict() == match.state
    return report


def _round_end(all_states: list[MatchState], dealt_at: dict, number: int) -> MatchState | None:
    nxt = dealt_at.get(number + 1)
    end = all_states[nxt - 1] if nxt else all_states[-1]
    return end if end.round.number == number else None


def _same_outcome(end: MatchState, rnd: Round) -> bool:
    r = end.round
    if rnd.annulled:
        return r.phase == ANNULLED
    if not rnd.result or not r.result:
        return False
    return all(r.result.get(k) == rnd.result.get(k) for k in SCENARIO_RESULT_KEYS)


# --- Player statistics -------------------------------------------------------------------------


def player_stats(user: User) -> dict:
    seats = Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
    played = seats.count()
    wins = seats.filter(final_rank=1).count()
    penalties = sum(seats.values_list("penalty_count", flat=True))
    rounds = Round.objects.filter(match__seats__user=user, match__status=Match.Status.FINISHED)
    positions = dict(seats.values_list("match_id", "position"))
    closed = sunk = sweeps = 0
    for match_id, closer, result in rounds.filter(annulled=False).values_list(
        "match_id", "closer", "result"
    ):
        mine = positions.get(match_id)
        if mine is None or not result:
            continue
        if closer == mine:
            closed += 1
            sunk += bool(result.get("sank_closer"))
        sweeps += mine in result.get("sweep", [])
    opponents = (
        Seat.objects.filter(match__seats__user=user, match__status=Match.Status.FINISHED)
        .exclude(user=user)
        .values("user__username", "user__display_name", "user__is_bot", "user__deleted_at")
        .annotate(n=Count("match", distinct=True))
        .order_by("-n", "user__username")[:5]
    )
    rating = Rating.objects.filter(user=user).first()
    return {
        "played": played,
        "wins": wins,
        "average_penalties": penalties / played if played else None,
        "rounds_closed": closed,
        "times_sunk": sunk,
        "sweeps": sweeps,
        "favourite_opponents": [{"name": _public_name(o), "matches": o["n"]} for o in opponents],
        "rating": rating,
        "rating_history": list(
            RatingChange.objects.filter(user=user).order_by("match__rating_order", "id")
        ),
    }


def rating_chart(stats: dict) -> dict | None:
    """The conservative rating after each rated match, starting from the initial one."""
    changes = stats["rating_history"]
    if not changes:
        return None
    from games.charts import line_chart  # presentation helper; kept out of the reads above

    points = [changes[0].score_before] + [c.score_after for c in changes]
    return line_chart({str(_("Rating")): points})


def leaderboard(include_bots: bool, min_matches: int) -> QuerySet[Rating]:
    qs = Rating.objects.filter(matches__gte=min_matches).select_related("user")
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
