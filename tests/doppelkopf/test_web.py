"""Doppelkopf on the site (games/doppelkopf/web): each seat sees its own table with its hand
sorted trumps first (DK8), the reservation and call controls exactly when they are legal, with
their deadlines (DK5, DK10); no page, region or log line tells a seat who is Re before play or a
call reveals it, nor the losing reservations, the silent wedding, older tricks or card points
taken during a deal (DK17); bad moves are refused in words and change nothing; the record shows
every deal and its replay hides a deal still in play."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import history, registry, services
from games.doppelkopf.engine import dealt_from_seed, first_dealer
from games.doppelkopf.trumps import is_trump
from games.doppelkopf.web.table import call_deadline, public
from games.models import Match
from games.plugin import MoveRejected
from games.rendering import render_regions, table_context
from tests.helpers import make_user
from tests.platform.contract import leaks

pytestmark = pytest.mark.django_db

PRESENTER = registry.presenter("doppelkopf")
ENGINE = registry.engine("doppelkopf")


def seed_where(test, prefix: str = "dk-web") -> str:
    """A seed whose first deal passes `test(hands, vorhand)`."""
    for n in range(2000):
        seed = f"{prefix}-{n}"
        dealer = first_dealer(seed)
        if test(dealt_from_seed(seed, 1, dealer, True), (dealer + 1) % 4):
            return seed
    raise AssertionError("no such seed")


def normal_deal(hands, _vorhand) -> bool:
    return all(h.count("QC") < 2 for h in hands)


def humans_table(seed: str, **options) -> tuple[Match, dict]:
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(4)]
    match = services.create_table(
        users[0],
        game="doppelkopf",
        seat_count=4,
        turn_seconds=60,
        rated=True,
        private=False,
        options={"deals": 4, **options},
    )
    for user in users[1:]:
        services.join_table(user, match.pk)
    match = services.start_match(users[0], match.pk, seed=seed)
    by_seat = {s.position: s.user for s in match.seats.all()}
    return Match.objects.get(pk=match.pk), by_seat


def html_for(match: Match, user) -> str:
    match = Match.objects.get(pk=match.pk)
    return "".join(render_regions(table_context(match, user)).values())


def region(html: str, region_id: str) -> str:
    start = html.index(f'id="{region_id}"')
    return html[start : html.index("</section>", start)]


def act(match: Match, by_seat: dict, seat: int, **action) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, by_seat[seat], action, match.version)
    return Match.objects.get(pk=match.pk)


def state_of(match: Match):
    return ENGINE.load(Match.objects.get(pk=match.pk).state)


def all_healthy(match: Match, by_seat: dict) -> Match:
    for _ in range(4):
        match = act(match, by_seat, state_of(match).deal.to_move, action="reserve",
                    reservation="healthy")  # fmt: skip
    return match


def play_cards(match: Match, by_seat: dict, n: int, rng: random.Random) -> Match:
    for _ in range(n):
        state = state_of(match)
        seat = state.deal.to_move
        cards = [a for a in ENGINE.legal_actions(state, seat) if a["action"] == "play"]
        match = act(match, by_seat, seat, action="play", card=rng.choice(cards)["card"])
    return match


def test_each_seat_sees_its_own_hand_trumps_first_at_the_bottom_of_its_table():
    match, by_seat = humans_table(seed_where(normal_deal))
    state = state_of(match)
    for seat, user in by_seat.items():
        html = html_for(match, user)
        assert "trick-table__place--bottom" in html
        bottom = html[html.index("trick-table__place--bottom") :]
        assert user.public_name in bottom[:400]
        hand = re.findall(r'id="hand-\w+(?:-2)?" name="card" value="(\w+)"', html)
        assert sorted(hand) == sorted(state.deal.hands[seat])
        trumps = [is_trump(c, "diamonds") for c in hand]
        assert trumps == sorted(trumps, reverse=True)  # the trumps first (issue 35)
        assert html.count("dk-card--trump") == sum(trumps)
    spectator = html_for(match, AnonymousUser())
    assert 'id="hand-form"' not in spectator


def test_reservations_are_offered_on_the_turn_only_and_the_others_learn_only_healthy_or_not():
    """DK5: the seat to declare gets the buttons (a wedding only with both queens of clubs); the
    table sees "reservation", and a losing reservation stays secret until the deal is over."""
    seed = seed_where(normal_deal)
    match, by_seat = humans_table(seed)
    first = state_of(match).deal.to_move
    html = html_for(match, by_seat[first])
    buttons = re.findall(r'name="reservation" value="(\w+)"', html)
    assert buttons == ["healthy", "diamonds", "hearts", "spades", "clubs", "queens", "jacks",
                       "fleischlos"]  # fmt: skip
    assert not re.findall(r'name="reservation"', html_for(match, by_seat[(first + 1) % 4]))
    # Vorhand declares a queens solo, the next a jacks solo: Vorhand's wins (DK5: the first).
    match = act(match, by_seat, first, action="reserve", reservation="queens")
    match = act(match, by_seat, (first + 1) % 4, action="reserve", reservation="jacks")
    for seat in (2, 3):
        match = act(match, by_seat, (first + seat) % 4, action="reserve", reservation="healthy")
    for seat, user in [*by_seat.items(), (None, AnonymousUser())]:
        html = html_for(match, user)
        assert "queens solo played by" in html
        if seat != (first + 1) % 4:
            assert "jacks solo" not in html, seat  # the losing reservation (DK5)
    rng = random.Random(1)
    match = play_cards(match, by_seat, 48, rng)
    assert "jacks solo" in html_for(match, by_seat[first])  # everything after the deal (DK17)


def test_no_page_or_log_line_tells_a_seat_who_is_re_until_a_call_reveals_it():
    """DK7.1, DK17: a seat knows its own party from its cards; the others' parties are shown to
    nobody until a call (or the play's end) makes them known, and then to everyone alike."""
    match, by_seat = humans_table(seed_where(normal_deal))
    match = all_healthy(match, by_seat)
    state = state_of(match)
    parties = state.deal.parties
    for seat, user in [*by_seat.items(), (None, AnonymousUser())]:
        html = html_for(match, user)
        center = region(html, "table-center")
        assert "dk-party--" not in center and "dk-place__party" not in center
        seats = region(html, "table-seats") if 'id="table-seats"' in html else ""
        assert ">Re<" not in seats and ">Kontra<" not in seats
        if seat is not None:
            own = region(html, "my-hand")
            assert ("You are Re" in own) == (parties[seat] == "re")
            assert ("You are Kontra" in own) == (parties[seat] == "kontra")
            other = "You are Kontra" if parties[seat] == "re" else "You are Re"
            assert other not in html
    # A Re player calls "Re" out of turn: now every viewer sees that seat as Re, and only it.
    caller = next(s for s in range(4) if parties[s] == "re" and s != state.deal.to_move)
    html = html_for(match, by_seat[caller])
    options = region(html, "optional-moves") if 'id="optional-moves"' in html else ""
    assert re.findall(r'name="call" value="(\w+)"', options) == ["re", "no90", "no60", "no30",
                                                                 "black"]  # fmt: skip
    assert "Open while you hold at least 11 cards (you hold 12)." in options  # DK10.4
    match = act(match, by_seat, caller, action="announce", call="re")
    for user in [*by_seat.values(), AnonymousUser()]:
        ctx = table_context(Match.objects.get(pk=match.pk), user)
        assert public(ctx["v"])["parties"] == ["re" if s == caller else None for s in range(4)]
        assert "called Re." in " ".join(ctx["log_lines"])


def test_the_silent_wedding_looks_like_a_normal_game_to_everyone_but_its_holder():
    seed = seed_where(lambda hands, _v: any(h.count("QC") == 2 for h in hands))
    match, by_seat = humans_table(seed)
    match = all_healthy(match, by_seat)
    holder = state_of(match).deal.declarer
    for seat, user in [*by_seat.items(), (None, AnonymousUser())]:
        html = html_for(match, user)
        assert "normal game" in html
        assert ("silent wedding" in html) == (seat == holder), seat


def test_card_points_and_older_tricks_stay_hidden_during_a_deal():
    """DK17: the card points of won tricks are never shown during a deal, nor the cards of a
    trick older than the last one; after the deal everything is."""
    match, by_seat = humans_table(seed_where(normal_deal))
    match = all_healthy(match, by_seat)
    rng = random.Random(3)
    for n in range(47):
        match = play_cards(match, by_seat, 1, rng)
        for user in (by_seat[0], AnonymousUser()):
            ctx = table_context(Match.objects.get(pk=match.pk), user)
            html = "".join(render_regions(ctx).values())
            assert "card points" not in html
            cards = [line for line in ctx["log_lines"] if " played " in line]
            assert len(cards) <= 8, n  # the last trick and the current one
    match = play_cards(match, by_seat, 1, rng)
    html = html_for(match, by_seat[0])
    assert "card points" in html and "Game value" in html
    dealt = html[html.index("dk-dealt") :]
    assert len(re.findall(r'data-card="\w+"', dealt)) == 48


def test_only_legal_cards_can_be_chosen_and_a_bad_move_changes_nothing():
    match, by_seat = humans_table(seed_where(normal_deal))
    client = Client()
    first = state_of(match).deal.to_move
    client.force_login(by_seat[first])
    url = reverse("table_act", args=[match.pk])
    cases = [
        ({"version": match.version, "action": "play", "card": "QC"}, "cannot be done"),
        ({"version": match.version, "action": "reserve", "reservation": "x"}, "not a move"),
        ({"version": match.version, "action": "announce", "call": "re"}, "No call can be made"),
    ]
    hand = state_of(match).deal.hands[first]
    if hand.count("QC") < 2:
        cases.append(
            ({"version": match.version, "action": "reserve", "reservation": "wedding"},
             "both queens of clubs")
        )  # fmt: skip
    for data, words in cases:
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        assert words in response.content.decode(), data
        assert Match.objects.get(pk=match.pk).version == match.version
    match = all_healthy(match, by_seat)
    match = play_cards(match, by_seat, 1, random.Random(5))
    state = state_of(match)
    second = state.deal.to_move
    html = html_for(match, by_seat[second])
    enabled = re.findall(r'name="card" value="(\w+)" aria-label="[^"]+">', html)
    legal = {a["card"] for a in ENGINE.legal_actions(state, second) if a["action"] == "play"}
    assert set(enabled) == legal
    revoke = [c for c in state.deal.hands[second] if c not in legal]
    client.force_login(by_seat[second])
    if revoke:  # DK9: must follow
        response = client.post(url, {"version": match.version, "card": revoke[0]},
                               HTTP_HX_REQUEST="true")  # fmt: skip
        assert "You must follow" in response.content.decode()
        assert Match.objects.get(pk=match.pk).version == match.version
    with pytest.raises(MoveRejected):
        PRESENTER.parse_move({"card": "1Z"})
    assert PRESENTER.parse_move({"card": "10H"}) == {"action": "play", "card": "10H"}


def test_call_deadlines_follow_the_cards_played():
    """DK10.4, DK10.7: Re until 11 cards in hand; a reply one card after the other side's call."""
    v = {
        "party": "kontra", "legal": {"calls": ["kontra"]}, "hand": ["x"] * 9,
        "options": {"nines": True}, "levels": {"re": 2, "kontra": 0}, "contract": "normal",
        "clarification_trick": None,
    }  # fmt: skip
    assert call_deadline(v) == {"hold": 9, "held": 9, "late": True, "last": True}
    v.update(hand=["x"] * 12, levels={"re": 0, "kontra": 0}, legal={"calls": ["kontra", "no90"]})
    assert call_deadline(v) == {"hold": 11, "held": 12, "late": False, "last": False}


def test_a_whole_match_its_result_its_record_and_a_replay_that_hides_the_deal_in_play():
    match, by_seat = humans_table("dk-web-match")
    rng = random.Random(7)
    viewers = [*((u, s) for s, u in by_seat.items()), (AnonymousUser(), None)]
    for step in range(2000):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = ENGINE.load(match.state)
        status = ENGINE.status(state)
        if step % 7 == 0:
            for user, seat in viewers:
                html = html_for(match, user)
                assert not leaks(html, PRESENTER.secrets(state, seat) | {match.seed})
        if status.server_step is not None:
            if state.deal.round == 1:
                replay = reverse("round_replay", args=[match.pk, 1]) + "?move=20"
                page = Client().get(replay).content.decode()
                assert len(re.findall(r'data-card="\w+"', page)) >= 32  # hands and trick
            services.take_server_step(match.pk, match.version)
            if state.deal.round == 1:
                match = Match.objects.get(pk=match.pk)
                playing = reverse("round_replay", args=[match.pk, 2]) + "?move=2"
                page = Client().get(playing).content.decode()
                assert 'data-card="' not in page and "still being played" in page
            continue
        seat = status.to_act[0]
        actions = [a for a in ENGINE.legal_actions(state, seat) if a["action"] != "announce"]
        action = {**rng.choice([a for a in actions if a.get("reservation") in (None, "healthy")]
                               or actions)}  # fmt: skip
        del action["seat"]
        services.play(match.pk, by_seat[seat], action, match.version)
    assert match.status == Match.Status.FINISHED
    html = html_for(match, by_seat[0])
    assert "won the match with" in html
    assert reverse("match_detail", args=[match.pk]) in html
    page = Client().get(reverse("match_detail", args=[match.pk])).content.decode()
    assert page.count("Game value") >= 4
    assert history.verify(match).ok
    exported = Client().get(reverse("match_export", args=[match.pk])).json()
    assert exported["game"] == "doppelkopf" and len(exported["scenarios"]) >= 4
