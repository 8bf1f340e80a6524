"""Ratings (issue 6): OpenSkill Plackett-Luce from the final ranking, idempotent updates, and a
full recomputation that equals the incremental one."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import call_command

from games import ratings
from games.models import Match, Rating, RatingChange, Seat
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


def finished(users, ranks, abandoned=(), rated=True) -> Match:
    """A finished match with the given final ranks (as services leave it)."""
    match = Match.objects.create(
        created_by=users[0],
        game="korsaren",
        seat_count=len(users),
        status=Match.Status.FINISHED,
        rated=rated,
    )
    for position, (user, rank) in enumerate(zip(users, ranks, strict=True)):
        Seat.objects.create(
            match=match, position=position, user=user, final_rank=rank,
            abandoned=position in abandoned,
        )  # fmt: skip
    return match


@pytest.fixture
def four(db):
    return [make_user(f"r{i}", f"r{i}@example.com") for i in range(4)]


def score(user) -> float:
    return Rating.objects.get(user=user, game="korsaren").score


def test_the_winner_gains_and_the_loser_drops(four):
    a, b = four[:2]
    finished([a, b], [1, 2])
    assert ratings.rate_finished_matches() == 1
    change_a, change_b = (RatingChange.objects.get(user=u) for u in (a, b))
    assert change_a.mu_after > change_a.mu_before == ratings.MU
    assert change_b.mu_after < change_b.mu_before
    assert score(a) > score(b)
    assert Rating.objects.get(user=a).matches == 1


def test_rating_is_idempotent(four):
    match = finished(four[:3], [1, 2, 3])
    assert ratings.rate_finished_matches() == 1
    assert ratings.rate_finished_matches() == 0  # the task run again: nothing more
    assert RatingChange.objects.filter(match=match).count() == 3
    assert all(r.matches == 1 for r in Rating.objects.all())


def test_ties_share_a_rank_and_unrated_matches_do_not_count(four):
    a, b, c = four[:3]
    finished([a, b, c], [1, 1, 3])
    finished([a, c], [2, 1], rated=False)
    ratings.rate_finished_matches()
    assert score(a) == pytest.approx(score(b))
    assert RatingChange.objects.count() == 3


def test_a_player_who_abandoned_ranks_last(four):
    a, b, c = four[:3]
    # a has the fewest penalty cards but abandoned: rated below c (rank 3) and b.
    finished([a, b, c], [1, 2, 3], abandoned={0})
    ratings.rate_finished_matches()
    assert score(a) < score(c) < score(b)
    assert RatingChange.objects.get(user=a).rank == 4


def test_one_bot_account_in_several_seats_gets_one_change(four):
    bot = make_user("bot-boatswain", "bot@example.com", is_bot=True)
    finished([four[0], bot, bot, bot], [1, 2, 3, 4])
    ratings.rate_finished_matches()
    assert RatingChange.objects.filter(user=bot).count() == 1
    assert Rating.objects.get(user=bot).matches == 1
    assert score(four[0]) > score(bot)


def test_recompute_equals_the_incremental_ratings(four):
    rng = random.Random(4)
    users = four + [make_user(f"x{i}", f"x{i}@example.com") for i in range(4)]
    for round_ in range(30):
        players = rng.sample(users, rng.choice([2, 3, 4]))
        ranks = [rng.randrange(1, len(players) + 1) for _ in players]
        finished(players, ranks, abandoned={0} if round_ % 7 == 0 else ())
        if round_ % 3 == 0:
            ratings.rate_finished_matches()  # incrementally, as matches end
    ratings.rate_finished_matches()
    incremental = {r.user_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    changes = sorted(
        RatingChange.objects.values_list("user_id", "match_id", "mu_after", "sigma_after")
    )
    out, progress = io.StringIO(), io.StringIO()
    call_command("recompute_ratings", stdout=out, stderr=progress)
    assert "Recomputed ratings from 30 rated matches" in out.getvalue()
    assert "30/30" in progress.getvalue()
    recomputed = {r.user_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    assert recomputed.keys() == incremental.keys()
    for user_id, (mu, sigma, n) in incremental.items():
        assert recomputed[user_id] == (pytest.approx(mu), pytest.approx(sigma), n)
    again = sorted(
        RatingChange.objects.values_list("user_id", "match_id", "mu_after", "sigma_after")
    )
    assert [c[:2] for c in again] == [c[:2] for c in changes]
    assert [c[2:] for c in again] == [pytest.approx(c[2:]) for c in changes]
