"""Moves over the table's WebSocket (issue 19): the tab sends its move form's fields on the
socket it already has; the server plays them exactly as the POST endpoint would (games/moves.py)
and answers on the same socket. Exactly once, refused with the same words, rate-limited."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from games.korsaren import seats_to_act
from games.models import Match, Move
from korsaren_site.asgi import application
from tests.helpers import make_user

from .cards_seen import version_of
from .tables import started, users_by_seat
from .test_consumers import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

MESSAGE = '<div id="table-message"'  # the answer to a move (the status region holds it too)


def connect(match_id: int, cookie: bytes | None = None, language: bytes = b"en"):
    headers = [(b"origin", b"http://localhost"), (b"accept-language", language)]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/tables/{match_id}/", headers=headers)


async def opened(comm) -> WebsocketCommunicator:
    connected, _ = await comm.connect()
    assert connected
    assert version_of(await comm.receive_from(timeout=10)) is not None  # the table at once
    return comm


async def until(comm, test) -> str:
    """The first frame for which test(frame) holds (earlier frames are skipped)."""
    while True:
        frame = await comm.receive_from(timeout=10)
        if test(frame):
            return frame


def is_answer(frame: str) -> bool:
    return frame.startswith(MESSAGE)


def draw(version: int) -> str:
    return json.dumps({"move": {"version": str(version), "action": "draw", "source": "stock"}})


@pytest.fixture
def table(fresh_cache):
    """A started two-player match: (match, cookie of the seat on turn, cookie of the other)."""
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(anna, [bert], seed="socket-moves")
    by_seat = users_by_seat(match)
    on_turn = seats_to_act(match.engine_state)[0]
    return match, session_cookie(by_seat[on_turn]), session_cookie(by_seat[1 - on_turn])


def reload(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def test_a_move_over_the_socket_is_played_and_reaches_every_tab(table):
    match, mover, other = table

    async def run() -> None:
        mine = await opened(connect(match.pk, mover))
        theirs = await opened(connect(match.pk, other))
        spectator = await opened(connect(match.pk))
        await mine.send_to(text_data=draw(0))
        for comm in (theirs, spectator):
            await until(comm, lambda f: version_of(f) == 1)
        # The mover gets the table and the answer: the message line, cleared (an earlier
        # refusal goes away), in either order.
        frames = [await mine.receive_from(timeout=10) for _ in range(2)]
        assert [version_of(f) for f in frames if not f.startswith(MESSAGE)] == [1]
        assert [f for f in frames if f.startswith(MESSAGE)] == [
            '<div id="table-message" class="table-message" role="alert" hx-swap-oob="true"></div>'
        ]
        for comm in (mine, theirs, spectator):
            await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 1
    assert Move.objects.filter(match=match).count() == 1


def test_a_refused_move_is_answered_on_the_socket_and_changes_nothing(table):
    match, mover, other = table

    async def run() -> None:
        theirs = await opened(connect(match.pk, other))
        await theirs.send_to(text_data=draw(0))  # not their turn
        answer = await until(theirs, is_answer)
        assert "It is not your turn." in answer
        # Fields the game's form does not accept: its own words. Only strings count.
        bad = {"move": {"version": "0", "action": "draw", "source": [{"x": 1}, 7]}}
        await theirs.send_to(text_data=json.dumps(bad))
        assert "Choose where to draw from." in await until(theirs, is_answer)
        for move in ({"version": "0", "action": "fly"}, "draw", ["version", "0"]):
            await theirs.send_to(text_data=json.dumps({"move": move}))
            assert "<p>" in await until(theirs, is_answer)
        await theirs.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 0
    assert not Move.objects.filter(match=match).exists()


def test_a_move_without_its_version_is_refused():
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(anna, [bert], seed="socket-moves")
    on_turn = users_by_seat(match)[seats_to_act(match.engine_state)[0]]

    async def run() -> None:
        comm = await opened(connect(match.pk, await sync_to_async(session_cookie)(on_turn)))
        await comm.send_to(text_data=json.dumps({"move": {"action": "draw", "source": "stock"}}))
        assert "version is missing" in await until(comm, is_answer)
        await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 0


def test_a_spectator_cannot_move(table):
    match, _, _ = table

    async def run() -> None:
        comm = await opened(connect(match.pk))
        await comm.send_to(text_data=draw(0))
        assert "You are not seated at this table." in await until(comm, is_answer)
        await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 0


def test_a_stale_move_gets_the_current_table_first_then_the_refusal(table):
    match, mover, _ = table

    async def run() -> None:
        comm = await opened(connect(match.pk, mover))
        await comm.send_to(text_data=draw(0))
        await until(comm, is_answer)
        # The same click again, on the version it saw: the table moved on meanwhile.
        await comm.send_to(text_data=draw(0))
        frames = [await comm.receive_from(timeout=10)]
        while not frames[-1].startswith(MESSAGE):
            frames.append(await comm.receive_from(timeout=10))
        assert "The table changed before your move arrived" in frames[-1]
        assert any(version_of(f) == 1 for f in frames)  # the tab shows the current table
        await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 1


def test_the_same_move_twice_over_two_sockets_is_played_once(table):
    """Two tabs of the player on turn send the same move at once: one is played, the other is
    refused as stale (services.play locks the match row and checks the version)."""
    match, mover, _ = table

    async def run() -> None:
        tabs = [await opened(connect(match.pk, mover)) for _ in range(2)]
        await asyncio.gather(*(tab.send_to(text_data=draw(0)) for tab in tabs))
        answers = [await until(tab, is_answer) for tab in tabs]
        assert sorted("The table changed" in a for a in answers) == [False, True]
        for tab in tabs:
            await tab.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 1
    assert Move.objects.filter(match=match).count() == 1


def test_moves_over_the_socket_count_against_the_players_move_rate(table, settings):
    settings.KORSAREN_MOVE_RATE = 3
    match, _, other = table

    async def run() -> None:
        comm = await opened(connect(match.pk, other))
        answers = []
        for _ in range(5):
            await comm.send_to(text_data=draw(0))
            answers.append(await until(comm, is_answer))
        assert ["Too many moves" in a for a in answers] == [False] * 3 + [True] * 2
        await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == 0


def test_a_refusal_comes_in_the_sockets_language(table):
    match, _, other = table

    async def run() -> None:
        comm = await opened(connect(match.pk, other, language=b"de"))
        await comm.send_to(text_data=draw(0))
        answer = await until(comm, is_answer)
        assert "It is not your turn." not in answer
        assert "Zug" in answer
        await comm.disconnect()

    async_to_sync(run)()


def test_a_move_sends_no_region_a_tab_already_shows(table):
    """Regions whose key (Presenter.region_keys) a tab already has are neither rendered nor
    sent: another seat's draw leaves your hand alone; the mover's own hand comes anew."""
    match, mover, other = table

    async def run() -> None:
        mine = await opened(connect(match.pk, mover))
        theirs = await opened(connect(match.pk, other))
        await mine.send_to(text_data=draw(0))
        their_frame = await until(theirs, lambda f: version_of(f) == 1)
        my_frame = await until(mine, lambda f: version_of(f) == 1)
        assert 'id="my-hand"' in my_frame  # the drawn card
        assert 'id="my-hand"' not in their_frame
        assert 'id="table-actions"' not in their_frame  # still waiting for their turn
        assert 'id="table-seats"' in their_frame  # the mover's card count changed
        # The mover discards: now it is the other's turn, and their moves come.
        hand = my_frame[my_frame.index('id="my-hand"') :]
        card = hand[hand.index('name="card" value="') + 19 :].split('"')[0]
        discard = {"version": "1", "action": "discard", "card": card}
        await mine.send_to(text_data=json.dumps({"move": discard}))
        their_frame = await until(theirs, lambda f: version_of(f) == 2)
        assert "Draw from stock" in their_frame
        for comm in (mine, theirs):
            await comm.disconnect()

    async_to_sync(run)()


def test_a_version_in_other_digits_is_a_missing_version_on_the_socket(table):
    """Issue 28.8: "²" passes str.isdigit() and fails int(): the socket closed with 1011, and
    at connect too as `?shown=²`. Now it is a move without a version: refused in words, the
    socket stays open; `?shown=²` is as if nothing were shown."""
    match, mover, _other = table

    async def run() -> None:
        comm = WebsocketCommunicator(
            application,
            f"/ws/tables/{match.pk}/?shown=%C2%B2",
            headers=[(b"origin", b"http://localhost"), (b"cookie", mover)],
        )
        comm = await opened(comm)
        for version in ("²", "①", "٣", str(10**30)):
            move = {"move": {"version": version, "action": "draw", "source": "stock"}}
            await comm.send_to(text_data=json.dumps(move))
            assert is_answer(await until(comm, is_answer))
        await comm.disconnect()

    async_to_sync(run)()
    assert reload(match).version == match.version
    assert not Move.objects.filter(match=match).exists()
