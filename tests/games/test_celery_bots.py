"""Bot turns run as Celery tasks on a real worker against Redis (issue 4/5), idempotently."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker

from games import services, tasks
from games.korsaren import seats_to_act
from games.models import Match, Move
from korsaren_site.celery import app
from tests.helpers import make_user

from .tables import started

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for(predicate, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


@pytest.fixture
def worker(settings):
    settings.KORSAREN_BOT_DELAY_SECONDS = 0
    settings.KORSAREN_ROUND_PAUSE_SECONDS = 0
    app.control.purge()  # tasks other tests queued for matches that no longer exist
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        yield


def test_the_bot_plays_its_turn_after_the_human(worker):
    anne = make_user("anne", "a@example.com")
    match = started(anne, bots=["boatswain"], seed="celery-bot")
    match.refresh_from_db()
    if seats_to_act(match.engine_state) == [1]:  # the bot starts: its task is already queued
        wait_for(lambda: seats_to_act(Match.objects.get(pk=match.pk).engine_state) == [0])
        match.refresh_from_db()
    version = match.version
    services.play(match.pk, anne, {"action": "draw", "from": "stock"}, version)
    card = Match.objects.get(pk=match.pk).engine_state.round.hands[0][0]
    services.play(match.pk, anne, {"action": "discard", "card": card}, version + 1)
    # The worker draws and then discards (or sets sail) for the bot: two moves, by the bot.
    wait_for(lambda: Move.objects.filter(match=match, seq__gt=version + 2).count() >= 2)
    bot_moves = Move.objects.filter(match=match, seq__gt=version + 2).order_by("seq")[:2]
    assert [m.actor for m in bot_moves] == [Move.Actor.BOT, Move.Actor.BOT]
    assert [m.seat for m in bot_moves] == [1, 1]
    assert bot_moves[0].action["action"] == "draw"


def test_a_duplicated_bot_task_plays_once(worker):
    anne = make_user("anne", "a@example.com")
    match = started(anne, bots=["deckhand"], seed="dup")
    match.refresh_from_db()
    if seats_to_act(match.engine_state) == [1]:
        wait_for(lambda: seats_to_act(Match.objects.get(pk=match.pk).engine_state) == [0])
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, anne, {"action": "draw", "from": "stock"}, match.version)
    card = Match.objects.get(pk=match.pk).engine_state.round.hands[0][0]
    services.play(match.pk, anne, {"action": "discard", "card": card}, match.version + 1)
    version = match.version + 2
    # The same task, sent three more times, as a retry storm would.
    for _ in range(3):
        tasks.play_bot_turn.delay(match.pk, 1, version)
    wait_for(lambda: Move.objects.filter(match=match, seq=version + 1).exists())
    time.sleep(1.0)  # let the duplicates run too
    assert Move.objects.filter(match=match, seq=version + 1).count() == 1
    draws = Move.objects.filter(match=match, seat=1, action__action="draw", seq__gt=version)
    assert draws.count() == 1
