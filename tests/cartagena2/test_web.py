"""Cartagena 2 on the site (games/cartagena2/web): the track with every space focusable and named
(CG2), pirates told apart by shape and number as well as colour (CG1), the hand and where each
card takes each pirate (CG5), several actions a turn and ending it early (CG4), the privateer's
discards made by several seats at once (CG9), nothing of another hand sent to a seat (CG12), bad
moves refused in words with nothing changed, and the record."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import history, registry, services
from games.cartagena2.board import BOAT, NEST, START, SYMBOLS
from games.cartagena2.state import DISCARD, State
from games.cartagena2.web.table import log_entry, log_line
from games.models import Match
from games.plugin import MoveRejected
from games.rendering import render_regions, table_context
from tests.helpers import make_user
from tests.platform.contract import leaks

pytestmark = pytest.mark.django_db

PRESENTER = registry.presenter("cartagena2")
ENGINE = registry.engine("cartagena2")


def humans_table(seed: str, players: int = 3, **options) -> tuple[Match, list]:
    users = [make_user(f"c{i}", f"c{i}@example.com") for i in range(players)]
    match = services.create_table(
        users[0],
        game="cartagena2",
        seat_count=players,
        turn_seconds=60,
        rated=True,
        private=False,
        options=options,
    )
    for user in users[1:]:
        services.join_table(user, match.pk)
    match = services.start_match(users[0], match.pk, seed=seed)
    return Match.objects.get(pk=match.pk), users


def by_seat(match: Match) -> dict:
    return {s.position: s.user for s in match.seats.all()}


def html_for(match: Match, user) -> str:
    match = Match.objects.get(pk=match.pk)
    return "".join(render_regions(table_context(match, user)).values())


def set_state(match: Match, state: State) -> Match:
    Match.objects.filter(pk=match.pk).update(state=ENGINE.dump(state))
    return Match.objects.get(pk=match.pk)


def play(match: Match, seat: int, action: dict) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, by_seat(match)[seat], action, match.version)
    return Match.objects.get(pk=match.pk)


def test_the_track_names_every_space_and_the_pirates_carry_a_shape_and_a_number():
    match, users = humans_table("web-track", board="standard")
    html = html_for(match, users[0])
    spaces = re.findall(r'<g id="c2-space-(\d+)"[^>]*tabindex="0"[^>]*aria-label="([^"]+)"', html)
    assert [int(n) for n, _ in spaces] == list(range(1, 36))
    # CG2 standard layout A1 B1 C1 D1 E1: A1 begins chest, map, parrot...
    assert spaces[0][1] == "Space 1, treasure chest: empty."
    assert spaces[2][1] == "Space 3, parrot: empty."
    names = [s.user.public_name for s in match.seats.order_by("position")]
    start = re.search(r'id="c2-start"[^>]*aria-label="([^"]+)"', html).group(1)
    assert f"{names[0]} (circle 1): 6 pirates" in start
    assert f"{names[1]} (square 2): 6 pirates" in start
    assert f"{names[2]} (triangle 3): 6 pirates" in start
    assert "docked at the first island" in html
    # Seven cards of one's own, as one card face per kind.
    state = ENGINE.load(match.state)
    faces = re.findall(r'id="hand-([\w-]+)" value="[\w-]+" aria-label="[^"]*, (\d+) cards?"', html)
    assert sum(int(n) for _, n in faces) == 7
    assert {k for k, _ in faces} == set(state.hands[0])


def test_a_chosen_card_shows_where_it_takes_each_pirate_and_several_actions_are_played():
    match, users = humans_table("web-actions", board="standard")
    state = ENGINE.load(match.state)
    seat = state.turn
    user = by_seat(match)[seat]
    html = html_for(match, user)
    assert "Your turn: 3 actions left." in html
    # CG5: every card in hand can move a pirate from the start; the button says where to.
    card = sorted(state.hands[seat])[0]
    sym = card.removesuffix("-gold")
    first = state.spaces.index(sym)
    group = html[html.index(f'data-card="{card}">') :]
    assert f'data-to-id="c2-space-{first}"' in group[: group.index("</form>")]
    assert f"From the start to space {first}" in group
    assert "End the turn" not in html  # CG4: at least one action first
    match = play(match, seat, {"action": "play", "card": card, "from": "start"})
    state = ENGINE.load(match.state)
    assert state.turn == seat and state.actions_left == 2
    assert first in state.pirates[seat]
    html = html_for(match, user)
    assert "Your turn: 2 actions left." in html
    assert "End the turn (2 actions unused)" in html
    line = re.search(r"played [^<]*: a pirate from the start to space \d+\.", html)
    assert line and f"space {first}." in line.group(0)
    # CG6: move another player's pirate and draw: one pirate stands on `first` now.
    other = (seat + 1) % 3
    assert f'value="{other}:start"' in html
    match = play(match, seat, {"action": "advance", "target": other, "from": "start"})
    match = play(match, seat, {"action": "end"})
    state = ENGINE.load(match.state)
    assert state.turn == (seat + 1) % 3 and len(state.hands[seat]) == 7 - 1 + 1


def test_the_privateer_discards_are_made_by_several_seats_at_once():
    """CG9: everybody over seven discards down to seven, each on their own, in any order."""
    match, users = humans_table("web-privateer", board="standard")
    state = ENGINE.load(match.state)
    seat = state.turn
    others = [(seat + 1) % 3, (seat + 2) % 3]
    state.hands[seat] = [
        "parrot-gold",
        "map",
        "map",
        "map",
        "cannon",
        "cannon",
        "ducat",
        "ducat",
        "chest",
    ]
    state.hands[others[0]] = ["compass"] * 10
    state.hands[others[1]] = ["telescope"] * 7
    state.deck = [c for c in state.deck if c != "parrot-gold" and c not in state.hands[seat]][:20]
    match = set_state(match, state)
    match = play(match, seat, {"action": "play", "card": "parrot-gold", "from": "start"})
    state = ENGINE.load(match.state)
    assert state.phase == DISCARD and state.must_discard[seat] == 1
    assert state.must_discard[others[0]] == 3 and state.must_discard[others[1]] == 0
    seats = by_seat(match)
    mine = html_for(match, seats[others[0]])
    assert "discard 3 cards to keep seven" in mine
    assert len(re.findall(r'name="cards" value="compass"', mine)) == 10
    assert "discards 3" in mine and "discards 1" in mine  # the seats say who must discard
    waiting = html_for(match, seats[others[1]])
    assert "Waiting for the privateer" in waiting and 'name="cards"' not in waiting
    # A wrong count is refused in words and changes nothing.
    client = Client()
    client.force_login(seats[others[0]])
    url = reverse("table_act", args=[match.pk])
    data = {"version": match.version, "action": "discard", "cards": ["compass"]}
    response = client.post(url, data, HTTP_HX_REQUEST="true")
    assert "Choose exactly 3 cards to discard." in response.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version
    # The other seat discards first on the same version it saw: both are played (simultaneous).
    version = match.version
    services.play(
        match.pk, seats[others[0]], {"action": "discard", "cards": ["compass"] * 3}, version
    )
    services.play(match.pk, seats[seat], {"action": "discard", "cards": ["chest"]}, version)
    state = ENGINE.load(Match.objects.get(pk=match.pk).state)
    assert state.phase == "actions" and state.turn == seat and state.actions_left == 2
    html = html_for(match, seats[seat])
    assert "discarded treasure chest." in html and "discarded compass, compass, compass." in html


def test_bad_moves_are_refused_in_words_and_change_nothing():
    match, users = humans_table("web-refusals", board="standard")
    state = ENGINE.load(match.state)
    seat = state.turn
    user = by_seat(match)[seat]
    missing = next(c for c in SYMBOLS if c not in state.hands[seat])
    client = Client()
    client.force_login(user)
    url = reverse("table_act", args=[match.pk])
    cases = [
        ({"action": "fly"}, "That is not a move."),
        (
            {"action": "play", "card": "gold", "from": "start"},
            "Choose a card from your hand first.",
        ),
        ({"action": "play", "card": missing, "from": "start"}, "You do not hold that card."),
        (
            {"action": "play", "card": state.hands[seat][0], "from": "7"},
            "There is no such pirate on space 7.",
        ),
        ({"action": "end"}, "Take at least one action before you end your turn."),
        ({"action": "boat"}, "Only a player with a pirate aboard may sail the boat"),
        ({"action": "advance", "pirate": f"{seat}:start"}, "not your own"),
        ({"action": "discard", "cards": ["map"]}, "Nobody"),
    ]
    for data, words in cases:
        response = client.post(url, {"version": match.version, **data}, HTTP_HX_REQUEST="true")
        body = response.content.decode()
        if words == "Nobody":
            words = "You need not discard anything now."
        assert words in body, (data, body[:300])
        assert Match.objects.get(pk=match.pk).version == match.version
    with pytest.raises(MoveRejected):
        PRESENTER.parse_move({"action": "advance", "pirate": "x:start"})
    assert PRESENTER.parse_move({"action": "play", "card": "map-gold", "from": "boat"}) == {
        "action": "play",
        "card": "map-gold",
        "from": "boat",
    }


def test_no_seat_or_spectator_is_sent_another_hand_or_a_hidden_privateer_card():
    match, users = humans_table("web-secrets", players=4)
    rng = random.Random(3)
    viewers = [(u, match.seats.get(user=u).position) for u in users] + [(AnonymousUser(), None)]
    for step in range(30):
        match = Match.objects.get(pk=match.pk)
        state = ENGINE.load(match.state)
        status = ENGINE.status(state)
        if status.over:
            break
        for user, seat in viewers:
            html = html_for(match, user)
            secrets = PRESENTER.secrets(state, seat)
            assert secrets or seat is not None
            found = leaks(html, secrets | {match.seed})
            assert not found, (step, seat, found)
            if seat is None:
                assert 'id="hand-form"' not in html
            else:  # CG12: the other hands' sizes, never their cards
                own = re.findall(r'id="hand-([\w-]+)" value=', html)
                assert set(own) == set(state.hands[seat])
        actor = rng.choice(status.to_act)
        action = dict(rng.choice(ENGINE.legal_actions(state, actor)))
        del action["seat"]
        services.play(match.pk, by_seat(match)[actor], action, match.version)


def test_a_whole_game_its_result_and_its_record():
    match, users = humans_table("web-whole", players=2)
    rng = random.Random(9)
    while True:
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = ENGINE.load(match.state)
        status = ENGINE.status(state)
        actor = status.to_act[0]
        legal = ENGINE.legal_actions(state, actor)
        # Prefer moving one's own pirates, so that the game ends soon.
        plays = [a for a in legal if a["action"] == "play"] or legal
        action = dict(rng.choice(plays))
        del action["seat"]
        services.play(match.pk, by_seat(match)[actor], action, match.version)
    state = ENGINE.load(match.state)
    winner = state.winner
    names = [s.user.public_name for s in match.seats.order_by("position")]
    html = html_for(match, users[0])
    assert f"{names[winner]} wins" in html
    assert f"All six of {names[winner]}'s pirates reached the pirates' nest" in unescape(html)
    assert "wins." in html  # the log's last line
    assert reverse("match_detail", args=[match.pk]) in html and reverse("play") in html
    client = Client()
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert f"{names[winner]} wins" in page and "Pirates in the nest" in page
    replay = client.get(reverse("round_replay", args=[match.pk, 1]) + "?move=3").content.decode()
    assert "Action 3 of" in replay and 'id="c2-space-35"' in replay
    assert history.verify(match).ok
    exported = client.get(reverse("match_export", args=[match.pk])).json()
    assert exported["game"] == "cartagena2"


def test_the_boat_and_the_captain():
    """CG7, CG8: a pirate aboard lets its player sail the boat; the captain's first crossing is
    free; the boat's button says where it goes."""
    match, users = humans_table("web-boat", players=2, board="standard")
    state = ENGINE.load(match.state)
    seat = state.turn
    state.pirates[seat] = sorted([START] * 5 + [BOAT])
    state.free_boat = True
    match = set_state(match, state)
    html = html_for(match, by_seat(match)[seat])
    assert "You are captain" in html
    assert "Sail the boat to the second island (free)" in html
    before = state
    match = play(match, seat, {"action": "boat"})
    state = ENGINE.load(match.state)
    assert state.boat == 2 and state.actions_left == 3
    names = [s.user.public_name for s in match.seats.order_by("position")]
    line = log_line(log_entry(before, state), names)
    assert (
        line == f"{names[seat]} sailed the boat to the second island. (the captain's free crossing)"
    )
    html = html_for(match, by_seat(match)[seat])
    assert "docked at the second island" in html
    assert "Sail the boat back to the first island" in html and "(free)" not in html


def test_from_the_boat_at_the_second_island_and_into_the_nest():
    """CG5: a pirate aboard while the boat is docked at the second island moves onto it; one on
    the second island with no free space of the symbol ahead enters the nest."""
    match, users = humans_table("web-second", players=2, board="standard")
    state = ENGINE.load(match.state)
    seat = state.turn
    state.boat = 2
    state.pirates[seat] = sorted([BOAT, 35, START, START, START, START])
    state.hands[seat] = ["parrot", "map"]
    state.free_boat = False
    match = set_state(match, state)
    html = unescape(html_for(match, by_seat(match)[seat]))
    parrot = state.spaces.index("parrot", 15)  # the first parrot of the second island
    assert f"From the boat to space {parrot}" in html
    assert "From space 35 to the pirates' nest" in html
    assert 'data-to-id="c2-nest"' in html


def test_a_player_with_no_action_draws_a_card_and_ends_the_turn():
    """CG4 Decided: no card moves a pirate, no pirate can be advanced, the boat may not move."""
    match, users = humans_table("web-stuck", players=2, board="standard")
    state = ENGINE.load(match.state)
    seat, other = state.turn, 1 - state.turn
    state.hands[seat] = []
    state.pirates[other] = [35] + [NEST] * 5  # nothing lies ahead of space 35
    state.pirates[seat] = [35] + [NEST] * 5  # no card, and no pirate on the first island
    state.boat = 2
    state.free_boat = False
    match = set_state(match, state)
    assert ENGINE.legal_actions(ENGINE.load(match.state), seat) == [{"seat": seat, "action": "end"}]
    html = html_for(match, by_seat(match)[seat])
    assert "You can take no action" in html and "Draw a card and end the turn" in html
    assert "Play a card" not in html
    match = play(match, seat, {"action": "end"})
    state = ENGINE.load(match.state)
    assert state.turn == other and len(state.hands[seat]) == 1
