"""Games became plug-ins with migrations games 0002-0004 and korsaren 0001: a database filled
under the old schema (Korsaren only: rounds with their deal, dealer and closer columns, seats
with penalty counts, one rating per user) keeps every match, round, move, penalty card, rating
and rating change, and every finished match verifies before and after."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games import history, services
from games.core import seed_hash
from games.korsaren import GAME, SCORED
from games.models import Match, Rating, RatingChange
from tests.helpers import make_user

pytestmark = pytest.mark.django_db(transaction=True)

OLD = [("korsaren", None), ("games", "0002_bot_seats_to_bot_accounts")]


def _latest(executor: MigrationExecutor) -> list[tuple[str, str]]:
    return executor.loader.graph.leaf_nodes()


def _play(players: int, seed: str, until_over: bool, rng: random.Random) -> list:
    """States and actions of a Korsaren match by random legal play, as the old site stored them:
    [(state before, action, state after)]."""
    state = GAME.new(players, seed, {})
    steps = []
    while not GAME.status(state).over:
        status = GAME.status(state)
        if not until_over and status.round == 2 and not status.round_over:
            break  # a match still being played, in its second round
        if status.server_step:
            action = status.server_step
        else:
            seat = status.to_act[0]
            action = rng.choice(GAME.legal_actions(state, seat))
        new = GAME.apply(state, action)
        steps.append((state, action, new))
        state = new
    return steps


def _fill_old_schema(apps, users: list, seed: str, finished: bool, rng: random.Random):
    """One match written as games/services.py wrote them before games were plug-ins."""
    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    Round = apps.get_model("games", "Round")
    Move = apps.get_model("games", "Move")
    PenaltyCard = apps.get_model("games", "PenaltyCard")
    steps = _play(len(users), seed, finished, rng)
    first = GAME.new(len(users), seed, {})
    final = steps[-1][2] if steps else first
    match = Match.objects.create(
        created_by_id=users[0].pk,
        status="finished" if finished else "active",
        seat_count=len(users),
        turn_seconds=60,
        seed=seed,
        seed_sha256=seed_hash(seed),
        state=final.to_dict(),
        version=len(steps),
        started_at=timezone.now(),
        finished_at=timezone.now() if finished else None,
    )
    for position, user in enumerate(users):
        Seat.objects.create(
            match=match,
            position=position,
            user_id=user.pk,
            penalty_count=final.penalties()[position],
            final_rank=final.ranking[position] if finished else None,
        )

    def new_round(state):
        r = state.round
        deal = {
            "players": state.players,
            "dealer": r.dealer,
            "penalties": state.penalties(),
            "hands": r.hands,
            "pier": r.pier,
            "discard": r.discard,
            "stock": r.stock,
        }
        return Round.objects.create(
            match=match,
            number=r.number,
            dealer=r.dealer,
            is_last=r.is_last,
            penalties_before=state.penalties(),
            deal=deal,
        )

    rounds = {1: new_round(first)}
    for seq, (old, action, new) in enumerate(steps, start=1):
        if action["action"] == "deal":
            rounds[new.round.number] = new_round(new)
        row = rounds[new.round.number]
        Move.objects.create(
            match=match, seq=seq, round=row, seat=action["seat"], action=action, actor="player"
        )
        if new.round.phase in ("scored", "annulled") and old.round.phase not in (
            "scored",
            "annulled",
        ):
            r = new.round
            row.ended_at = timezone.now()
            row.annulled = r.phase == "annulled"
            row.closer = r.closer
            row.result = {
                **(r.result or {}),
                "laydowns": [ld.to_dict() if ld else None for ld in r.laydowns],
            }
            row.save()
            if r.phase == SCORED:
                for seat, cards in enumerate(r.result["penalty_cards"]):
                    for card in cards:
                        PenaltyCard.objects.create(match=match, round=row, seat=seat, card=card)
    return match.pk


def _old_verify(apps, match_id: int) -> bool:
    """The old site's verification: the seed and the move log replay every deal, every round's
    outcome and the final state."""
    Match = apps.get_model("games", "Match")
    match = Match.objects.get(pk=match_id)
    state = GAME.new(match.seat_count, match.seed, {})
    deals = {1: state}
    ends = {}
    for move in match.moves.order_by("seq"):
        new = GAME.apply(state, move.action)
        if move.action["action"] == "deal":
            deals[new.round.number] = new
        if new.round.phase in ("scored", "annulled"):
            ends[new.round.number] = new
        state = new
    for rnd in match.rounds.all():
        r = deals[rnd.number].round
        dealt = {"hands": r.hands, "pier": r.pier, "discard": r.discard, "stock": r.stock}
        if dealt != {k: rnd.deal[k] for k in dealt} or r.dealer != rnd.dealer:
            return False
        if rnd.ended_at and ends[rnd.number].round.result["penalties"] != rnd.result["penalties"]:
            return False
    return match.seed_sha256 == seed_hash(match.seed) and state.to_dict() == match.state


def test_a_database_of_the_old_schema_migrates_with_everything_in_it():
    rng = random.Random(16)
    users = [make_user(f"m{i}", f"m{i}@example.com") for i in range(4)]
    executor = MigrationExecutor(connection)
    latest = _latest(executor)
    executor.migrate(OLD)
    try:
        apps = MigrationExecutor(connection).loader.project_state(OLD[1:]).apps
        finished = [_fill_old_schema(apps, users[:n], f"old-{n}", True, rng) for n in (2, 3, 4)]
        active = _fill_old_schema(apps, users[:3], "old-active", False, rng)
        OldRating = apps.get_model("games", "Rating")
        OldRatingChange = apps.get_model("games", "RatingChange")
        for i, user in enumerate(users):
            OldRating.objects.create(user_id=user.pk, mu=25 + i, sigma=8, score=1 + i, matches=1)
            OldRatingChange.objects.create(
                user_id=user.pk,
                match_id=finished[2],
                rank=1,
                mu_before=25,
                sigma_before=8.3,
                mu_after=25 + i,
                sigma_after=8,
            )
        assert all(_old_verify(apps, pk) for pk in finished)
        counts = {
            name: apps.get_model("games", name).objects.count()
            for name in ("Match", "Seat", "Round", "Move", "PenaltyCard", "Rating", "RatingChange")
        }
        assert counts["PenaltyCard"] > 0 and counts["Round"] > 6
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(latest)

    from games.korsaren.web.models import PenaltyCard
    from games.models import Move, Round, Seat

    after = {
        "Match": Match.objects.count(),
        "Seat": Seat.objects.count(),
        "Round": Round.objects.count(),
        "Move": Move.objects.count(),
        "PenaltyCard": PenaltyCard.objects.count(),
        "Rating": Rating.objects.count(),
        "RatingChange": RatingChange.objects.count(),
    }
    assert after == counts
    assert set(Match.objects.values_list("game", flat=True)) == {"korsaren"}
    assert set(Rating.objects.values_list("game", flat=True)) == {"korsaren"}
    for pk in finished:
        match = Match.objects.get(pk=pk)
        assert history.verify(match).ok
        assert [s.score for s in match.seats.all()] == match.engine_state.penalties()
        assert history.export(match)["scenarios"]
    for rnd in Round.objects.filter(ended_at__isnull=False, void=False):
        assert rnd.result["closer"] is not None and "is_last" in rnd.setup
    for match in Match.objects.all():  # games 0009: a move finds its round without a lookup
        assert match.current_round == match.rounds.order_by("number").last()
    # The match that was being played goes on where it stood.
    match = Match.objects.get(pk=active)
    status = match.engine.status(match.engine_state)
    seat = match.seats.get(position=status.to_act[0])
    action = dict(match.engine.legal_actions(match.engine_state, seat.position)[0])
    del action["seat"]
    services.play(match.pk, seat.user, action, match.version)
    assert Match.objects.get(pk=active).version == match.version + 1
    assert match.moves.order_by("seq").last().round.number == status.round == 2
