"""The table's WebSocket (issue 4): every frame a seat receives over a whole match carries only
cards that seat could see at that version of the table; private tables refuse strangers."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services
from games.korsaren import ANNULLED, SCORED, MatchState, seats_to_act, view
from games.services import notify
from korsaren_site.asgi import application
from tests.helpers import PASSWORD, make_user
from tests.korsaren.engine.helpers import cards_in

from .cards_seen import cards_shown, version_of
from .tables import open_table, random_move, started, users_by_seat

pytestmark = pytest.mark.django_db(transaction=True)


def session_cookie(user) -> bytes:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def connect(match_id: int, cookie: bytes | None = None, origin: bytes = b"http://localhost"):
    headers = [(b"origin", origin)]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/tables/{match_id}/", headers=headers)


async def frames_until(comm, version: int, seen: list[str]) -> None:
    """Collect frames until one shows `version` of the table."""
    while True:
        frame = await comm.receive_from(timeout=10)
        seen.append(frame)
        if version_of(frame) == version:
            return


def test_every_frame_over_a_whole_match_hides_what_each_seat_cannot_see():
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(3)]
    match = started(users[0], users[1:], seed="frames")
    seat_of = {u.pk: p for p, u in users_by_seat(match).items()}
    states: dict[int, MatchState] = {0: match.engine_state}
    frames: dict[int | None, list[str]] = {p: [] for p in (*range(3), None)}
    cookies = {seat_of[u.pk]: session_cookie(u) for u in users}

    async def run() -> None:
        comms = {seat: connect(match.pk, cookie) for seat, cookie in cookies.items()}
        comms[None] = connect(match.pk)  # an anonymous spectator of a public table
        for comm in comms.values():
            connected, _ = await comm.connect()
            assert connected
        for seat, comm in comms.items():
            await frames_until(comm, 0, frames[seat])
        rng = random.Random(11)
        while True:
            m = await sync_to_async(lambda: type(match).objects.get(pk=match.pk))()
            if not m.is_active:
                break
            if m.engine_state.round.phase in (SCORED, ANNULLED):
                await sync_to_async(services.take_server_step)(m.pk, m.version)
            else:
                user, action, version = await sync_to_async(random_move)(m, rng)
                await sync_to_async(services.play)(m.pk, user, action, version)
            m = await sync_to_async(lambda: type(match).objects.get(pk=match.pk))()
            states[m.version] = m.engine_state
            for seat, comm in comms.items():
                await frames_until(comm, m.version, frames[seat])
        for comm in comms.values():
            await comm.disconnect()

    async_to_sync(run)()
    final = states[max(states)]
    assert final.match_over
    checked = 0
    for seat, seat_frames in frames.items():
        for frame in seat_frames:
            allowed = cards_in(view(states[version_of(frame)], seat))
            leaked = cards_shown(frame) - allowed
            assert not leaked, f"seat {seat} was sent {leaked}"
            checked += 1
    assert checked >= 4 * len(states)
    # The spectator saw no hand at all until lay-downs: no frame of theirs has a hand region.
    assert not any('id="hand-form"' in f for f in frames[None])


def test_a_private_table_socket_refuses_strangers_and_admits_players():
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = open_table(anne, seats=2, private=True)
    anne_cookie, bob_cookie = session_cookie(anne), session_cookie(bob)

    async def run() -> None:
        for cookie in (None, bob_cookie):
            comm = connect(match.pk, cookie)
            connected, code = await comm.connect()
            assert not connected or (await comm.receive_output())["type"] == "websocket.close"
        comm = connect(match.pk, anne_cookie)
        connected, _ = await comm.connect()
        assert connected
        frame = await comm.receive_from(timeout=10)
        assert "Add bot" in frame
        await comm.disconnect()

    async_to_sync(run)()


def test_a_foreign_origin_is_refused():
    anne = make_user("anne", "a@example.com")
    match = open_table(anne, seats=2)
    cookie = session_cookie(anne)

    async def run() -> None:
        comm = connect(match.pk, cookie, origin=b"http://evil.example")
        connected, _ = await comm.connect()
        assert not connected

    async_to_sync(run)()


def test_a_reconnecting_tab_gets_the_current_table_at_once():
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    user, action, version = random_move(match, random.Random(1))
    services.play(match.pk, user, action, version)
    cookie = session_cookie(anne)

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        frame = await comm.receive_from(timeout=10)
        assert version_of(frame) == 1 and 'id="my-hand"' in frame
        await comm.disconnect()

    async_to_sync(run)()


def test_a_tab_whose_page_shows_the_current_table_is_sent_only_the_chat():
    """The page says which version it shows (?shown=): a tab connecting with the current one
    is not sent the regions it has (swapped in under the player's first keys), only the chat;
    a tab whose page is older gets the table at once; the next move reaches both."""
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    user, action, version = random_move(match, random.Random(1))
    services.play(match.pk, user, action, version)
    cookie = session_cookie(anne)
    page = Client()
    page.force_login(anne)
    assert f"/ws/tables/{match.pk}/?shown=1" in page.get(f"/tables/{match.pk}/").content.decode()

    def tab(shown: int) -> WebsocketCommunicator:
        path = f"/ws/tables/{match.pk}/?shown={shown}"
        headers = [(b"origin", b"http://localhost"), (b"cookie", cookie)]
        return WebsocketCommunicator(application, path, headers=headers)

    async def run() -> None:
        current, older = tab(1), tab(0)
        assert (await current.connect())[0] and (await older.connect())[0]
        first = await current.receive_from(timeout=10)
        assert 'id="chat-log"' in first and 'id="table-status"' not in first
        assert version_of(await older.receive_from(timeout=10)) == 1
        user, action, version = await sync_to_async(random_move)(match, random.Random(2))
        await sync_to_async(services.play)(match.pk, user, action, version)
        for comm in (current, older):
            await frames_until(comm, 2, [])
            await comm.disconnect()

    async_to_sync(run)()


def test_a_busy_shared_sync_thread_does_not_hold_up_table_updates():
    """Django runs thread-sensitive sync code in one thread per process: a tab's update must
    not wait there (channels' consumers did, for every message)."""
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    cookie = session_cookie(anne)

    def move() -> None:
        user, action, version = random_move(match, random.Random(1))
        services.play(match.pk, user, action, version)

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        await frames_until(comm, 0, [])
        busy = asyncio.ensure_future(sync_to_async(time.sleep)(3))  # the shared thread, busy
        await database_sync_to_async(move, thread_sensitive=False)()
        frame = await comm.receive_from(timeout=1.5)
        assert version_of(frame) == 1
        assert not busy.done()
        await busy
        await comm.disconnect()

    async_to_sync(run)()


def test_a_move_is_read_once_for_all_tabs_of_a_process_and_leaves_the_chat_alone(monkeypatch):
    """Each tab renders its own view, from one shared read of the table per version: none for
    a move this process played (it has the committed table), one for a move played elsewhere;
    a move re-sends no chat and a chat line re-sends nothing else."""
    from games.consumers import snapshots

    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(3)]
    match = started(users[0], users[1:], seed="shared")
    cookies = [session_cookie(u) for u in users]

    async def move_and_see(comms, version: int) -> None:
        user, action, seen = await sync_to_async(random_move)(match, random.Random(version))
        assert seen == version - 1
        await sync_to_async(services.play)(match.pk, user, action, seen)
        for comm in comms:
            frame = await comm.receive_from(timeout=10)
            assert version_of(frame) == version
            assert 'id="table-seats"' in frame and 'id="chat-log"' not in frame

    async def run() -> None:
        comms = [connect(match.pk, c) for c in cookies] + [connect(match.pk)]
        for comm in comms:
            assert (await comm.connect())[0]
            await frames_until(comm, 0, [])
        reads = snapshots.reads
        await move_and_see(comms, 1)  # played here: no read at all
        assert snapshots.reads == reads
        with monkeypatch.context() as m:
            m.setattr("games.services.notify.committed_here", [])  # as if played elsewhere
            await move_and_see(comms, 2)
        assert snapshots.reads == reads + 1
        await comms[0].send_json_to({"chat": "fair winds"})
        for comm in comms[1:]:
            frame = await comm.receive_from(timeout=10)
            assert "fair winds" in frame and 'id="chat-log"' in frame
            assert 'id="table-seats"' not in frame and 'id="my-hand"' not in frame
        for comm in comms:
            await comm.disconnect()

    async_to_sync(run)()


def test_the_tabs_a_move_wakes_are_rendered_in_one_hop_to_the_render_thread(monkeypatch):
    """One trip to the render thread for all of a process's tabs at the table, not one each."""
    from games import consumers

    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(3)]
    match = started(users[0], users[1:], seed="batch")
    cookies = [session_cookie(u) for u in users]
    batches: list[int] = []
    render_all = consumers._render_all

    async def counted(jobs):
        batches.append(len(jobs))
        return await render_all(jobs)

    monkeypatch.setattr(consumers, "_render_all", counted)

    async def run() -> None:
        comms = [connect(match.pk, c) for c in cookies] + [connect(match.pk)]
        for comm in comms:
            assert (await comm.connect())[0]
            await frames_until(comm, 0, [])
        batches.clear()
        user, action, version = await sync_to_async(random_move)(match, random.Random(3))
        await sync_to_async(services.play)(match.pk, user, action, version)
        for comm in comms:
            assert version_of(await comm.receive_from(timeout=10)) == 1
        assert batches == [4]
        for comm in comms:
            await comm.disconnect()

    async_to_sync(run)()


def region(frame: str, element_id: str) -> str:
    """One region's element in a frame (regions are top-level <section>s)."""
    start = frame.index(f'id="{element_id}"')
    return frame[frame.rindex("<section", 0, start) : frame.index("</section>", start)]


def test_tabs_share_what_every_viewer_sees_alike_per_language_but_keep_their_own_status():
    """The centre is rendered once per version and language for a process's tabs
    (rendering.SHARED_REGIONS): each tab still gets its own language and its own turn."""
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(3)]
    users[2].preferred_language = "de"
    users[2].save()
    match = started(users[0], users[1:], seed="shared-regions")
    by_user = {u.pk: p for p, u in users_by_seat(match).items()}
    cookies = [session_cookie(u) for u in users]

    async def run() -> list[str]:
        comms = [connect(match.pk, c) for c in cookies]
        for comm in comms:
            assert (await comm.connect())[0]
            await frames_until(comm, 0, [])
        user, action, version = await sync_to_async(random_move)(match, random.Random(5))
        await sync_to_async(services.play)(match.pk, user, action, version)
        frames = [await comm.receive_from(timeout=10) for comm in comms]
        for comm in comms:
            await comm.disconnect()
        return frames

    frames = async_to_sync(run)()
    match.refresh_from_db()
    to_move = seats_to_act(match.engine_state)
    centres = [region(f, "table-center") for f in frames]
    assert centres[0] == centres[1] and ">Pier<" in centres[0]
    assert ">Mole<" in centres[2] and ">Pier<" not in centres[2]
    for user, frame in zip(users, frames, strict=True):
        status = region(frame, "table-status")
        mine = by_user[user.pk] in to_move
        assert ("Your turn" in status or "Dein Zug" in status) == mine
        assert ("Waiting for" in status or "Warten auf" in status) != mine


def test_muting_a_player_updates_the_muters_open_tab(fresh_cache):
    from games import chat

    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    chat.post_message(bob, match, "ahoy")
    cookie = session_cookie(anne)

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        frame = await comm.receive_from(timeout=10)
        assert ">Mute<" in frame and "ahoy" in frame
        await sync_to_async(chat.toggle_mute)(anne, bob)
        frame = await comm.receive_from(timeout=10)
        assert ">Unmute<" in frame and 'id="chat-log"' in frame and "ahoy" not in frame
        await comm.disconnect()

    async_to_sync(run)()


def test_the_lobby_shows_a_new_table_live():
    anne = make_user("anne", "a@example.com")

    async def run() -> None:
        comm = WebsocketCommunicator(
            application, "/ws/lobby/", headers=[(b"origin", b"http://localhost")]
        )
        assert (await comm.connect())[0]
        match = await sync_to_async(open_table)(anne, seats=3)
        frame = await comm.receive_from(timeout=10)
        assert f'data-table="{match.pk}"' in frame and "1 of 3 seats taken" in frame
        await comm.disconnect()

    async_to_sync(run)()


def test_seats_filling_and_the_start_reach_open_sockets():
    """Joining, adding a bot and starting keep the table's version: they must still be sent."""
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = open_table(anne, seats=3)
    cookie = session_cookie(anne)

    async def next_frame_with(comm, text: str) -> str:
        while text not in (frame := await comm.receive_from(timeout=10)):
            pass
        return frame

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        first = await comm.receive_from(timeout=10)
        # The creator's forms (add a bot, start), without the page's CSRF token: htmx sends it.
        assert "Add bot" in first and "csrfmiddlewaretoken" not in first
        await sync_to_async(services.join_table)(bob, match.pk)
        await next_frame_with(comm, "bob")
        await sync_to_async(services.add_bot)(anne, match.pk, "deckhand")
        await next_frame_with(comm, "Deckhand")
        await sync_to_async(services.start_match)(anne, match.pk)
        frame = await next_frame_with(comm, 'id="hand-form"')
        assert version_of(frame) == 0
        await comm.disconnect()

    async_to_sync(run)()


@pytest.mark.parametrize("partial", ["chat.changed", "mutes.changed"])
def test_a_chat_or_mute_push_never_swallows_the_moves_push(monkeypatch, partial):
    """Issue 15, point 4: a tab handles a chat line (or a mute) after a move was stored but
    before the move's own event; the newest table, which another tab of the process already
    read, carries the chat. The move's event must still bring the move's regions (the hand,
    the draw buttons), not be skipped as already shown."""
    from channels.layers import get_channel_layer

    from games import chat
    from games.consumers import snapshots

    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob], seed="interleave")
    cookie = session_cookie(anne)
    held: list[tuple[str, dict]] = []

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        await frames_until(comm, 0, [])
        # The move and a chat line are stored; their events are held back for now.
        monkeypatch.setattr(notify, "send_all", held.extend)
        user, action, version = await sync_to_async(random_move)(match, random.Random(2))
        await sync_to_async(services.play)(match.pk, user, action, version)
        await sync_to_async(chat.post_message)(bob, match, "fair winds")
        await snapshots.get(match.pk, version + 1)  # another tab took the move's event first
        layer = get_channel_layer()
        group = services.table_group(match.pk)
        if partial == "chat.changed":
            await layer.group_send(group, {"type": "chat.changed"})
        else:
            await layer.group_send(services.user_group(anne.pk), {"type": "mutes.changed"})
        await layer.group_send(group, {"type": "table.changed", "version": version + 1})
        frames: list[str] = []
        await frames_until(comm, version + 1, frames)
        assert 'id="my-hand"' in frames[-1] and 'id="table-status"' in frames[-1]
        await comm.disconnect()

    async_to_sync(run)()
    assert [m["type"] for _g, m in held] == ["table.changed"]  # the move's, sent by hand above


def test_joining_brings_the_chat_box_and_other_seats_leave_it_alone():
    """Issue 28.13: after "Join" the chat had no box until a reload. It is a region: it comes
    with the join, and another player's join does not send it again (what is typed stays)."""
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    carl = make_user("carl", "c@example.com")
    match = open_table(anne, seats=3)
    cookie = session_cookie(bob)

    async def run() -> None:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        assert 'id="chat-input"' not in await comm.receive_from(timeout=10)  # watching
        await sync_to_async(services.join_table)(bob, match.pk)
        frame = await comm.receive_from(timeout=10)
        assert 'id="chat-input"' in frame
        await sync_to_async(services.join_table)(carl, match.pk)
        frame = await comm.receive_from(timeout=10)
        assert "carl" in frame and 'id="chat-form-region"' not in frame
        await comm.disconnect()

    async_to_sync(run)()


def test_the_invite_link_sent_over_the_socket_is_whole():
    """Issue 28: the socket's invite link was a bare path (the page's had the site's address)."""
    anne = make_user("anne", "a@example.com")
    match = open_table(anne, seats=3, private=True)
    cookie = session_cookie(anne)

    async def run() -> None:
        headers = [(b"origin", b"https://localhost:8443"), (b"host", b"localhost:8443")]
        headers += [(b"x-forwarded-proto", b"https"), (b"cookie", cookie)]
        comm = WebsocketCommunicator(application, f"/ws/tables/{match.pk}/", headers=headers)
        assert (await comm.connect())[0]
        frame = await comm.receive_from(timeout=10)
        link = f"https://localhost:8443/tables/{match.pk}/?invite={match.invite_code}"
        assert link in frame and 'data-copy="invite-link"' in frame
        await comm.disconnect()

    async_to_sync(run)()
