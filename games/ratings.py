"""Ratings: OpenSkill's Plackett-Luce model, one rating per player and game.

A finished rated match is rated from its final ranking (ties share a rank; a player who
abandoned ranks last). Partnerships (the engine's teams, e.g. Whist) are rated as teams: a team
ranks as its worst-ranked member, so one partner's abandoning sinks the team.

Rating updates are serialised by one lock and numbered (`Match.rating_order`), so
`recompute()` replays them in exactly the order they were applied and rebuilds the same
ratings from scratch.

A bot level has one account, so one match may seat the same account more than once: each seat
is rated as its own player from the account's rating, and the account moves by the mean of its
seats' results (one rating change per account and match).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Prefetch
from openskill.models import PlackettLuce

from games.models import Match, Rating, RatingChange, RatingLedger, Seat

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma


def conservative(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


@dataclass(frozen=True)
class Change:
    user_id: int
    rank: int
    before: tuple[float, float]
    after: tuple[float, float]


def counted_matches():
    """The matches ratings come from: finished, rated, and not voided by a moderator."""
    return Match.objects.filter(status=Match.Status.FINISHED, rated=True, ratings_voided=False)


def rating_ranks(seats: list[Seat]) -> list[int]:
    """Ranks per seat for rating: the final ranking, with abandoned seats sharing last place."""
    last = len(seats) + 1
    return [last if s.abandoned else (s.final_rank or last) for s in seats]


def _teams(seats: list[Seat]) -> list[list[int]]:
    """The match's partnerships (Seat.team) as lists of indexes into `seats`, or every seat on
    its own."""
    if all(s.team is None for s in seats):
        return [[i] for i in range(len(seats))]
    teams: dict[int, list[int]] = {}
    for i, seat in enumerate(seats):
        teams.setdefault(seat.team, []).append(i)
    return list(teams.values())


def rate(seats: list[Seat], current: dict[int, tuple[float, float]]) -> list[Change]:
    """The rating changes one match makes, from each account's current (mu, sigma) in its game."""
    ranks = rating_ranks(seats)
    teams = _teams(seats)
    ratings = [
        [MODEL.rating(*current.get(seats[i].user_id, (MU, SIGMA))) for i in team] for team in teams
    ]
    team_ranks = [max(ranks[i] for i in team) for team in teams]
    results = MODEL.rate(ratings, ranks=team_ranks)
    by_user: dict[int, list[tuple[float, float, int]]] = {}
    for team, rank, new_ratings in zip(teams, team_ranks, results, strict=True):
        for i, new in zip(team, new_ratings, strict=True):
            by_user.setdefault(seats[i].user_id, []).append((new.mu, new.sigma, rank))
    changes = []
    for user_id, rows in by_user.items():
        n = len(rows)
        after = (sum(r[0] for r in rows) / n, sum(r[1] for r in rows) / n)
        changes.append(
            Change(user_id, min(r[2] for r in rows), current.get(user_id, (MU, SIGMA)), after)
        )
    return changes


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.order_by("position"))


def rate_finished_matches() -> int:
    """Rate every finished rated match not rated yet, oldest first. Idempotent: a match is
    rated once whatever the retries (the ledger lock, `rating_order`, and one RatingChange per
    player and match). Returns how many matches it rated."""
    rated = 0
    with transaction.atomic():
        ledger, _ = RatingLedger.objects.select_for_update().get_or_create(pk=1)
        pending = (
            counted_matches()
            .filter(rating_order=None)
            .order_by("finished_at", "pk")
            .prefetch_related(_seats_prefetch())
        )
        for match in pending:
            seats = list(match.seats.all())
            users = {s.user_id for s in seats}
            locked = Rating.objects.select_for_update().filter(user_id__in=users, game=match.game)
            ratings = {r.user_id: r for r in locked}
            current = {uid: (r.mu, r.sigma) for uid, r in ratings.items()}
            for change in rate(seats, current):
                _store(match, change, ratings.get(change.user_id))
            ledger.last_order += 1
            match.rating_order = ledger.last_order
            match.save(update_fields=["rating_order"])
            rated += 1
        ledger.save()
    return rated


def _store(match: Match, change: Change, rating: Rating | None) -> None:
    _change_row(match, change).save()
    mu, sigma = change.after
    if rating is None:
        rating = Rating(user_id=change.user_id, game=match.game, matches=0)
    rating.mu, rating.sigma, rating.score = mu, sigma, conservative(mu, sigma)
    rating.matches += 1
    rating.save()


def recompute(progress: Callable[[int, int], None] | None = None, batch: int = 2000) -> int:
    """Rebuild every rating from scratch by replaying the rated matches in the order they were
    rated (then any finished rated match not rated yet). Returns the number of matches."""
    with transaction.atomic():
        ledger, _ = RatingLedger.objects.select_for_update().get_or_create(pk=1)
        rated = counted_matches()
        in_order = rated.exclude(rating_order=None).order_by("rating_order")
        not_yet = rated.filter(rating_order=None).order_by("finished_at", "pk")
        ordered = [*in_order.values_list("pk", flat=True), *not_yet.values_list("pk", flat=True)]
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        Match.objects.exclude(rating_order=None).update(rating_order=None)  # renumbered below
        current: dict[str, dict[int, tuple[float, float]]] = {}  # per game, per user
        counts: dict[tuple[str, int], int] = {}
        total = len(ordered)
        done = 0
        for start in range(0, total, batch):
            ids = ordered[start : start + batch]
            matches = Match.objects.in_bulk(ids)
            seats_by_match: dict[int, list[Seat]] = {}
            for seat in Seat.objects.filter(match_id__in=ids).order_by("position"):
                seats_by_match.setdefault(seat.match_id, []).append(seat)
            changes = []
            for order, match_id in enumerate(ids, start=start + 1):
                match = matches[match_id]
                in_game = current.setdefault(match.game, {})
                for change in rate(seats_by_match[match_id], in_game):
                    in_game[change.user_id] = change.after
                    key = (match.game, change.user_id)
                    counts[key] = counts.get(key, 0) + 1
                    changes.append(_change_row(match, change))
                match.rating_order = order
            RatingChange.objects.bulk_create(changes, batch_size=5000)
            Match.objects.bulk_update(matches.values(), ["rating_order"], batch_size=5000)
            done += len(ids)
            if progress:
                progress(done, total)
        Rating.objects.bulk_create(
            (
                Rating(
                    user_id=u,
                    game=game,
                    mu=mu,
                    sigma=s,
                    score=conservative(mu, s),
                    matches=counts[game, u],
                )
                for game, in_game in current.items()
                for u, (mu, s) in in_game.items()
            ),
            batch_size=5000,
        )
        ledger.last_order = total
        ledger.save()
    return total


def _change_row(match: Match, change: Change) -> RatingChange:
    return RatingChange(
        user_id=change.user_id,
        match=match,
        rank=change.rank,
        mu_before=change.before[0],
        sigma_before=change.before[1],
        mu_after=change.after[0],
        sigma_after=change.after[1],
    )
