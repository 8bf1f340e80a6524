"""Räuber und Gendarm on the site (games/raeuber_und_gendarm/web): the board on the platform's
component (each colour at the bottom, only stones that may move offered, chains that change
direction and may end on any landing square), the repetition count and the moves left, moves by
POST, refusals, a game to the end by bots, the record, the replay and the rules page
(RG1-RG6)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games import history, registry, services
from games.forms import CreateTableForm
from games.models import Match
from games.raeuber_und_gendarm import GAME
from games.raeuber_und_gendarm.conformance import run
from games.rendering import render_regions, table_context
from tests.helpers import make_user

from .helpers import WHITE_START, position

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def duel(black, white, seed="web-seed") -> Match:
    """A started game with `black` in seat 0 (the creator's chosen colour, RG2)."""
    match = services.create_table(
        black, game="raeuber_und_gendarm", seat_count=2, turn_seconds=60, rated=True,
        private=False, seat=0,
    )  # fmt: skip
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


def test_the_board_each_side_sees_and_the_counts_shown(anne, bob):
    match = duel(anne, bob)
    black, white = regions(match, anne), regions(match, bob)
    assert re.findall(r'data-sq="([a-h][1-8])"', black["board"])[:2] == ["a8", "b8"]
    assert re.findall(r'data-sq="([a-h][1-8])"', white["board"])[:2] == ["h1", "g1"]
    assert "Board, Black at the bottom" in black["board"]
    assert labels(black["board"])["c3"] == "black stone on c3, can move"
    assert labels(black["board"])["c1"] == "black stone on c1"
    moves = "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"
    assert f'data-moves="{moves}"' in black["board"]
    assert 'data-moves=""' in white["board"]
    # RG6: the moves left before the move limit (2 x 200, RG5) and, later, the repetitions.
    assert "Move 1" in black["status"] and "400 moves left" in black["status"]
    assert "0 of 12 home" in black["seats"]
    for user, move in ((anne, "c3-d4"), (bob, "f6-e5"), (anne, "d4-c3"), (bob, "e5-f6")):
        match = act(match, user, move)
    assert "this position has occurred 2 times" in regions(match, anne)["status"]


def test_a_chain_changes_direction_and_may_end_on_any_landing_square(anne, bob):
    """RG3: a jump only over the opponent's stones, in any direction; continuing is optional."""
    match = set_position(duel(anne, bob), position("c3 h2", "d4 d6 b6 h8"))
    html = regions(match, anne)
    moves = re.search(r'data-moves="([^"]*)"', html["board"]).group(1).split()
    assert {"c3-e5", "c3-e5-c7", "c3-e5-c7-a5"} <= set(moves)
    assert "choose the last one again to end the move there" in html["actions"]
    match = act(match, anne, "c3-e5-c7-a5")
    board = labels(regions(match, anne)["board"])
    assert board["c3"] == "empty square c3, last move: from here"
    assert board["a5"] == "black stone on a5, last move: to here"
    assert {board[sq] for sq in ("d4", "d6", "b6")} == {
        "white stone on d4", "white stone on d6", "white stone on b6"
    }  # fmt: skip
    assert "1. Black c3-e5-c7-a5" in regions(match, bob)["log"]


def test_a_move_by_post_and_refusals(anne, bob):
    match = duel(anne, bob)
    client = Client()
    client.force_login(anne)
    r = client.post(
        f"/tables/{match.pk}/act/", {"action": "move", "move": "c3-d4", "version": match.version}
    )
    assert r.status_code == 302
    match = Match.objects.get(pk=match.pk)
    assert "1. Black c3-d4" in regions(match, anne)["log"]
    for user, move, message in (
        (anne, "e3-f4", "It is not your turn."),
        (bob, "d4-e5", "There is no stone of yours on d4."),
        (bob, "b6-c5", None),  # legal, played below
    ):
        if message is None:
            match = act(match, user, move)
            continue
        with pytest.raises(services.ServiceError) as refused:
            services.play(match.pk, user, {"action": "move", "move": move}, match.version)
        assert refused.value.message == message
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, anne, {"action": "move", "move": "b2-d4"}, match.version)
    assert refused.value.message == "That is not a legal move: b2-d4."
    presenter = registry.presenter("raeuber_und_gendarm")
    for data in ({}, {"action": "move"}, {"action": "jump", "move": "c3-d4"}):
        with pytest.raises(Exception, match="Choose a stone"):
            presenter.parse_move(data)


def test_the_creator_picks_a_colour_and_the_move_limit_keeps_its_default():
    form = CreateTableForm(game="raeuber_und_gendarm")
    assert [str(label) for _, label in form.fields["seat"].choices] == [
        "drawn at random",
        "Black",
        "White",
    ]
    assert not any("move_limit" in name for name in form.fields)
    presenter = registry.presenter("raeuber_und_gendarm")
    assert presenter.options_text({"move_limit": 200}) == ["move limit: 200 moves each"]


def test_a_game_to_the_end_between_bots_then_its_record_replay_and_export(anne):
    # A short game: a move limit of 3 moves each (RG5, a table option).
    match = services.create_table(
        anne, game="raeuber_und_gendarm", seat_count=2, turn_seconds=60, rated=False,
        private=False, options={"move_limit": 3},
    )  # fmt: skip
    services.add_bot(anne, match.pk, "novice")
    match = services.start_match(anne, match.pk, seed="bots")
    me = match.seats.get(user=anne).position
    for _ in range(10):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = GAME.load(match.state)
        seat = state.to_move
        if seat == me:
            first = GAME.view(state, seat)["legal_moves"][0]
            services.play(match.pk, anne, {"action": "move", "move": first}, match.version)
        else:
            assert services.play_bot_turn(match.pk, seat, match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    result = regions(match, anne)["result"]
    assert "<h2>Draw</h2>" in result and "The move limit is reached" in result
    assert GAME.load(match.state).plies == 6
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


def test_the_result_says_why():
    presenter = registry.presenter("raeuber_und_gendarm")
    blocked = GAME.view(position("a1", "b2 c3"), None)  # RG4: Black cannot move
    text = presenter.result_text(blocked, ["anne", "bob"])
    assert text == {
        "heading": "bob (White) wins",
        "why": "anne (Black) is blocked: no stone can move.",
    }
    home = [sq for sq in WHITE_START.split() if sq != "b6"]
    state = position(" ".join([*home, "a5"]), "a1", to_move=0)
    state = GAME.apply(state, {"seat": 0, "action": "move", "move": "a5-b6"})  # RG4: home
    text = presenter.result_text(GAME.view(state, None), ["anne", "bob"])
    assert text["why"] == "anne (Black) has rebuilt the army on the other side."
    state = GAME.apply(
        position("a1", "h8", plies=1, move_limit=1), {"seat": 0, "action": "move", "move": "a1-b2"}
    )
    assert presenter.result_text(GAME.view(state, None), ["anne", "bob"])["heading"] == "Draw"


def test_notation_and_words_in_german(anne, bob):
    match = act(duel(anne, bob), anne, "c3-d4")
    with translation.override("de"):
        html = regions(match, bob)
    assert "1. Schwarz c3-d4" in html["log"] and "schwarzer Stein auf d4" in html["board"]


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Robbers and Gendarmes"), ("de", "Räuber und Gendarm"), ("it", "Guardie e ladri"),
     ("fr", "Gendarmes et voleurs"), ("es", "Policías y ladrones")],
)  # fmt: skip
def test_rules_page_in_every_language(client, language, heading):
    client.cookies["django_language"] = language
    page = client.get("/games/raeuber_und_gendarm/rules/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert heading in html and html.count('role="table"') == 2
