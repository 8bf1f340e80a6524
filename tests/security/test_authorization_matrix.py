"""Who may see and do what (issue 8): every role against every table URL and socket.

Roles: anonymous, a signed-in stranger, the seated player on turn, the other seated player, a
spectator (signed in, holding the private table's invite link), a banned user (banned after
signing in: the session no longer authenticates), and staff. Two tables in play: a public one
and a private one, each with `player` and `other` seated. One table of expected statuses; every
refusal must leave the match exactly as it was.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.services import ban_user
from games.korsaren import seats_to_act
from games.models import Match
from korsaren_site.asgi import application
from tests.games.tables import started, users_by_seat
from tests.helpers import make_user

pytestmark = pytest.mark.django_db(transaction=True)

ROLES = ("anonymous", "stranger", "player", "other", "spectator", "banned", "staff")
SIGNED_OUT = {"anonymous": 302, "banned": 302}  # sent to the login page


def expect(default: int, **by_role: int) -> dict[str, int]:
    return {role: by_role.get(role, default) for role in ROLES}


def private_only(seen: int = 200, hidden: int = 404) -> dict[str, int]:
    """A private table: its players and invitees see it, nobody else learns it exists."""
    return expect(hidden, player=seen, other=seen, spectator=seen)


DRAW = {"action": "draw", "source": "stock"}

# (method, path template, form data, expected status per role). {pub}/{priv} are the tables,
# {other_id} the other player's user id, {v} a table's current version. Rows that change
# something on success come last, so earlier rows see the table as dealt.
MATRIX = [
    ("get", "/play/", None, expect(200)),
    ("get", "/leaderboard/", None, expect(200)),
    ("get", "/tables/{pub}/", None, expect(200)),
    ("get", "/tables/{priv}/", None, private_only()),
    ("get", "/tables/999999/", None, expect(404)),
    ("get", "/matches/{pub}/", None, expect(200)),
    ("get", "/matches/{priv}/", None, private_only()),
    ("get", "/matches/{pub}/export.json", None, expect(404)),  # only once the match is over
    ("get", "/matches/", None, expect(200, **SIGNED_OUT)),
    ("get", "/accounts/profile/", None, expect(200, **SIGNED_OUT)),
    ("get", "/admin/", None, expect(302, staff=200)),
    ("get", "/tables/{pub}/laydown/", None, expect(200, **SIGNED_OUT)),
    ("get", "/tables/{priv}/laydown/", None, {**private_only(), **SIGNED_OUT}),
    (
        "get",
        "/reports/new/?user={other_id}&match={pub}",
        None,
        expect(200, other=404, **SIGNED_OUT),
    ),
    # The match is under way: the lobby actions are refused to everyone signed in.
    ("post", "/tables/{pub}/join/", {}, expect(409, **SIGNED_OUT)),
    ("post", "/tables/{pub}/leave/", {}, expect(409, **SIGNED_OUT)),
    ("post", "/tables/{pub}/start/", {}, expect(409, **SIGNED_OUT)),
    ("post", "/tables/{pub}/bots/", {"level": "deckhand"}, expect(409, **SIGNED_OUT)),
    ("post", "/tables/{pub}/bots/1/remove/", {}, expect(409, **SIGNED_OUT)),
    ("post", "/tables/{pub}/take-back/", {}, expect(409, **SIGNED_OUT)),
    (
        "post",
        "/tables/{priv}/join/",
        {},
        {**expect(409, **SIGNED_OUT), "stranger": 404, "staff": 404},
    ),
    # Moves: only the seat on turn; the other seat is told it is not its turn.
    (
        "post",
        "/tables/{priv}/act/",
        DRAW,
        {**private_only(), "player": 200, "other": 409, "spectator": 403, **SIGNED_OUT},
    ),
    (
        "post",
        "/tables/{priv}/act/",
        {"action": "nonsense"},
        {**private_only(400), **SIGNED_OUT},
    ),
    ("post", "/tables/{pub}/act/", DRAW, {**expect(403, player=200, other=409), **SIGNED_OUT}),
    ("post", "/tables/{pub}/mute/{other_id}/", {}, expect(200, other=400, **SIGNED_OUT)),
    (
        "post",
        "/tables/{priv}/mute/{other_id}/",
        {},
        {**private_only(), "other": 400, **SIGNED_OUT},
    ),
]

# Who may open each table's socket.
SOCKETS = {"pub": expect(True), "priv": {r: s == 200 for r, s in private_only().items()}}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def world():
    """Two started tables with the same two players, the player on turn called `player`."""
    a, b = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    pub = started(a, [b], seed="matrix-public")
    priv = started(a, [b], seed="matrix-public", private=True)  # same seed: same seat on turn
    on_turn = seats_to_act(pub.engine_state)[0]
    seated = users_by_seat(pub)
    player, other = seated[on_turn], seated[1 - on_turn]
    stranger = make_user("stella", "stella@example.com")
    spectator = make_user("spec", "spec@example.com")
    banned = make_user("bandit", "bandit@example.com")
    staff = make_user("staff", "staff@example.com", is_staff=True)
    clients = {
        "anonymous": Client(),
        "stranger": signed_in(stranger),
        "player": signed_in(player),
        "other": signed_in(other),
        "spectator": signed_in(spectator),
        "banned": signed_in(banned),
        "staff": signed_in(staff),
    }
    # The spectator followed the private table's invite link.
    assert clients["spectator"].get(f"/tables/{priv.pk}/?invite={priv.invite_code}").status_code
    ban_user(banned, reason="cheating")
    return {"pub": pub, "priv": priv, "other": other, "clients": clients}


def fill(path: str, world: dict) -> str:
    return path.format(pub=world["pub"].pk, priv=world["priv"].pk, other_id=world["other"].pk)


def snapshot() -> dict:
    return {m.pk: (m.version, m.status, m.state) for m in Match.objects.all()}


@pytest.mark.django_db  # plain requests: rolled back, no need to empty the tables after
@pytest.mark.parametrize("role", ROLES)
def test_every_url_answers_each_role_as_the_matrix_says(role, world, fresh_cache):
    client = world["clients"][role]
    wrong = []
    for method, template, data, expected in MATRIX:
        path = fill(template, world)
        before = snapshot()
        if method == "post":
            match_id = world["priv" if "{priv}" in template else "pub"].pk
            data = {**data, "version": Match.objects.get(pk=match_id).version}
            response = client.post(path, data, HTTP_HX_REQUEST="true")
        else:
            response = client.get(path)
        want = expected[role]
        if method == "post" and want == 302:
            want = 401  # an htmx request without a session is told so (issue 18), not redirected
        if response.status_code != want:
            wrong.append(f"{method.upper()} {template}: {response.status_code}, not {want}")
        if response.status_code >= 300:
            assert snapshot() == before, f"{method.upper()} {template} refused but changed a match"
        if response.status_code == 302:
            assert "login/" in response["Location"], f"{template} redirects elsewhere"
    assert not wrong, f"{role}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("role", ROLES)
def test_every_socket_admits_each_role_as_the_matrix_says(role, world):
    client = world["clients"][role]
    cookie = client.cookies.get("sessionid")
    headers = [(b"origin", b"http://localhost")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie.value}".encode()))

    async def admitted(match_id: int) -> bool:
        comm = WebsocketCommunicator(application, f"/ws/tables/{match_id}/", headers=headers)
        connected, _ = await comm.connect()
        if connected:
            output = await comm.receive_output(timeout=10)
            connected = output["type"] == "websocket.send"
        await comm.disconnect()
        return connected

    for table, expected in SOCKETS.items():
        assert async_to_sync(admitted)(world[table].pk) == expected[role], table


def test_a_banned_player_cannot_move_at_their_own_table(fresh_cache):
    a, b = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    match = started(a, [b], seed="banned-player")
    seated = users_by_seat(match)
    on_turn = seated[seats_to_act(match.engine_state)[0]]
    client = signed_in(on_turn)
    ban_user(on_turn, reason="cheating")
    response = client.post(f"/tables/{match.pk}/act/", {**DRAW, "version": 0})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    match.refresh_from_db()
    assert match.version == 0
