"""`manage.py play_bots`: bot-only matches played to the end by a real Celery worker."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.korsaren import apply, new_match
from games.models import Match, Move
from tests.conftest import database_url

pytestmark = pytest.mark.django_db(transaction=True)


def test_play_bots_plays_matches_to_the_end_through_a_worker(monkeypatch):
    # The worker the command starts is a subprocess: point it at the test database.
    monkeypatch.setenv("DATABASE_URL", database_url(connection.settings_dict))
    out = io.StringIO()
    call_command(
        "play_bots", "--players", "2", "--levels", "deckhand,boatswain", "--matches", "2",
        "--timeout", "240", stdout=out,
    )  # fmt: skip
    matches = list(Match.objects.all())
    assert len(matches) == 2
    for match in matches:
        assert match.status == Match.Status.FINISHED
        assert f"match {match.pk} finished" in out.getvalue()
        moves = Move.objects.filter(match=match).order_by("seq")
        assert {m.actor for m in moves} <= {Move.Actor.BOT, Move.Actor.SERVER}  # server: deals
        state = new_match(2, match.seed)
        for move in moves:
            state = apply(state, move.action)
        assert state.to_dict() == match.state


def test_play_bots_refuses_bad_arguments():
    with pytest.raises(CommandError, match="unknown level"):
        call_command("play_bots", "--players", "2", "--levels", "deckhand,admiral")
    with pytest.raises(CommandError, match="names 1 bots for 2 seats"):
        call_command("play_bots", "--players", "2", "--levels", "deckhand")
    assert not Match.objects.exists()
