"""games/services.py: the one write path (issue 4). Runs on PostgreSQL in CI."""

from __future__ import annotations

import random
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.core import seed_hash
from games.korsaren import (
    ALL_CARDS,
    ANNULLED,
    SCORED,
    Deal,
    MatchState,
    apply,
    new_match,
    seats_to_act,
)
from games.korsaren.web.models import PenaltyCard
from games.models import Match, Move, Round
from tests.helpers import make_user

from .tables import open_table, random_move, started, users_by_seat

pytestmark = pytest.mark.django_db


def state_of(match: Match) -> MatchState:
    match.refresh_from_db()
    return match.engine_state


# --- The lobby ---------------------------------------------------------------------------------


def test_open_join_add_bot_and_start(players):
    anne, bob = players[:2]
    match = open_table(anne, seats=3)
    services.join_table(bob, match.pk)
    services.add_bot(anne, match.pk, "deckhand")
    match = services.start_match(anne, match.pk, seed="s")
    assert match.status == Match.Status.ACTIVE
    assert [s.user.username for s in match.seats.order_by("position")] == [
        "player0",
        "player1",
        "korsaren:deckhand",
    ]
    assert match.seed_sha256 == seed_hash("s") and match.version == 0
    assert Round.objects.get(match=match, number=1).setup["hands"] == match.state["round"]["hands"]


def test_lobby_refusals_change_nothing(players):
    anne, bob, cleo = players[:3]
    match = open_table(anne, seats=2)
    with pytest.raises(services.Conflict):
        services.start_match(anne, match.pk)  # a seat is empty
    with pytest.raises(services.Conflict):
        services.join_table(anne, match.pk)  # already seated
    with pytest.raises(services.NotAllowed):
        services.add_bot(bob, match.pk, "deckhand")  # not the creator
    with pytest.raises(services.ServiceError):
        services.add_bot(anne, match.pk, "admiral")  # no such level
    services.join_table(bob, match.pk)
    with pytest.raises(services.Conflict):
        services.join_table(cleo, match.pk)  # full
    with pytest.raises(services.NotFound):
        services.join_table(cleo, 999999)
    assert match.seats.count() == 2


def test_private_table_needs_its_invite(players):
    anne, bob = players[:2]
    match = open_table(anne, seats=2, private=True)
    with pytest.raises(services.NotAllowed):
        services.join_table(bob, match.pk)
    with pytest.raises(services.NotAllowed):
        services.join_table(bob, match.pk, "wrong-code")
    services.join_table(bob, match.pk, match.invite_code)
    assert match.seats.count() == 2


def test_leaving_before_the_start(players):
    anne, bob = players[:2]
    match = open_table(anne, [bob])
    services.leave_table(bob, match.pk)
    assert match.seats.count() == 1
    services.leave_table(anne, match.pk)  # the creator closes the table
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


# --- Playing -----------------------------------------------------------------------------------


def test_a_move_is_stored_with_its_version(players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    state = match.engine_state
    to_move = seats_to_act(state)[0]
    user = users_by_seat(match)[to_move]
    outcome = services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    assert outcome.match.version == 1
    move = Move.objects.get(match=match, seq=1)
    assert move.action == {"seat": to_move, "action": "draw", "from": "stock"}
    assert move.actor == Move.Actor.PLAYER
    assert state_of(match).round.phase == "discard"


@pytest.mark.parametrize(
    "who, action, version, error",
    [
        ("waiting", {"action": "draw", "from": "stock"}, 0, services.Conflict),  # not their turn
        ("stranger", {"action": "draw", "from": "stock"}, 0, services.NotAllowed),
        ("to_move", {"action": "draw", "from": "stock"}, 7, services.Conflict),  # stale version
        ("to_move", {"action": "discard", "card": "red-1"}, 0, services.ServiceError),  # R4
        ("to_move", {"action": "draw", "from": "sea"}, 0, services.ServiceError),  # malformed
        ("to_move", {"action": "draw", "from": "stock", "seat": 5}, 0, None),  # seat is ignored
    ],
)
def test_refused_moves_change_nothing(players, who, action, version, error):
    anne, bob, stranger = players[:3]
    match = started(anne, [bob])
    to_move = seats_to_act(match.engine_state)[0]
    seats = users_by_seat(match)
    user = {"to_move": seats[to_move], "waiting": seats[1 - to_move], "stranger": stranger}[who]
    before = (match.state, match.version)
    if error is None:
        services.play(match.pk, user, action, version)
        assert Move.objects.get(match=match).seat == to_move
        return
    with pytest.raises(error) as e:
        services.play(match.pk, user, action, version)
    assert e.value.message
    match.refresh_from_db()
    assert (match.state, match.version) == before
    assert not Move.objects.filter(match=match).exists()


def test_a_repeated_submission_plays_once(players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    user = users_by_seat(match)[seats_to_act(match.engine_state)[0]]
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    with pytest.raises(services.Conflict):
        services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)  # double click
    assert Move.objects.filter(match=match).count() == 1


def play_to_the_end(match: Match, rng: random.Random) -> Match:
    """Every seat played through the services: humans by `play`, bots by `play_bot_turn`, and
    the deal between rounds by `take_server_step` (what the Celery tasks would do)."""
    for _ in range(20_000):
        match.refresh_from_db()
        if not match.is_active:
            return match
        state = match.engine_state
        if state.round.phase in (SCORED, ANNULLED):
            assert services.take_server_step(match.pk, match.version)
            continue
        bot_seats = set(match.seats.exclude(bot_level="").values_list("position", flat=True))
        waiting = seats_to_act(state)
        bot = next((p for p in waiting if p in bot_seats), None)
        if bot is not None:
            assert services.play_bot_turn(match.pk, bot, match.version)
            continue
        user, action, version = random_move(match, rng)
        services.play(match.pk, user, action, version)
    raise AssertionError("the match did not end")


def test_a_whole_match_replays_from_seed_and_move_log(players):
    anne, bob = players[:2]
    match = play_to_the_end(
        started(anne, [bob], bots=["deckhand"], seed="replay"), random.Random(3)
    )
    assert match.status == Match.Status.FINISHED and match.finished_at
    # Replaying the seed and the stored moves gives the stored state, exactly (DESIGN.md).
    state = new_match(match.seat_count, match.seed)
    moves = list(Move.objects.filter(match=match).order_by("seq"))
    assert [m.seq for m in moves] == list(range(1, match.version + 1))
    for move in moves:
        state = apply(state, move.action)
    assert state.to_dict() == match.state
    # Rounds, penalty cards and ranks agree with the state.
    rounds = list(Round.objects.filter(match=match).order_by("number"))
    assert len(rounds) == state.round.number
    assert sum(1 for m in moves if m.action["action"] == "deal") == len(rounds) - 1
    for r in rounds:
        assert r.ended_at and (r.void or r.result["limits"])
    penalties = PenaltyCard.objects.filter(match=match)
    assert sorted(p.card for p in penalties) == sorted(
        c for cards in state.penalty_cards for c in cards
    )
    assert set(p.card for p in penalties) <= set(ALL_CARDS)
    for seat in match.seats.all():
        assert seat.score == state.penalties()[seat.position]
        assert seat.final_rank == state.ranking[seat.position]


def test_bot_turns_are_idempotent(players):
    anne = players[0]
    match = started(anne, bots=["deckhand"], seed="bot-first-3")
    state = match.engine_state
    if seats_to_act(state) == [0]:  # let the human move first, so the bot is to play
        services.play(match.pk, anne, {"action": "draw", "from": "stock"}, 0)
        card = state_of(match).round.hands[0][0]
        services.play(match.pk, anne, {"action": "discard", "card": card}, 1)
        match.refresh_from_db()
    version = match.version
    assert services.play_bot_turn(match.pk, 1, version)
    assert not services.play_bot_turn(match.pk, 1, version)  # the same task again
    assert Move.objects.filter(match=match, seq=version + 1, actor=Move.Actor.BOT).exists()
    assert Move.objects.filter(match=match).count() == version + 1


def test_the_next_round_is_dealt_once(players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    rng = random.Random(1)
    while state_of(match).round.phase not in (SCORED, ANNULLED):
        user, action, version = random_move(match, rng)
        services.play(match.pk, user, action, version)
    match.refresh_from_db()
    v = match.version
    assert services.take_server_step(match.pk, v)
    assert not services.take_server_step(match.pk, v)
    assert Round.objects.filter(match=match).count() == 2
    last = Move.objects.get(match=match, seq=v + 1)
    assert last.action["action"] == "deal" and last.actor == Move.Actor.SERVER
    assert Deal(last.seat) == Deal(state_of(match).round.dealer)


# --- The turn timer (R10) ----------------------------------------------------------------------


def expire(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_timeouts_play_for_the_player_then_a_bot_takes_over(players):
    anne, bob = players[:2]
    match = started(anne, [bob], turn_seconds=30)
    assert match.deadline is not None
    absent = seats_to_act(match.engine_state)[0]
    other = users_by_seat(match)[1 - absent]
    rng = random.Random(5)
    for strike in range(1, 4):
        match.refresh_from_db()
        while seats_to_act(match.engine_state) != [absent]:  # the other player moves
            user, action, version = random_move(match, rng)
            assert user == other
            services.play(match.pk, user, action, version)
            match.refresh_from_db()
            if match.engine_state.round.phase in (SCORED, ANNULLED):
                pytest.fail("the round ended before three timeouts; pick another seed")
        moves_before = Move.objects.filter(match=match).count()
        expire(match)
        assert services.sweep_timeouts() == 1
        seat = match.seats.get(position=absent)
        assert seat.timeouts == strike
        timer_moves = Move.objects.filter(match=match, actor=Move.Actor.TIMER)
        assert Move.objects.filter(match=match).count() == moves_before + 2  # draw and discard
        assert [m.action["action"] for m in timer_moves.order_by("-seq")[:2]] == [
            "discard",
            "draw",
        ]
    seat = match.seats.get(position=absent)
    assert seat.abandoned and seat.bot_level == "deckhand"  # R10: three in a row
    # The player comes back and takes the seat again.
    services.take_seat_back(seat.user, match.pk)
    seat.refresh_from_db()
    assert not seat.abandoned and seat.bot_level == "" and seat.timeouts == 0


def test_a_deadline_not_yet_reached_plays_nothing(players):
    anne, bob = players[:2]
    match = started(anne, [bob])
    assert services.sweep_timeouts() == 0
    assert not Move.objects.filter(match=match).exists()


# --- Concurrency (PostgreSQL: row locks) ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_submissions_of_the_same_move_apply_once():
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    user = users_by_seat(match)[seats_to_act(match.engine_state)[0]]
    barrier = threading.Barrier(4)
    results = []

    def submit():
        barrier.wait()
        try:
            services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
            results.append("applied")
        except services.ServiceError as e:
            results.append(type(e).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["Conflict", "Conflict", "Conflict", "applied"]
    assert Move.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.version == 1
