"""Moves nobody chose at the table say so (issue 28.15), in every game: the log, and the replay,
mark a move the turn timer played for a player (R10, DA8, WH11) and one a bot standing in for
a person played after three timeouts."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from games import registry, services
from games.models import Match, Move

from .tables import open_table
from .test_services import expire

TIMER, STANDIN = "(played by the turn timer)", "(played by a bot standing in)"


def step(match: Match, rng: random.Random, absent: int) -> None:
    """One step of the match: the timer for the absent seat's turn, a random move for another
    person's, the bot for the seat it took over, the server's next deal."""
    engine = match.engine
    state = engine.load(match.state)
    status = engine.status(state)
    if status.server_step is not None:
        services.take_server_step(match.pk, match.version)
        return
    seat = status.to_act[0]
    row = match.seats.get(position=seat)
    if row.bot_level:
        assert services.play_bot_turn(match.pk, seat, match.version)
    elif seat == absent:
        expire(match)
        assert services.sweep_timeouts() == 1
    else:
        playing = [a for a in engine.legal_actions(state, seat) if a["action"] != "resign"]
        action = {**rng.choice(playing)}
        action.pop("seat")
        services.play(match.pk, row.user, action, match.version)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", registry.slugs())
def test_timer_and_stand_in_moves_are_marked_in_the_log_and_the_replay(slug, players):
    engine = registry.engine(slug)
    seats = min(engine.player_counts)
    match = open_table(players[0], players[1:seats], seats=seats, game=slug)
    match = services.start_match(players[0], match.pk, seed="actors")
    absent = match.seats.get(user=players[0]).position
    rng = random.Random(2)
    client = Client()
    client.force_login(players[1])
    seen = set()
    while STANDIN not in seen:
        match.refresh_from_db()
        assert match.is_active, "the match ended before a bot stood in: pick another seed"
        step(match, rng, absent)
        last = Move.objects.filter(match=match).order_by("-seq").first()
        note = {Move.Actor.TIMER: TIMER, Move.Actor.STANDIN: STANDIN}.get(last.actor)
        if note and note not in seen:  # the table's log says so at once
            page = client.get(reverse("table", args=[match.pk])).content.decode()
            assert note in page
            seen.add(note)
    timer = Move.objects.filter(match=match, actor=Move.Actor.TIMER).order_by("seq").first()
    replayed = Move.objects.filter(round=timer.round, seq__lte=timer.seq)
    step_number = replayed.exclude(actor=Move.Actor.SERVER).count()
    url = reverse("round_replay", args=[match.pk, timer.round.number]) + f"?move={step_number}"
    assert TIMER in client.get(url).content.decode()


def test_notes_go_on_the_moves_lines_of_a_log_that_keeps_the_latest_moves_only():
    """A log with a deal line, a penalty after a move and only the latest moves (Mau Mau's):
    each note lands on its own move's line, counted from the latest back; a log that cannot
    be matched to the moves gets no note rather than a wrong one."""
    from games.move_log import lines
    from games.plugin import Presenter

    class Log(Presenter):
        slug = "notes-test"
        log_keeps_latest = True

        def log_entry_is_move(self, entry) -> bool:
            return entry["action"] != "penalty"

        def log_line(self, entry, names) -> str:
            return f"{entry['action']} {entry['n']}"

    log = Log.__new__(Log)
    entries = [
        {"action": "play", "n": 2},
        {"action": "penalty", "n": 2},
        {"action": "draw", "n": 3},
    ]
    actors = [Move.Actor.PLAYER, Move.Actor.PLAYER, Move.Actor.TIMER, Move.Actor.PLAYER]
    assert lines(log, entries, ["a", "b"], actors) == [f"play 2 {TIMER}", "penalty 2", "draw 3"]
    Log.log_keeps_latest = False  # the whole round's log: it must match the moves one to one
    assert lines(log, entries, ["a", "b"], actors) == ["play 2", "penalty 2", "draw 3"]
