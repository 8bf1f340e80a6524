"""Moderation (issue 7): admin actions and their effects, the table chat, mutes and reports."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.timezone import localtime

from games import chat, ratings, services
from games.models import ChatMessage, Match, Move, Rating, RatingChange
from moderation import services as moderation
from moderation.models import ModerationAction, Report
from tests.helpers import PASSWORD, make_user, same_page

from .tables import open_table, random_move, started
from .test_consumers import connect, session_cookie
from .test_services import play_to_the_end


@pytest.fixture
def staff(db):
    return make_user("mod", "mod@example.com", is_staff=True, is_superuser=True)


# --- Admin actions and their effects ------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_ban_cuts_an_open_socket_and_the_session(staff):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    cookie = session_cookie(bob)

    async def run() -> int:
        comm = connect(match.pk, cookie)
        assert (await comm.connect())[0]
        await comm.receive_from(timeout=10)  # the table
        await sync_to_async(moderation.ban)(staff, bob, "abusive chat")
        while True:
            out = await comm.receive_output(timeout=10)
            if out["type"] == "websocket.close":
                return out["code"]

    assert async_to_sync(run)() == 4401
    from django.test import Client

    client = Client()
    client.cookies["sessionid"] = cookie.decode().split("=", 1)[1]
    response = client.post(
        reverse("table_act", args=[match.pk]), {"version": 0, "action": "draw", "source": "stock"}
    )
    assert response.status_code == 302 and "login" in response["Location"]
    assert ModerationAction.objects.get(kind="ban").target_user == bob


@pytest.mark.django_db
def test_a_banned_player_is_told_why_when_logging_in(client, staff):
    bob = make_user("bob", "b@example.com")
    moderation.ban(staff, bob, "cheating with a second account", timezone.now() + timedelta(days=3))
    page = client.post(
        reverse("account_login"), {"login": "bob", "password": PASSWORD}, follow=True
    ).content.decode()
    assert "cheating with a second account" in page


@pytest.mark.django_db
def test_abort_ends_the_match_with_a_notice_and_no_rating_change(client, staff):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    moderation.abort_match(staff, match, "server trouble")
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert ratings.rate_finished_matches() == 0 and not RatingChange.objects.exists()
    client.login(username="anne", password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "A moderator ended this match: server trouble" in page
    with pytest.raises(services.Conflict):
        services.play(match.pk, anne, {"action": "draw", "from": "stock"}, match.version)
    assert ModerationAction.objects.filter(kind="abort_match", target_match=match).exists()


@pytest.mark.django_db
def test_void_restores_the_previous_ratings(staff):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    first = play_to_the_end(started(anne, [bob], seed="void-1"), random.Random(1))
    ratings.rate_finished_matches()
    before = {r.user_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    second = play_to_the_end(started(anne, [bob], seed="void-2"), random.Random(2))
    ratings.rate_finished_matches()
    assert {r.user_id: r.matches for r in Rating.objects.all()} == {anne.pk: 2, bob.pk: 2}
    moderation.void_ratings(staff, second, "collusion")
    after = {r.user_id: (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    assert after.keys() == before.keys()
    for user_id, (mu, sigma, n) in before.items():
        assert after[user_id] == (pytest.approx(mu), pytest.approx(sigma), n)
    assert not RatingChange.objects.filter(match=second).exists()
    assert RatingChange.objects.filter(match=first).count() == 2


@pytest.mark.django_db
def test_non_staff_get_no_admin_page(client):
    anne = make_user("anne", "a@example.com")
    urls = [
        "/admin/",
        "/admin/accounts/user/",
        "/admin/games/match/",
        "/admin/games/chatmessage/",
        "/admin/moderation/report/",
        "/admin/moderation/moderationaction/",
        "/admin/moderation/sitemute/",
        "/admin/games/penaltycard/",
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # anonymous: to the admin login
    client.login(username=anne.username, password=PASSWORD)
    for url in urls:
        response = client.get(url)
        assert response.status_code in (302, 403) and "/admin/login/" in response.get(
            "Location", "/admin/login/"
        )
        post = client.post(url, {"action": "abort", "_selected_action": ["1"]})
        assert post.status_code in (302, 403)


@pytest.mark.django_db
def test_staff_can_use_the_admin_actions(client, staff):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    client.login(username="mod", password=PASSWORD)
    changelist = reverse("admin:games_match_changelist")
    listed = client.get(changelist)
    assert listed.status_code == 200 and b"anne, bob" in listed.content  # who plays (issue 28)
    # When it was created, the date over the time: one line was cut off on a desktop (issue 28).
    created = localtime(match.created_at)
    shown = f'<span class="nowrap">{date_format(created)}</span><br>{time_format(created)}'
    assert shown.encode() in listed.content
    ask = client.post(changelist, {"action": "abort", "_selected_action": [match.pk]})
    assert ask.status_code == 200 and b"Reason" in ask.content  # the intermediate page
    done = client.post(
        changelist,
        {"action": "abort", "_selected_action": [match.pk], "apply": "1", "reason": "test"},
    )
    assert done.status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    moves = reverse("admin:games_match_change", args=[match.pk])
    assert client.get(moves).status_code == 200
    # Nobody edits the record by hand.
    assert client.post(moves, {"status": "finished"}).status_code == 403


# --- Chat ----------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_chat_over_the_socket_is_text_limited_and_rate_limited(settings):
    anne, bob = make_user("anne", "a@example.com"), make_user("bob", "b@example.com")
    match = started(anne, [bob])
    cookies = session_cookie(anne), session_cookie(bob)

    async def run() -> None:
        a, b = connect(match.pk, cookies[0]), connect(match.pk, cookies[1])
        for comm in (a, b):
            assert (await comm.connect())[0]
            await comm.receive_from(timeout=10)
        await a.send_to(text_data='{"chat": "<script>alert(1)</script> ahoy"}')
        frames = []
        while not any("ahoy" in f for f in frames):
            frames.append(await b.receive_from(timeout=10))
        line = next(f for f in frames if "ahoy" in f)
        assert "&lt;script&gt;alert(1)&lt;/script&gt; ahoy" in line and "<script>" not in line
        # Too long: refused with a message to the sender only.
        await a.send_to(text_data='{"chat": "' + "x" * 301 + '"}')
        while "at most 300 characters" not in await a.receive_from(timeout=10):
            pass
        # Socket noise is ignored, not answered.
        await a.send_to(text_data="not json")
        await a.send_to(text_data='{"move": "anything"}')
        for comm in (a, b):
            await comm.disconnect()

    async_to_sync(run)()
    assert ChatMessage.objects.count() == 1
    for i in range(chat.RATE_MAX_MESSAGES - 1):
        chat.post_message(anne, match, f"message {i}")
    with pytest.raises(chat.ChatRefused, match="too fast"):
        chat.post_message(anne, match, "one too many")


@pytest.mark.django_db
def test_a_chat_line_postgresql_cannot_store_is_refused(players, fresh_cache):
    """A socket's JSON can carry a NUL or a lone surrogate ("\\udee3"): refused, nothing
    stored (the fuzzer found these raising a database error)."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    for text in ("ahoy\x00", "v\udee3", "\x00"):
        with pytest.raises(chat.ChatRefused, match="cannot be sent"):
            chat.post_message(anne, match, text)
    assert not ChatMessage.objects.exists()


@pytest.mark.django_db
def test_spectators_read_or_not_and_never_write(players):
    anne, bob, carl = players[:3]
    match = open_table(anne, [bob], chat_spectators=False)
    chat.post_message(anne, match, "hello crew")
    assert chat.messages_for(match, carl) == []
    assert [m.text for m in chat.messages_for(match, bob)] == ["hello crew"]
    with pytest.raises(chat.ChatRefused, match="Only the players"):
        chat.post_message(carl, match, "hi")
    Match.objects.filter(pk=match.pk).update(chat_spectators=True)
    match.refresh_from_db()
    assert [m.text for m in chat.messages_for(match, carl)] == ["hello crew"]


@pytest.mark.django_db
def test_muting_hides_a_player_for_the_muter_only(client, players):
    anne, bob, carl = players[:3]
    match = open_table(anne, [bob, carl])
    chat.post_message(bob, match, "annoying")
    client.login(username=anne.username, password=PASSWORD)
    r = client.post(reverse("table_mute", args=[match.pk, bob.pk]), HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "Unmute" in r.content.decode()
    assert chat.messages_for(match, anne) == []
    assert [m.text for m in chat.messages_for(match, carl)] == ["annoying"]
    client.post(reverse("table_mute", args=[match.pk, bob.pk]), HTTP_HX_REQUEST="true")
    assert [m.text for m in chat.messages_for(match, anne)] == ["annoying"]
    assert client.post(reverse("table_mute", args=[match.pk, 99999])).status_code == 404


@pytest.mark.django_db
def test_a_site_wide_mute_stops_writing(players, staff):
    anne, bob = players[:2]
    match = open_table(anne, [bob])
    moderation.mute(staff, bob, timezone.now() + timedelta(hours=2), "spam")
    with pytest.raises(chat.ChatRefused, match="muted you"):
        chat.post_message(bob, match, "buy gold")


@pytest.mark.django_db
def test_reporting_a_message_files_it_with_its_context(client, players, staff):
    anne, bob = players[:2]
    match = open_table(anne, [bob])
    chat.post_message(anne, match, "good luck")
    bad = chat.post_message(bob, match, "you are terrible")
    client.login(username=anne.username, password=PASSWORD)
    url = reverse("report_new") + f"?message={bad.pk}"
    assert "you are terrible" in client.get(url).content.decode()
    r = client.post(reverse("report_new"), {"message": bad.pk, "reason": "insults"})
    assert r.status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.message) == (anne, bob, bad)
    assert [line["text"] for line in report.context] == ["good luck", "you are terrible"]
    assert client.post(reverse("report_new"), {"message": 123456, "reason": "x"}).status_code == 404
    assert client.get(reverse("report_new") + "?user=abc").status_code == 404
    # A moderator resolves it, and hides the message: both recorded.
    moderation.resolve_report(staff, report, "warned")
    moderation.hide_message(staff, bad, "insult")
    assert chat.messages_for(match, anne)[-1].text == "good luck"
    assert set(ModerationAction.objects.values_list("kind", flat=True)) == {
        "resolve_report",
        "hide_message",
    }
    assert Move.objects.count() == 0 and random_move  # nothing in the game changed


@pytest.mark.django_db
def test_a_private_tables_chat_and_existence_stay_hidden_from_the_report_form(client, players):
    """Issue 15, point 2: the report form follows the table's own "who may see it" rule. For
    a stranger, a private table's message or match id is exactly a non-existent one."""
    anne, bob, carol, dora = players
    match = open_table(anne, [bob], private=True, chat_spectators=True)
    secret = chat.post_message(bob, match, "the treasure is under the palm")
    new = reverse("report_new")
    client.force_login(carol)

    def same_as_nothing(query: str, nothing: str) -> None:
        for send in (client.get, lambda url: client.post(url, {"reason": "spam"})):
            seen, missing = send(f"{new}?{query}"), send(f"{new}?{nothing}")
            assert (seen.status_code, same_page(seen)) == (missing.status_code, same_page(missing))
            assert seen.status_code == 404

    same_as_nothing(f"message={secret.pk}", "message=999999")
    same_as_nothing(f"user={bob.pk}&match={match.pk}", f"user={bob.pk}&match=999999")
    assert not Report.objects.exists()
    # Its players, and whoever followed its invite link, may report as before.
    for user in (anne, dora):
        client.force_login(user)
        if user == dora:
            client.get(f"{match.get_absolute_url()}?invite={match.invite_code}")
        page = client.get(f"{new}?message={secret.pk}")
        assert page.status_code == 200 and "the treasure is under the palm" in page.content.decode()
        assert client.get(f"{new}?user={bob.pk}&match={match.pk}").status_code == 200


@pytest.mark.django_db
def test_a_banned_players_running_seats_go_to_bots_at_once(client, players, staff):
    """Issue 28.19: the others no longer wait for a banned player: their seat goes to the
    easiest bot, as a leaver's does, and is shown abandoned."""
    anne, bert = players[:2]
    match = started(anne, [bert])
    before = match.version
    moderation.ban(staff, bert, "cheating")
    match.refresh_from_db()
    seat = match.seats.get(user=bert)
    assert seat.abandoned and seat.bot_level == match.engine.bots.levels[0]
    assert match.version == before + 1
    assert match.seats.get(user=anne).bot_level == ""
    client.force_login(anne)
    page = client.get(reverse("table", args=[match.pk])).content.decode()
    assert "abandoned" in page
