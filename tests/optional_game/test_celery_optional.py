"""A bot's optional move through a real Celery worker (as tests/games/test_celery_bots.py):
after each committed move, each bot seat in Status.optional is asked, after a pause."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker

from games.models import Match, Move
from korsaren_site.celery import app
from tests.games.test_celery_bots import wait_for

from .tables import snap_table, state, turn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def worker(settings):
    settings.KORSAREN_BOT_DELAY_SECONDS = 0
    settings.KORSAREN_BOT_OPTIONAL_DELAY_SECONDS = (0.0, 0.1)
    app.control.purge()  # tasks other tests queued for matches that no longer exist
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        yield


def test_a_bot_snaps_out_of_turn_through_the_worker(worker):
    match, people = snap_table(3, holders=[2], bots=[2])
    hand = state(match).hands[2]
    turn(match, people[0], 0)  # seat 1, a person, is on turn; the bot (seat 2) may snap
    wait_for(lambda: Move.objects.filter(match=match, seq=2).exists())
    move = Move.objects.get(match=match, seq=2)
    assert (move.seat, move.action["action"], move.actor) == (2, "snap", Move.Actor.BOT)
    assert move.action["card"] in hand and state(match).scores[2] == 1
    assert Match.objects.get(pk=match.pk).deadline is not None  # seat 1's turn goes on
