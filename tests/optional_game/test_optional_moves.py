"""Optional moves out of turn (issue 29; DESIGN.md "The game protocol"), end to end through
Snap: a seat named in Status.optional acts although it is not its turn, by POST and over the
socket; the engine's refusal is what it gets for a move that is not legal (any more); two seats
racing for one card are ordered by the match's row lock; the table offers the move exactly while
it is legal, to that seat only; the turn timer never waits for, nor plays, an optional move."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import replace
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.urls import reverse
from django.utils import translation

from games import services
from games.models import Match, Move, Seat
from games.rendering import render_regions, table_context
from games.services import notify
from tests.games.cards_seen import version_of
from tests.games.test_consumers import session_cookie
from tests.games.test_socket_moves import MESSAGE, connect, opened, until

from .snap import GAME, Snap, rank
from .tables import holding_first_card, odd_card, pair_of, snap_table, state, turn

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
SNAP_BUTTON = 'name="card" value="'


def act(client, match: Match, **fields):
    return client.post(reverse("table_act", args=[match.pk]), fields, **HTMX)


def snaps(match: Match) -> list[Move]:
    return list(Move.objects.filter(match=match, action__action="snap").order_by("seq"))


def test_a_seat_out_of_turn_snaps_by_post(client):
    match, people = snap_table(3, holders=[2])
    turn(match, people[0], 0)
    card = pair_of(match, 2)
    client.force_login(people[2])
    r = act(client, match, version=1, action="snap", card=card)
    assert r.status_code == 200
    [move] = snaps(match)
    assert (move.seat, move.action["card"], move.actor) == (2, card, Move.Actor.PLAYER)
    assert state(match).scores[2] == 1
    assert Match.objects.get(pk=match.pk).version == 2


def test_an_optional_move_that_is_not_legal_gets_the_engines_refusal(client):
    match, people = snap_table(3, holders=[2])
    turn(match, people[0], 0)
    client.force_login(people[2])
    r = act(client, match, version=1, action="snap", card=odd_card(match, 2))
    html = r.content.decode()
    assert r.status_code == 400 and "Snap with a card of the top card&#x27;s rank." in html
    assert "not your turn" not in html
    # Not its turn and not a seat the game names for optional moves: as before.
    client.force_login(people[0])  # it turned the card (SN3)
    r = act(client, match, version=1, action="snap", card=state(match).hands[0][0])
    assert r.status_code == 409 and "It is not your turn." in r.content.decode()
    # Snapped (by itself): no longer a seat that may move out of turn; nobody else acted.
    client.force_login(people[2])
    assert act(client, match, version=1, action="snap", card=pair_of(match, 2)).status_code == 200
    r = act(client, match, version=1, action="snap", card=state(match).hands[2][0])
    assert r.status_code == 409 and "It is not your turn." in r.content.decode()
    assert len(snaps(match)) == 1


def second_card(same_rank: bool):
    """Seat 3 holds the rank of the first card turned; the second has the same rank or not."""
    return lambda s: (
        holding_first_card(3)(s) and same_rank == (rank(s.stock[1]) == rank(s.stock[0]))
    )


@pytest.mark.parametrize("same_rank", [True, False])
def test_an_optional_move_made_on_an_older_table_is_judged_on_the_table_as_it_is(same_rank):
    """MM10: the server applies optional moves in the order they arrive, judged on the table as
    it is then, whatever version the seat saw (an announcement stays legal across moves); one
    that is no longer legal gets the engine's words, and that someone else acted first."""
    match, people = snap_table(4, wanted=second_card(same_rank))
    turn(match, people[0], 0)
    card = pair_of(match, 3)
    turn(match, people[1], 1)  # seat 3 still in Status.optional, for the second card
    if same_rank:
        services.play(match.pk, people[3], {"action": "snap", "card": card}, 1)
        assert [m.seat for m in snaps(match)] == [3]
        return
    with pytest.raises(services.Conflict) as refused:
        services.play(match.pk, people[3], {"action": "snap", "card": card}, 1)
    assert refused.value.message == (
        "Someone else acted first, so your move was not played. "
        "Snap with a card of the top card's rank."
    )
    assert snaps(match) == []


def test_two_seats_racing_for_one_card_the_row_lock_decides(monkeypatch):
    match, people = snap_table(4, holders=[2, 3])
    turn(match, people[0], 0)
    cards = {seat: pair_of(match, seat) for seat in (2, 3)}
    hands = state(match).hands
    slow_apply = Snap.apply

    def apply(self, state, action):  # the first snap holds the lock a while: the other waits
        time.sleep(0.3)
        return slow_apply(self, state, action)

    monkeypatch.setattr(Snap, "apply", apply)
    start = threading.Barrier(2)
    answers = {}

    def snap(seat: int) -> None:
        start.wait()
        try:
            services.play(match.pk, people[seat], {"action": "snap", "card": cards[seat]}, 1)
            answers[seat] = None
        except services.ServiceError as e:
            answers[seat] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=snap, args=(seat,)) for seat in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    [winner] = [seat for seat, error in answers.items() if error is None]
    [loser] = [seat for seat, error in answers.items() if error is not None]
    error = answers[loser]
    assert isinstance(error, services.Conflict)
    assert error.message == "Someone else acted first, so your move was not played. Look again."
    assert [m.seat for m in snaps(match)] == [winner]
    after = state(match)
    assert after.hands[loser] == hands[loser] and after.scores[loser] == 0  # lost nothing
    assert Match.objects.get(pk=match.pk).version == 2


def test_the_later_of_two_snaps_is_told_so_in_its_players_language():
    match, people = snap_table(4, holders=[2, 3])
    turn(match, people[0], 0)
    services.play(match.pk, people[2], {"action": "snap", "card": pair_of(match, 2)}, 1)
    with translation.override("de"), pytest.raises(services.Conflict) as refused:
        services.play(match.pk, people[3], {"action": "snap", "card": pair_of(match, 3)}, 1)
    assert refused.value.message == (
        "Jemand anderes war schneller, daher wurde dein Zug nicht gespielt. Schau noch einmal hin."
    )


def test_the_table_offers_the_optional_move_exactly_while_it_is_legal(client):
    match, people = snap_table(3, holders=[2])
    client.force_login(people[2])
    url = reverse("table", args=[match.pk])
    assert SNAP_BUTTON not in client.get(url).content.decode()  # no card turned yet
    turn(match, people[0], 0)
    page = client.get(url).content.decode()
    card = pair_of(match, 2)
    assert f'{SNAP_BUTTON}{card}"' in page and 'id="optional-moves"' in page
    assert "You can move out of turn now." in page  # what screen readers are told
    for seat in (0, 1):  # the turner, and the seat on turn (its snaps are turn moves)
        client.force_login(people[seat])
        assert 'id="optional-moves"' not in client.get(url).content.decode()
    client.force_login(people[2])
    assert act(client, match, version=1, action="snap", card=card).status_code == 200
    assert SNAP_BUTTON not in client.get(url).content.decode()  # snapped: gone


def test_nothing_tells_another_seat_that_a_seat_has_an_optional_move():
    """Two deals that seat 1 and a spectator cannot tell apart, one where seat 2 can snap and
    one where it cannot: every region they are sent is the same."""
    match, people = snap_table(3, holders=[2])
    turn(match, people[0], 0)
    match = Match.objects.get(pk=match.pk)
    now = state(match)
    pair = pair_of(match, 2)
    other = next(c for c in now.stock if rank(c) != rank(now.top))
    hand = tuple(other if c == pair else c for c in now.hands[2])
    stock = tuple(pair if c == other else c for c in now.stock)
    cannot = GAME.dump(replace(now, hands=(*now.hands[:2], hand), stock=stock))
    assert GAME.legal_actions(GAME.load(cannot), 2) == []

    def regions(viewer, data) -> dict:
        seen = Match.objects.get(pk=match.pk)
        seen.state = data
        return render_regions(table_context(seen, viewer))

    for viewer in (people[1], AnonymousUser()):
        assert regions(viewer, match.state) == regions(viewer, cannot)
    assert regions(people[2], match.state)["actions"] != regions(people[2], cannot)["actions"]


def test_an_optional_move_over_the_socket_reaches_the_seat_that_may_make_it(fresh_cache):
    match, people = snap_table(3, holders=[2])
    cookies = {seat: session_cookie(person) for seat, person in people.items()}

    async def run() -> None:
        snapper = await opened(connect(match.pk, cookies[2]))
        on_turn = await opened(connect(match.pk, cookies[1]))
        spectator = await opened(connect(match.pk))
        await in_thread(turn, match, people[0], 0)
        # The pushed actions region offers the snap (its key holds the optional moves).
        frame = await until(snapper, lambda f: version_of(f) == 1)
        card = await in_thread(pair_of, match, 2)
        assert 'id="optional-moves"' in frame and f'{SNAP_BUTTON}{card}"' in frame
        for comm in (on_turn, spectator):
            seen = await until(comm, lambda f: version_of(f) == 1)
            assert 'id="optional-moves"' not in seen
        move = {"move": {"version": "1", "action": "snap", "card": card}}
        await snapper.send_to(text_data=json.dumps(move))
        frames = [await snapper.receive_from(timeout=10) for _ in range(2)]
        answer = next(f for f in frames if f.startswith(MESSAGE))
        assert "<p>" not in answer  # played: the message line cleared
        table = next(f for f in frames if not f.startswith(MESSAGE))
        assert 'id="table-actions"' in table and 'id="optional-moves"' not in table
        # Snapped: no longer a seat that may move out of turn.
        other = {"move": {"version": "2", "action": "snap", "card": card}}
        await snapper.send_to(text_data=json.dumps(other))
        assert "It is not your turn." in await until(snapper, lambda f: f.startswith(MESSAGE))
        for comm in (snapper, on_turn, spectator):
            await comm.disconnect()

    async_to_sync(run)()
    assert [(m.seat, m.actor) for m in snaps(match)] == [(2, Move.Actor.PLAYER)]


async def in_thread(function, *args):
    return await sync_to_async(function, thread_sensitive=False)(*args)


def test_the_turn_timer_never_waits_for_nor_plays_an_optional_move():
    match, people = snap_table(3, holders=[2])
    turn(match, people[0], 0)
    match = Match.objects.get(pk=match.pk)
    assert match.deadline is not None  # seat 1's turn
    assert services.sweep_timeouts(now=match.deadline + timedelta(seconds=1)) == 1
    moves = list(Move.objects.filter(match=match, seq__gt=1))
    assert [(m.seat, m.action["action"], m.actor) for m in moves] == [(1, "turn", "timer")]
    assert Seat.objects.get(match=match, position=2).timeouts == 0
    # The seat on turn a bot and a person with a snap: nobody's timer runs.
    match, people = snap_table(3, holders=[2], bots=[1])
    assert Seat.objects.get(match=match, position=1).bot_level
    turn(match, people[0], 0)
    match = Match.objects.get(pk=match.pk)
    assert match.deadline is None


def test_bots_optional_moves_are_queued_after_a_pause_from_the_settings(settings, monkeypatch):
    settings.KORSAREN_BOT_OPTIONAL_DELAY_SECONDS = (2.0, 3.0)
    queued = []
    monkeypatch.setattr(
        "games.tasks.play_bot_optional.apply_async",
        lambda args, countdown: queued.append((args, countdown)),
    )
    monkeypatch.setattr("games.tasks.play_bot_turn.apply_async", lambda *a, **k: None)
    match, people = snap_table(4, holders=[], bots=[2, 3])
    queued.clear()
    turn(match, people[0], 0)
    assert sorted(args for args, _ in queued) == [(match.pk, 2, 1), (match.pk, 3, 1)]
    assert all(2.0 <= countdown <= 3.0 for _, countdown in queued)
    assert notify.queue_server_moves(match.pk, 0) is False  # an older version: nothing


def test_a_bots_optional_move_is_played_on_the_version_it_saw_or_dropped(monkeypatch):
    match, people = snap_table(4, holders=[2, 3], bots=[2])
    monkeypatch.setattr("games.tasks.play_bot_optional.apply_async", lambda *a, **k: None)
    turn(match, people[0], 0)
    assert services.play_bot_optional(match.pk, 2, 0) is False  # a stale task asks nothing
    assert services.play_bot_optional(match.pk, 1, 1) is False  # seat 1 is a person
    # The bot thinks without the lock; meanwhile seat 3 snaps: the bot's snap is dropped.
    ask = type(GAME.bots).optional

    def slow(self, level, view, rng):
        services.play(match.pk, people[3], {"action": "snap", "card": pair_of(match, 3)}, 1)
        return ask(self, level, view, rng)

    monkeypatch.setattr(type(GAME.bots), "optional", slow)
    assert services.play_bot_optional(match.pk, 2, 1) is False
    assert [m.seat for m in snaps(match)] == [3]
