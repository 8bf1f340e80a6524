"""Halma-Dame on the site (games/halma_dame/web): the board on the platform's component (each
colour at the bottom, only stones that may move offered, chains that may end on any landing
square), moves by POST, refusals, automatic passes in the log and the status, a game to the end
by bots, the record, the replay and the rules page (HD1-HD6)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games import history, registry, services
from games.forms import CreateTableForm
from games.halma_dame import GAME
from games.halma_dame.conformance import run
from games.models import Match
from games.rendering import render_regions, table_context
from tests.helpers import make_user

from .helpers import position

pytestmark = pytest.mark.django_db

BLOCKED_WHITE = ("c3 g3 e3 c7 b8 d8 f8 h8", "h4 a1 c1 e1 g1 b2 d2 f2")  # test_engine.py's


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def duel(black, white, seed="web-seed") -> Match:
    """A started game with `black` in seat 0 (the creator's chosen colour, HD2)."""
    match = services.create_table(
        black, game="halma_dame", seat_count=2, turn_seconds=60, rated=True, private=False, seat=0
    )
    services.join_table(white, match.pk, match.invite_code)
    return services.start_match(black, match.pk, seed=seed)


def regions(match: Match, user) -> dict[str, str]:
    return render_regions(table_context(Match.objects.get(pk=match.pk), user))


def labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-sq="([a-h][1-8])"[^>]*aria-label="([^"]*)"', html))


def act(match: Match, user, move: str) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, user, {"action": "move", "move": move}, match.version)
    return Match.objects.get(pk=match.pk)


def set_position(match: Match, state) -> Match:
    match.state = GAME.dump(state)
    match.save(update_fields=["state"])
    return match


def test_the_board_each_side_sees_and_the_moves_offered(anne, bob):
    match = duel(anne, bob)
    black, white = regions(match, anne), regions(match, bob)
    assert re.findall(r'data-sq="([a-h][1-8])"', black["board"])[:2] == ["a8", "b8"]
    assert re.findall(r'data-sq="([a-h][1-8])"', white["board"])[:2] == ["h1", "g1"]
    assert "Board, Black at the bottom" in black["board"]
    board = labels(black["board"])
    assert board["b2"] == "black stone on b2, can move"
    assert board["a1"] == "black stone on a1, can move"  # over b2 to c3: a jump (HD3)
    assert board["a7"] == "white stone on a7"
    assert board["b8"] == "white stone on b8"
    moves = "a1-c3 b2-a3 b2-c3 c1-a3 c1-e3 d2-c3 d2-e3 e1-c3 e1-g3 f2-e3 f2-g3 g1-e3 h2-g3"
    assert f'data-moves="{moves}"' in black["board"]
    assert 'data-moves=""' in white["board"] and "Wait for your turn." in white["actions"]
    assert "0 of 8 home" in black["seats"]


def test_a_chain_may_end_on_any_landing_square(anne, bob):
    """HD3 (Decided): continuing a chain is optional, so a chain and its start are both moves;
    the board offers both (docs/board.md: choose a landing square again to end there)."""
    match = set_position(duel(anne, bob), position("c3 a1", "d4 f6 h8"))
    html = regions(match, anne)
    moves = re.search(r'data-moves="([^"]*)"', html["board"]).group(1).split()
    assert "c3-e5" in moves and "c3-e5-g7" in moves
    assert "choose the last one again to end the move there" in html["actions"]
    assert "this one again to end the move here" in html["board"]  # data-say-chain
    match = act(match, anne, "c3-e5-g7")
    board = labels(regions(match, anne)["board"])
    assert board["c3"] == "empty square c3, last move: from here"
    assert board["e5"] == "empty square e5"  # a landing square on the way: framed, not named
    assert board["g7"] == "black stone on g7, last move: to here"
    assert board["d4"] == "white stone on d4" and board["f6"] == "white stone on f6"  # HD3


def test_an_automatic_pass_is_logged_and_shown(anne, bob):
    match = set_position(duel(anne, bob), position(*BLOCKED_WHITE))
    match = act(match, anne, "c3-d4")  # White cannot move and passes (HD5)
    html = regions(match, bob)
    assert "White cannot move and passes." in html["status"]
    assert re.findall(r"<li>([^<]*)</li>", html["log"])[:2] == [
        "White cannot move and passes.",
        "1. Black c3-d4",
    ]
    assert 'data-moves="' in regions(match, anne)["board"]  # Black moves again


def test_a_move_by_post_and_refusals(anne, bob):
    match = duel(anne, bob)
    client = Client()
    client.force_login(anne)
    r = client.post(
        f"/tables/{match.pk}/act/", {"action": "move", "move": "b2-c3", "version": match.version}
    )
    assert r.status_code == 302
    match = Match.objects.get(pk=match.pk)
    assert "1. Black b2-c3" in regions(match, anne)["log"]
    for user, move, message in (
        (anne, "d2-e3", "It is not your turn."),
        (bob, "c3-d4", "There is no stone of yours on c3."),
        (bob, "a7-b8", "Stones only go forward: a7-b8 does not."),
        (bob, "a7-c5", "That is not a legal move: a7-c5."),
    ):
        with pytest.raises(services.ServiceError) as refused:
            services.play(match.pk, user, {"action": "move", "move": move}, match.version)
        assert refused.value.message == message
    presenter = registry.presenter("halma_dame")
    for data in ({}, {"action": "move"}, {"action": "jump", "move": "b2-c3"}):
        with pytest.raises(Exception, match="Choose a stone"):
            presenter.parse_move(data)


def test_the_creator_picks_a_colour():
    assert [
        str(label) for _, label in CreateTableForm(game="halma_dame").fields["seat"].choices
    ] == [
        "drawn at random",
        "Black",
        "White",
    ]


def test_a_game_to_the_end_between_bots_then_its_record_replay_and_export(anne):
    match = services.create_table(
        anne, game="halma_dame", seat_count=2, turn_seconds=60, rated=False, private=False
    )
    services.add_bot(anne, match.pk, "novice")
    match = services.start_match(anne, match.pk, seed="bots")
    me = match.seats.get(user=anne).position
    for _ in range(GAME.traits.max_actions):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = GAME.load(match.state)
        seat = GAME.status(state).to_act[0]
        if seat == me:  # anne takes the longest move offered
            longest = max(GAME.view(state, seat)["legal_moves"], key=len)
            services.play(match.pk, anne, {"action": "move", "move": longest}, match.version)
        else:
            assert services.play_bot_turn(match.pk, seat, match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert "<h2>" in regions(match, anne)["result"]
    client = Client()
    client.force_login(anne)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "1. Black " in page and "2. White " in page
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=1").content.decode()
    assert "Black played" in replay and len(labels(replay)) == 64
    exported = json.loads(client.get(f"/matches/{match.pk}/export.json").content)
    scenario = exported["scenarios"][0]
    assert run(GAME, scenario)["status"] == scenario["expect"]["status"]
    assert history.verify(match).ok


@pytest.mark.parametrize(
    ("black", "white", "to_move", "heading", "why"),
    [
        ("a7 c7 e7 g7 b8 d8 f8 f6", "a1", 0, "anne (Black) wins", "rebuilt the army"),
        ("b8 d8", "a1 c1 e1", 0, "bob (White) wins", "more stones in the target area (3 to 2)"),
        ("b8 d8", "a1 c1", 0, "Draw", "both have 2 stones"),
    ],
)
def test_the_result_says_why(black, white, to_move, heading, why):
    state = position(black, white, to_move)
    if not state.over:
        state = GAME.apply(state, {"seat": 0, "action": "move", "move": "f6-h8"})
    v = GAME.view(state, None)
    assert v["over"]
    text = registry.presenter("halma_dame").result_text(v, ["anne", "bob"])
    assert text["heading"] == heading and why in text["why"]


def test_notation_and_words_in_german(anne, bob):
    match = act(duel(anne, bob), anne, "b2-c3")
    with translation.override("de"):
        html = regions(match, bob)
    assert "1. Schwarz b2-c3" in html["log"] and "schwarzer Stein auf c3" in html["board"]


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "How to play Halma-Dame"), ("de", "So spielt man Halma-Dame"),
     ("it", "Dama-Halma"), ("fr", "Dames-Halma"), ("es", "Damas-Halma")],
)  # fmt: skip
def test_rules_page_in_every_language(client, language, heading):
    client.cookies["django_language"] = language
    page = client.get("/games/halma_dame/rules/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert heading in html and html.count('role="table"') == 2
