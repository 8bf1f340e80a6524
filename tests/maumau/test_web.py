"""Mau Mau on the site (games/maumau/web): the table shows the discard pile's top and the suit
to follow or wished by symbol and name (MM5, MM6), the direction and order of play, each hand's
size and pending 7s (MM14); the "Mau" call goes with the second-last card (MM9) and a missed
call is told to everyone; interjecting is an optional move offered exactly while it is legal,
and of two seats racing the second is refused in words (MM10); no page carries another hand or
the stock (MM14); bad moves change nothing; the record shows every game."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import history, registry, services
from games.models import Match
from games.plugin import MoveRejected
from games.rendering import render_regions, table_context
from tests.helpers import make_user
from tests.platform.contract import leaks

from .helpers import mid_game

pytestmark = pytest.mark.django_db

PRESENTER = registry.presenter("maumau")
ENGINE = registry.engine("maumau")
HTMX = {"HTTP_HX_REQUEST": "true"}


def humans_table(seed: str, players: int = 3, **options) -> tuple[Match, dict]:
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(players)]
    match = services.create_table(
        users[0],
        game="maumau",
        seat_count=players,
        turn_seconds=60,
        rated=True,
        private=False,
        options=options,
    )
    for user in users[1:]:
        services.join_table(user, match.pk)
    match = services.start_match(users[0], match.pk, seed=seed)
    match = Match.objects.get(pk=match.pk)
    return match, {s.position: s.user for s in match.seats.select_related("user")}


def html_for(match: Match, user) -> str:
    match = Match.objects.get(pk=match.pk)
    return "".join(render_regions(table_context(match, user)).values())


def put(match: Match, state) -> Match:
    """A hand-built position at the table (its state replaced)."""
    Match.objects.filter(pk=match.pk).update(state=ENGINE.dump(state))
    return Match.objects.get(pk=match.pk)


def act(client: Client, match: Match, **fields):
    match = Match.objects.get(pk=match.pk)
    fields.setdefault("version", match.version)
    return client.post(reverse("table_act", args=[match.pk]), fields, **HTMX)


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_table_shows_the_top_the_wished_suit_the_direction_and_the_hands():
    match, people = humans_table("web-look", players=4)
    # MM6: a jack on top with spades wished; play runs anticlockwise (a 9 reversed it).
    state = mid_game(
        [["7H", "KH", "QS"], ["8C", "9D"], ["AC", "10C", "KD", "7C"], ["AH"]],
        ["9S", "JH"],
        to_move=0,
        stock=["8D", "8H", "8S"],
        direction=-1,
        wish="S",
    )
    match = put(match, state)
    html = html_for(match, people[0])
    pile = html[html.index('id="maumau-pile"') :]
    assert 'data-card="JH"' in pile and "jack of hearts on top" in pile
    assert "Wished suit" in pile and "♠" in pile and "<strong>spades</strong>" in pile
    assert "no jack on a jack" in pile
    assert "anticlockwise" in pile
    order = re.search(r'<ol class="maumau-order".*?</ol>', pile, re.S).group(0)
    assert [n for n in re.findall(r"(p\d)", order)] == ["p0", "p3", "p2", "p1"]
    # MM14: how many cards each player holds (the seats), and the stock.
    seats = html[html.index('id="table-seats"') :]
    for p, n in enumerate((3, 2, 4, 1)):
        seat = re.search(rf'data-seat="{p}".*?</li>', seats, re.S).group(0)
        assert f"{n} card" in seat
    assert "Mau: last card" in re.search(r'data-seat="3".*?</li>', seats, re.S).group(0)
    assert "Stock" in pile and "3 cards" in pile
    # Only the queen of spades fits (MM6): the other cards cannot be chosen.
    enabled = re.findall(r'name="card" value="(\w+)" aria-label="[^"]+">', html)
    assert enabled == ["QS"]


def test_pending_sevens_say_how_many_the_next_player_draws():
    match, people = humans_table("web-sevens", players=3)
    state = mid_game(
        [["7H", "KH", "QS"], ["8C", "9D"], ["AC", "10C"]],
        ["7S", "7C"],
        to_move=0,
        stock=["8D", "8H", "8S", "9C", "9H"],
        pending_draw=4,
    )
    match = put(match, state)
    html = html_for(match, people[1])
    assert "7s: p0 must draw 4 cards or answer with a 7." in html
    mine = html_for(match, people[0])
    assert "Draw 4 cards" in mine and "answer with a 7 or draw 4 cards" in mine
    assert re.findall(r'name="card" value="(\w+)" aria-label="[^"]+">', mine) == ["7H"]
    r = act(client_of(people[0]), match, action="draw")
    assert r.status_code == 200
    assert [len(h) for h in ENGINE.load(Match.objects.get(pk=match.pk).state).hands] == [7, 2, 2]


def test_the_mau_call_goes_with_the_second_last_card_and_a_missed_call_is_told_to_all():
    match, people = humans_table("web-mau", players=3)
    state = mid_game(
        [["KH", "QH"], ["KD", "AD", "8C"], ["AC", "10C", "AS"]],
        ["9H"],
        to_move=0,
        stock=["8D", "8H", "8S", "9C", "10D"],
    )
    match = put(match, state)
    mine = html_for(match, people[0])
    assert 'name="mau"' in mine and "Call “Mau!”" in mine
    assert 'name="mau" value="on" id="maumau-call">' in mine  # never ticked for the player
    assert 'name="mau"' not in html_for(match, people[1])
    # Played without the call: caught at once, one penalty card (MM9).
    assert act(client_of(people[0]), match, action="play", card="KH").status_code == 200
    state = ENGINE.load(Match.objects.get(pk=match.pk).state)
    assert len(state.hands[0]) == 2 and state.mau_missed[0] == 1
    for viewer in (people[1], people[2], AnonymousUser()):
        html = html_for(match, viewer)
        assert "p0 was caught without calling “Mau” and drew a penalty card." in html
        assert not leaks(html, {"8D"})  # the penalty card itself only its taker sees (MM14)
    assert 'data-card="8D"' in html_for(match, people[0])
    # A false call is refused in words and changes nothing.
    match = Match.objects.get(pk=match.pk)
    client = client_of(people[1])
    r = act(client, match, action="play", card="KD", mau="on")
    assert (
        r.status_code == 400 and "Call “Mau” only with the card that leaves" in r.content.decode()
    )
    assert Match.objects.get(pk=match.pk).version == match.version
    # Two cards left: no call needed; then the second-last card with the call: no penalty.
    assert act(client, match, action="play", card="KD").status_code == 200
    act(client_of(people[2]), match, action="draw")
    act(client_of(people[0]), match, action="draw")
    r = act(client, match, action="play", card="AD", mau="on")
    assert r.status_code == 200, r.content.decode()
    state = ENGINE.load(Match.objects.get(pk=match.pk).state)
    assert len(state.hands[1]) == 1
    assert "p1 called “Mau”: one card left." in html_for(match, AnonymousUser())


def test_a_jack_wishes_the_suit_chosen_with_it():
    match, people = humans_table("web-wish", players=2)
    state = mid_game([["JC", "KH", "QH"], ["8C", "9D"]], ["9H"], to_move=0, stock=["8D", "8H"])
    match = put(match, state)
    html = html_for(match, people[0])
    assert 'class="maumau-wish"' in html and 'name="wish" value="D"' in html
    # The jack is marked (the wish shows when it is chosen: maumau.css).
    assert '<label class="hand-card maumau-jack"><input type="radio" id="hand-JC"' in html
    assert act(client_of(people[0]), match, action="play", card="JC", wish="D").status_code == 200
    html = html_for(match, people[1])
    assert "Wished suit" in html and "<strong>diamonds</strong>" in html
    assert "wished by p0 with a jack" in html
    assert "p0 plays the jack of clubs and wishes diamonds." in html


def test_interjecting_is_offered_to_the_twins_holder_only_and_the_second_to_arrive_is_refused():
    """MM10: p2 holds the twin of the top card and may lay it out of turn; p0, to move, plays
    first: p2's interjection, made on the table it saw, is refused in words, and nothing of
    p2's changes. Then p2 interjects a twin in time and p1 loses its turn."""
    match, people = humans_table("web-twin", players=3, interject=True)
    state = mid_game(
        [["KH", "10H", "10S"], ["8C", "9D", "AD"], ["AC", "QH", "AS", "KH"]],
        ["9S", "QH"],
        to_move=0,
        stock=["8D", "8H", "8S", "9C", "10D"],
        options={"interject": True},
    )
    match = put(match, state)
    twin = html_for(match, people[2])
    assert 'id="optional-moves"' in twin and "Interject the queen of hearts" in twin
    for p in (0, 1):
        assert "Interject the" not in html_for(match, people[p])
    seen = match.version
    assert act(client_of(people[0]), match, action="play", card="KH").status_code == 200
    r = act(client_of(people[2]), match, version=seen, action="interject", card="QH")
    words = r.content.decode()
    assert r.status_code == 409
    assert "Someone else acted first" in words and "Too late: the top card is now the king" in words
    state = ENGINE.load(Match.objects.get(pk=match.pk).state)
    assert sorted(state.hands[2]) == sorted(["AC", "QH", "AS", "KH"])
    # Now the king of hearts is on top: p2 holds its twin and lays it out of turn.
    assert "Interject the king of hearts" in html_for(match, people[2])
    assert act(client_of(people[2]), match, action="interject", card="KH").status_code == 200
    state = ENGINE.load(Match.objects.get(pk=match.pk).state)
    assert state.to_move == 0 and state.discard[-1] == "KH"
    html = html_for(match, AnonymousUser())
    assert "p2 interjected the king of hearts out of turn. p1 lost their turn." in html


def test_bad_moves_are_refused_in_words_and_change_nothing():
    match, people = humans_table("web-bad", players=3)
    state = mid_game(
        [["KH", "QS", "10S"], ["8C", "9D", "AD"], ["AC", "QH", "AS"]],
        ["9H"],
        to_move=0,
        stock=["8D", "8H", "8S", "9C", "10D"],
    )
    match = put(match, state)
    client = client_of(people[0])
    cases = [
        ({"action": "play"}, "Choose a card from your hand first."),
        ({"action": "play", "card": "ZZ"}, "That is not a card."),
        ({"action": "play", "card": "AC"}, "You do not hold the ace of clubs."),
        ({"action": "play", "card": "QS"}, "That card fits neither the suit nor the rank"),
        ({"action": "fly"}, "That is not a move."),
        ({"action": "play", "card": "JD", "wish": "X"}, "Wish one of the four suits."),
    ]
    for data, words in cases:
        r = act(client, match, **data)
        assert words in r.content.decode(), (data, r.content.decode()[:300])
        assert Match.objects.get(pk=match.pk).version == match.version
    r = act(client_of(people[1]), match, action="draw")
    assert r.status_code == 409 and "It is not your turn." in r.content.decode()
    with pytest.raises(MoveRejected):
        PRESENTER.parse_move({"action": "play", "card": "JD", "wish": "X"})
    assert PRESENTER.parse_move({"action": "play", "card": "QS", "wish": "H", "mau": "on"}) == {
        "action": "play",
        "card": "QS",
        "mau": True,
    }
    assert PRESENTER.parse_move({"action": "draw", "card": "QS"}) == {"action": "draw"}


def play_one(match: Match, people: dict, rng: random.Random) -> None:
    match = Match.objects.get(pk=match.pk)
    state = ENGINE.load(match.state)
    status = ENGINE.status(state)
    if status.server_step is not None:
        assert services.take_server_step(match.pk, match.version)
        return
    seat = status.to_act[0]
    action = dict(rng.choice(ENGINE.legal_actions(state, seat)))
    del action["seat"]
    services.play(match.pk, people[seat], action, match.version)


def test_no_seat_or_spectator_is_sent_another_hand_or_the_stock():
    """MM14 at seven seats (the 52-card pack): each seat's regions and pages, and a
    spectator's, name no card of another hand or of the stock that its view does not show."""
    match, people = humans_table("web-secrets", players=7)
    rng = random.Random(3)
    viewers = [(people[3], 3), (AnonymousUser(), None)]
    for step in range(24):
        match = Match.objects.get(pk=match.pk)
        if not match.is_active:
            break
        state = ENGINE.load(match.state)
        for user, seat in viewers:
            html = html_for(match, user)
            found = leaks(html, PRESENTER.secrets(state, seat) | {match.seed})
            assert not found, (step, seat, found)
            if seat is None:
                assert 'id="hand-form"' not in html
        play_one(match, people, rng)


def test_a_whole_match_its_result_and_its_record():
    match, people = humans_table("web-record", players=3, target_wins=2, scoring="wins")
    rng = random.Random(7)
    seen_result = False
    for _ in range(4000):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = ENGINE.load(match.state)
        if ENGINE.status(state).server_step is not None and not seen_result:
            html = html_for(match, AnonymousUser())
            assert "Game 1: " in html and "went out first." in html
            assert "deals the next game." in html and "Match score" in html
            seen_result = True
        play_one(match, people, rng)
    assert match.status == Match.Status.FINISHED and seen_result
    state = ENGINE.load(match.state)
    html = html_for(match, people[0])
    [winner] = state.match_winners
    assert f"p{winner} won the match." in html
    assert reverse("match_detail", args=[match.pk]) in html and reverse("play") in html

    client = Client()
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert page.count("went out first.") >= state.round - state.void
    assert "Missed Mau calls" in page
    replay = client.get(reverse("round_replay", args=[match.pk, 1]) + "?move=1").content.decode()
    assert "Move 1 of" in replay and "Discard pile" in replay
    assert len(re.findall(r'data-card="\w+"', replay)) > 10  # the hands, face up after the end
    assert history.verify(match).ok
    assert client.get(reverse("match_export", args=[match.pk])).json()["game"] == "maumau"
    rules = client.get("/games/maumau/rules/").content.decode()
    assert "How to play Mau Mau" in rules and "second-last card" in rules


def test_the_table_speaks_german():
    """The game's catalogues are compiled and used (a fuzzy header once kept them out)."""
    from django.utils import translation

    match, people = humans_table("web-de", players=2)
    with translation.override("de"):
        html = html_for(match, people[0])
    assert "Zu bedienende Farbe" in html or "Gewünschte Farbe" in html
    assert "Spielrichtung" in html and "Ablagestapel" in html


def test_the_log_says_how_a_game_ended_and_never_names_a_drawn_card():
    names = ["ann", "bob", "cy"]
    line = PRESENTER.log_line
    assert line({"action": "over", "winners": [1], "places": [1]}, names) == (
        "bob goes out: the game is over."
    )
    places = {"action": "over", "winners": [2], "places": [2, 0, 1]}  # MM11 play for places
    assert line(places, names) == "The game is over; the places: 1. cy, 2. ann, 3. bob."
    assert line({"action": "penalty", "seat": 0, "count": 1}, names) == (
        "ann did not call “Mau” and draws a penalty card."
    )
    drawn = {"action": "draw", "seat": 2, "top": "7H", "suit": "H", "pending": 4, "count": 4}
    assert line(drawn, names) == "cy draws 4 cards for the 7s."
    assert PRESENTER.score_text(3) == "score 3"
