"""Hostile input (issue 8): fuzzed forms, moves and socket messages get a clear answer — a 4xx
(or, for a plain non-htmx form post, the redirect back with a message), socket noise ignored —
never a server error or a stack trace, and nothing changes unless it was a legal move of the
sender's own seat. CI runs a sample; FUZZ_EXAMPLES=2500 runs ≥10,000 cases in all."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.korsaren import apply
from games.models import Match, Move
from korsaren_site.asgi import application
from tests.games.tables import open_table, started
from tests.helpers import make_user

from .fuzz import (
    CASES,
    EXAMPLES,
    assert_clean,
    counted,
    form_values,
    forms,
    fuzz_settings,
    near_moves,
    snapshot,
)

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def site(settings):
    """Anna and Bert play; Stella and Tom play elsewhere; a table waits for players."""
    settings.KORSAREN_MOVE_RATE = 10**9  # the fuzzer is not here to test the rate limit
    anna, bert = make_user("anna", "anna@example.com"), make_user("bert", "bert@example.com")
    stella, tom = make_user("stella", "stella@example.com"), make_user("tom", "tom@example.com")
    users = {"anna": anna, "bert": bert, "stella": stella}
    clients = {}
    for name, user in users.items():
        clients[name] = Client()
        clients[name].force_login(user)
    clients["anonymous"] = Client()
    return {
        "users": users,
        "clients": clients,
        "mine": started(anna, [bert], seed="fuzz-mine"),
        "theirs": started(stella, [tom], seed="fuzz-theirs", private=True),
        "open": open_table(tom, seats=3),
    }


def target_id(site: dict, target: str) -> int | str:
    return {
        "mine": site["mine"].pk,
        "theirs": site["theirs"].pk,
        "open": site["open"].pk,
        "missing": 987654,
        "huge": 10**25,
    }[target]


@pytest.mark.django_db
def test_fuzzed_moves_are_refused_cleanly_or_played_legally(site):
    @fuzz_settings()
    @given(
        form=st.one_of(forms, near_moves),
        who=st.sampled_from(["anna", "bert", "stella", "anonymous"]),
        target=st.sampled_from(["mine", "mine", "theirs", "open", "missing", "huge"]),
        htmx=st.booleans(),
        fresh=st.booleans(),
    )
    def run(form, who, target, htmx, fresh):
        counted()
        match_id = target_id(site, target)
        before, moves = snapshot(), Move.objects.count()
        played = {t: Match.objects.get(pk=site[t].pk) for t in ("mine", "theirs")}
        old = {t: m.engine_state for t, m in played.items()}
        if fresh:  # the version the table shows now, as a real page would send
            form = {**form, "version": str(played["mine"].version)}
        response = site["clients"][who].post(
            f"/tables/{match_id}/act/", form, **(HTMX if htmx else {})
        )
        assert_clean(response)
        if Move.objects.count() == moves + 1:
            # Legal input got through: it must be the sender's own seat's move, at a table
            # they play at (Stella's private one too, when the versions happen to match),
            # applied exactly as the engine says.
            move = Move.objects.select_related("match").latest("pk")
            assert (target, who) in {("mine", "anna"), ("mine", "bert"), ("theirs", "stella")}
            assert move.match.seats.get(position=move.seat).user == site["users"][who]
            assert move.match.engine_state == apply(old[target], move.action)
            assert response.status_code == (200 if htmx else 302)
            CASES["legal moves"] = CASES.get("legal moves", 0) + 1
        else:
            assert snapshot() == before
            expected = {400, 403, 404, 409} if htmx else {302, 404}
            if who == "anonymous":  # to the login page; htmx is told the session is gone
                expected = {401} if htmx else {302}
            if target == "huge":  # an id no table can have: no such address (issue 28.8)
                expected = {404}
            assert response.status_code in expected, (response.status_code, form)

    run()


ENDPOINTS = [
    ("post", "/tables/{id}/join/"),
    ("post", "/tables/{id}/leave/"),
    ("post", "/tables/{id}/bots/"),
    ("post", "/tables/{id}/bots/{n}/remove/"),
    ("post", "/tables/{id}/start/"),
    ("post", "/tables/{id}/take-back/"),
    ("post", "/tables/{id}/mute/{n}/"),
    ("get", "/tables/{id}/laydown/"),
    ("get", "/tables/{id}/"),
    ("get", "/matches/{id}/"),
    ("get", "/matches/{id}/rounds/{n}/"),
    ("post", "/matches/{id}/verify/"),
    ("get", "/matches/{id}/export.json"),
    ("get", "/matches/"),
    ("get", "/leaderboard/"),
    ("get", "/play/tables/"),
    ("post", "/play/"),
    ("get", "/reports/new/"),
    ("post", "/reports/new/"),
]


@pytest.mark.django_db
def test_fuzzed_forms_and_queries_on_every_endpoint_get_clear_answers(site):
    existing = [site["mine"].pk, site["theirs"].pk]  # matches in play: nothing may touch them

    @fuzz_settings()
    @given(
        endpoint=st.sampled_from(ENDPOINTS),
        form=forms,
        who=st.sampled_from(["anna", "bert", "stella", "anonymous"]),
        target=st.sampled_from(["mine", "theirs", "open", "missing", "huge"]),
        n=st.one_of(st.integers(0, 5), st.integers(0, 10**30)),
        htmx=st.booleans(),
    )
    def run(endpoint, form, who, target, n, htmx):
        counted()
        method, template = endpoint
        path = template.format(id=target_id(site, target), n=n)
        before = snapshot_of(existing)
        client = site["clients"][who]
        extra = HTMX if htmx else {}
        if method == "get":
            response = client.get(path, {k: v for k, v in form.items()}, **extra)
        else:
            response = client.post(path, form, **extra)
        assert_clean(response)
        assert snapshot_of(existing) == before, (method, path, form)

    run()


def snapshot_of(ids: list[int]) -> list:
    return sorted(
        (m.pk, m.version, m.status, json.dumps(m.state), [s.user_id for s in m.seats.all()])
        for m in Match.objects.filter(pk__in=ids)
    )


POSTS = [
    "/tables/{id}/act/",
    "/tables/{id}/join/",
    "/tables/{id}/leave/",
    "/tables/{id}/start/",
    "/tables/{id}/bots/",
    "/tables/{id}/take-back/",
    "/play/",
    "/reports/new/",
    "/accounts/logout/",
    "/i18n/setlang/",
]


@pytest.mark.django_db
def test_posts_without_a_valid_csrf_token_or_from_a_foreign_origin_are_refused(site):
    anna = Client(enforce_csrf_checks=True)
    anna.force_login(site["users"]["anna"])
    anna.get("/play/")  # the CSRF cookie, as a browser gets it
    token = anna.cookies["csrftoken"].value

    @fuzz_settings()
    @given(
        path=st.sampled_from(POSTS),
        form=forms,
        target=st.sampled_from(["mine", "open"]),
        attack=st.sampled_from(["no token", "wrong token", "foreign origin", "token in form only"]),
    )
    def run(path, form, target, attack):
        counted()
        url = path.format(id=target_id(site, target))
        headers = {}
        if attack == "wrong token":
            headers["HTTP_X_CSRFTOKEN"] = "x" * 32
        elif attack == "foreign origin":
            headers.update(HTTP_X_CSRFTOKEN=token, HTTP_ORIGIN="http://evil.example")
        elif attack == "token in form only":  # a token from another session's page
            form = {**form, "csrfmiddlewaretoken": "A" * 64}
        before = snapshot()
        response = anna.post(url, form, **headers, **HTMX)
        assert_clean(response)
        assert response.status_code == 403, (attack, url)
        assert snapshot() == before

    run()


@pytest.mark.django_db
def test_huge_and_overlong_requests_are_refused_with_400(site):
    anna = site["clients"]["anna"]
    url = f"/tables/{site['mine'].pk}/act/"
    before = snapshot()
    too_big = anna.post(url, {"version": "0", "action": "draw", "card": "x" * 3_000_000}, **HTMX)
    too_many = anna.post(url, {f"f{i}": "1" for i in range(1200)}, **HTMX)
    many_values = anna.post(url, {"cards": ["red-1"] * 1200}, **HTMX)
    for response in (too_big, too_many, many_values):
        assert_clean(response)
        assert response.status_code == 400
    assert snapshot() == before


# --- Socket messages --------------------------------------------------------------------------

socket_frames = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200),
    st.builds(json.dumps, st.dictionaries(st.text(max_size=10), form_values, max_size=4)),
    st.builds(lambda v: json.dumps({"chat": v}), st.one_of(form_values, st.none(), st.integers())),
    st.builds(lambda v: json.dumps({"chat": v, "HEADERS": {"HX-Request": "true"}}), st.text()),
    st.just("x" * 5000),
    st.builds(lambda n: "[" * n, st.integers(900, 4000)),  # nested past the parser's limit
    st.just(json.dumps({"action": "draw", "source": "stock", "version": 0})),  # not over a socket
)


@pytest.mark.django_db(transaction=True)
def test_fuzzed_socket_messages_are_ignored_or_answered_and_change_no_match(site):
    cookies = {
        name: f"sessionid={client.cookies['sessionid'].value}".encode()
        for name, client in site["clients"].items()
        if "sessionid" in client.cookies
    }

    @fuzz_settings(max(10, EXAMPLES // 3))  # each case opens a socket: slower
    @given(
        frame=socket_frames,
        who=st.sampled_from(["anna", "stella", "anonymous"]),
        path=st.sampled_from(["/ws/tables/{mine}/", "/ws/tables/{mine}/", "/ws/lobby/"]),
    )
    def run(frame, who, path):
        counted()
        before = snapshot()[:3]  # chat messages may be written: only by a player, below
        chats = site["mine"].chat_messages.count()
        headers = [(b"origin", b"http://localhost")]
        if who in cookies:
            headers.append((b"cookie", cookies[who]))
        url = path.format(mine=site["mine"].pk)
        closed = async_to_sync(send_one)(url, headers, frame)
        assert not closed, "the socket was closed over a message"
        assert snapshot()[:3] == before
        written = site["mine"].chat_messages.count() - chats
        assert written == 0 or (who == "anna" and "lobby" not in url and written == 1)

    run()


async def send_one(url: str, headers: list, frame: str | bytes) -> bool:
    """Connect, send one frame, read whatever comes back; returns whether the socket closed."""
    comm = WebsocketCommunicator(application, url, headers=headers)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    if "tables" in url:
        await comm.receive_output(timeout=10)  # the table as it is now
    key = "bytes" if isinstance(frame, bytes) else "text"
    await comm.send_input({"type": "websocket.receive", key: frame})
    closed = False
    while not await comm.receive_nothing(timeout=0.05):
        output = await comm.receive_output()
        closed = closed or output["type"] == "websocket.close"
    await comm.disconnect()
    return closed


NESTED = ["[" * 4000, "[" * 2000 + "]" * 2000, '{"chat": ' + "[" * 3000, '{"":' * 1000 + "1"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("frame", NESTED, ids=["open", "closed", "chat", "objects"])
def test_a_deeply_nested_frame_is_refused_like_any_malformed_one(site, frame, caplog):
    """Issue 15, point 6: JSON nested deeper than the parser's recursion limit raised
    RecursionError, closed the socket with 1011 and logged a traceback for every frame."""
    client = site["clients"]["anna"]
    headers = [
        (b"origin", b"http://localhost"),
        (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()),
    ]

    async def run() -> list[str]:
        comm = WebsocketCommunicator(application, f"/ws/tables/{site['mine'].pk}/", headers)
        assert (await comm.connect(timeout=10))[0]
        await comm.receive_output(timeout=10)  # the table as it is now
        await comm.send_to(text_data=frame)
        await comm.send_json_to({"chat": "still here"})  # the socket still listens
        frames = []
        while "still here" not in "".join(frames):
            output = await comm.receive_output(timeout=10)
            assert output["type"] == "websocket.send", output
            frames.append(output["text"])
        await comm.disconnect()
        return frames

    async_to_sync(run)()
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
