"""Dame and Schlagdame on the site (games/dame/web): the board regions (accessible names, each
seat's side at the bottom, only legal pieces offered, the last move), the record notation, the
seat choice, resigning out of turn, refusals, the record and the rules pages (DA1-DA8, SD1)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from games import history, registry, services
from games.core.rng import shuffled
from games.dame import GAME
from games.dame.conformance import run
from games.dame.state import board_from_dict
from games.forms import CreateTableForm
from games.models import Match
from games.rendering import render_regions, table_context
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def duel(white, black, game="dame", seed="web-seed") -> Match:
    """A started game with `white` in seat 0 (the creator's chosen colour, DA2)."""
    match = services.create_table(
        white, game=game, seat_count=2, turn_seconds=60, rated=True, private=False, seat=0
    )
    services.join_table(black, match.pk, match.invite_code)
    return services.start_match(white, match.pk, seed=seed)


def regions(match: Match, user) -> dict[str, str]:
    match = Match.objects.get(pk=match.pk)
    return render_regions(table_context(match, user))


def set_position(match: Match, pieces: dict[str, str], to_move: int = 0) -> Match:
    match.state = GAME.dump(GAME.position(board_from_dict(pieces), to_move))
    match.save(update_fields=["state"])
    return match


def squares(html: str) -> list[str]:
    """The board's squares in the order drawn: top row first, left to right."""
    return re.findall(r'data-sq="([a-h][1-8])"', html)


def labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-sq="([a-h][1-8])"[^>]*aria-label="([^"]*)"', html))


def play(match: Match, user, move: str) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, user, {"action": "move", "move": move}, match.version)
    return Match.objects.get(pk=match.pk)


def test_every_square_has_an_accessible_name(anne, bob):
    match = duel(anne, bob)
    board = labels(regions(match, anne)["board"])
    assert len(board) == 64
    assert board["c3"] == "white man on c3, can move"  # White to move: c3 may step
    assert board["c1"] == "white man on c1"  # blocked: not offered
    assert board["b6"] == "black man on b6"
    assert board["d4"] == "empty square d4"
    assert board["a2"] == "light square a2"


def test_each_seat_sees_its_own_pieces_at_the_bottom(anne, bob):
    match = duel(anne, bob)
    white, black = squares(regions(match, anne)["board"]), squares(regions(match, bob)["board"])
    assert white[:2] == ["a8", "b8"] and white[-1] == "h1"
    assert black[:2] == ["h1", "g1"] and black[-1] == "a8"
    assert "Board, White at the bottom" in regions(match, anne)["board"]
    assert "Board, Black at the bottom" in regions(match, bob)["board"]
    spectator = make_user("carl", "carl@example.com")
    assert squares(regions(match, spectator)["board"])[:2] == ["a8", "b8"]


def test_only_the_capturing_pieces_are_offered(anne, bob):
    """DA4: with a capture on the board only the pieces that take the most may move."""
    match = duel(anne, bob)
    set_position(match, {"c3": "w", "a3": "w", "g3": "w", "d4": "b", "f6": "b", "h8": "b"})
    html = regions(match, anne)["board"]
    movable = set(re.findall(r'data-sq="([a-h][1-8])" class="sq sq--dark sq--movable', html))
    assert movable == {"c3"}
    assert 'data-moves="c3-e5-g7"' in html
    actions = regions(match, anne)["actions"]
    assert '<option value="c3-e5-g7">c3xe5xg7</option>' in actions
    assert "You must capture: take 2 pieces." in actions
    # The seat not to move is offered nothing, but may resign (DA7).
    other = regions(match, bob)
    assert 'data-moves=""' in other["board"]
    assert "sq--movable" not in other["board"]
    assert "Yes, resign" in other["actions"] and "dame-move-form" not in other["actions"]


def test_the_last_move_is_marked_and_logged_in_record_notation(anne, bob):
    match = duel(anne, bob)
    match = play(match, anne, "c3-d4")
    match = play(match, bob, "f6-e5")
    match = play(match, anne, "d4-f6")  # a capture: d4xf6 (e5 taken)
    board = labels(regions(match, bob)["board"])
    assert board["d4"] == "empty square d4, last move: from here"
    assert board["f6"] == "white man on f6, last move: to here"
    assert board["e5"] == "empty square e5, captured in the last move"
    log = regions(match, anne)["log"]
    assert re.findall(r"<li>([^<]*)</li>", log) == [  # newest first
        "2. White d4xf6",
        "1. Black f6-e5",
        "1. White c3-d4",
    ]


def test_the_move_log_of_moves_played_here_is_the_one_read_from_the_record(
    anne, bob, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The platform's replayed log (games/move_log.py) grows by the move this server process
    just played from the state the move left on the match, without a query, as another process
    reads it from the stored moves; a resignation out of turn included (DA7)."""
    from games import selectors
    from games.move_log import REPLAYED, Replayed
    from games.services import notify

    presenter = registry.presenter("dame")
    match = duel(anne, bob, seed="log-here")
    REPLAYED.entries(selectors.get_table(match.pk), presenter)  # this process shows the table
    committed, here = [], []

    def listen(match, change):
        committed.append(match)

    notify.committed_here.append(listen)
    try:
        for user, action in (
            (anne, {"action": "move", "move": "c3-d4"}),
            (bob, {"action": "move", "move": "f6-e5"}),
            (anne, {"action": "move", "move": "d4-f6"}),
            (anne, {"action": "resign"}),  # out of turn
        ):
            with django_capture_on_commit_callbacks(execute=True):
                services.play(match.pk, user, action, Match.objects.get(pk=match.pk).version)
            with django_assert_num_queries(0):  # nothing read: the move is on the match
                here.append(REPLAYED.entries(committed[-1], presenter))
    finally:
        notify.committed_here.remove(listen)
    read = Replayed().entries(selectors.get_table(match.pk), presenter)
    assert here[-1] == read == [(1, 0, "c3-d4"), (2, 1, "f6-e5"), (3, 0, "d4xf6"), (3, 0, None)]
    assert [len(entries) for entries in here] == [1, 2, 3, 4]
    lines = presenter.log_text(read, ["Anne", "Bob"])
    assert lines == ["1. White c3-d4", "1. Black f6-e5", "2. White d4xf6", "White resigned."]


def test_notation_and_words_in_german(anne, bob):
    match = duel(anne, bob)
    match = play(match, anne, "c3-d4")
    with translation.override("de"):
        html = regions(match, bob)
    assert "weißer Stein auf d4" in html["board"]
    assert "1. Weiß c3-d4" in html["log"]


def test_the_creator_picks_a_colour_or_the_seats_are_drawn(anne, bob):
    chosen = services.create_table(
        anne, game="dame", seat_count=2, turn_seconds=60, rated=True, private=False, seat=1
    )
    assert chosen.seats.get(user=anne).position == 1 and not chosen.draw_seats
    services.join_table(bob, chosen.pk, chosen.invite_code)
    services.start_match(anne, chosen.pk, seed="any")
    assert chosen.seats.get(user=anne).position == 1  # Black, as chosen

    for seed in ("s1", "s2", "s3", "s4"):
        drawn = services.create_table(
            anne, game="dame", seat_count=2, turn_seconds=60, rated=True, private=False
        )
        assert drawn.draw_seats
        services.join_table(bob, drawn.pk, drawn.invite_code)
        services.start_match(anne, drawn.pk, seed=seed)
        # DA2: drawn from the seed's "seats" stream, verifiable like a deal.
        assert drawn.seats.get(user=anne).position == shuffled([0, 1], seed, "seats")[0]


def test_the_create_form_offers_a_colour_for_dame_only():
    form = CreateTableForm(game="dame")
    assert [str(label) for _, label in form.fields["seat"].choices] == [
        "drawn at random",
        "White",
        "Black",
    ]
    assert "seat" not in CreateTableForm(game="korsaren").fields
    data = {"game": "dame", "seat_count": "2", "turn_seconds": "60", "seat": "1"}
    form = CreateTableForm(data)
    assert form.is_valid(), form.errors
    assert form.service_arguments()["seat"] == 1
    form = CreateTableForm({**data, "seat": "5"})
    assert not form.is_valid()


def test_resigning_is_accepted_out_of_turn_and_nothing_else_is(anne, bob):
    match = duel(anne, bob)
    client = Client()
    client.force_login(bob)  # Black, not to move
    url = f"/tables/{match.pk}/act/"
    r = client.post(url, {"action": "move", "move": "f6-e5", "version": match.version})
    assert r.status_code == 302 and Match.objects.get(pk=match.pk).version == match.version
    stale = match.version + 7  # resigning does not depend on what the seat saw
    r = client.post(url, {"action": "resign", "version": stale}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.seats.get(user=anne).final_rank == 1 and match.seats.get(user=bob).final_rank == 2
    result = regions(match, anne)["result"]
    assert "anne (White) wins" in result and "bob (Black) resigned." in result
    assert "Black resigned." in regions(match, anne)["log"]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("a3-b4", "a3-b4 does not capture, but capturing is compulsory: you must take 2 pieces."),
        ("c3-e5", "c3-e5 takes 1, but you must take as many pieces as you can: 2."),
        ("c3-c5", "c3-c5 is not a legal move."),
    ],
)
def test_a_refused_move_is_explained(anne, bob, move, message):
    match = duel(anne, bob)
    set_position(match, {"c3": "w", "a3": "w", "d4": "b", "f6": "b", "h8": "b"})
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, anne, {"action": "move", "move": move}, match.version)
    assert refused.value.message == message
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_malformed_move_form_is_refused(anne, bob):
    presenter = registry.presenter("dame")
    for data in ({}, {"action": "move"}, {"action": "jump", "move": "c3-d4"}):
        with pytest.raises(Exception, match="Choose a piece"):
            presenter.parse_move(data)
    assert presenter.parse_move({"action": "move", "move": "c3-d4"}) == {
        "action": "move",
        "move": "c3-d4",
    }


def finished_game(white, black, game="dame") -> Match:
    match = duel(white, black, game=game)
    for user, move in ((white, "c3-d4"), (black, "f6-e5"), (white, "d4-f6"), (black, "g7-e5")):
        match = play(match, user, move)
    services.play(match.pk, white, {"action": "resign"}, match.version)
    return Match.objects.get(pk=match.pk)


def test_the_record_replay_and_export(anne, bob):
    match = finished_game(anne, bob)
    client = Client()
    client.force_login(anne)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "1. White c3-d4" in page and "2. Black g7xe5" in page and "White resigned." in page
    assert "bob (Black) wins" in page
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=3").content.decode()
    assert "White played d4xf6." in replay
    assert labels(replay)["f6"] == "white man on f6, last move: to here"
    exported = json.loads(client.get(f"/matches/{match.pk}/export.json").content)
    scenario = exported["scenarios"][0]
    assert scenario["game"] == "dame"
    assert [a.get("move") for a in scenario["actions"]][:4] == ["c3-d4", "f6-e5", "d4-f6", "g7-e5"]
    assert run(GAME, scenario)["status"] == scenario["expect"]["status"]
    assert history.verify(match).ok


def test_schlagdame_says_why_its_winner_won():
    """SD1: Black takes White's last piece, so White cannot move, and wins."""
    engine = registry.engine("schlagdame")
    start = engine.position(board_from_dict({"b6": "b", "c7": "w"}), 1)
    after = engine.apply(start, {"seat": 1, "action": "move", "move": "b6-d8"})
    v = engine.view(after, None)
    assert v["winners"] == [0]
    text = registry.presenter("schlagdame").result_text(v, ["anne", "bob"])
    assert text["heading"] == "anne (White) wins"
    assert text["why"] == "anne (White) has no legal move left, and in Schlagdame that wins."
    dame = registry.presenter("dame").result_text(
        registry.engine("dame").view(
            registry.engine("dame").apply(start, {"seat": 1, "action": "move", "move": "b6-d8"}),
            None,
        ),
        ["anne", "bob"],
    )
    assert dame["why"] == "anne (White) has no legal move left and loses."


@pytest.mark.parametrize("language", ["en", "de", "it", "fr", "es"])
@pytest.mark.parametrize(
    ("slug", "heading"),
    [
        ("dame", {"en": "How to play Dame", "de": "So spielt man Dame", "fr": "Comment jouer"}),
        ("schlagdame", {"en": "How to play Schlagdame", "es": "Cómo se juega a las damas a"}),
    ],
)
def test_rules_pages_in_five_languages(client, slug, heading, language):
    client.cookies["django_language"] = language
    page = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'role="table"' in page  # the diagrams: boards of named squares
    if language in heading:
        assert heading[language] in page


@pytest.mark.parametrize("game", ["dame", "schlagdame"])
def test_a_rematch_swaps_the_colours(anne, bob, game):
    match = finished_game(anne, bob, game=game)
    rematch = services.rematch(bob, match.pk)  # whoever asks first opens it (DA2: colours swap)
    assert services.rematch(anne, match.pk).pk == rematch.pk
    seats = {seat.user_id: seat.position for seat in rematch.seats.all()}
    assert seats == {anne.pk: 1, bob.pk: 0}
    assert rematch.game == game and not rematch.draw_seats
    started = services.start_match(bob, rematch.pk)
    assert {s.user_id: s.position for s in started.seats.all()} == seats


def test_routes_to_the_same_position_are_one_choice():
    """Issue 28.24 (DA1, DA4): round a square either way takes the same four men and ends on the
    same square: the player is not asked to choose between them; both routes stay legal."""
    from games.dame.web.presenter import distinct_moves

    from .helpers import legal, position

    state = position({"c3": "w", "d4": "b", "d6": "b", "b6": "b", "b4": "b", "h8": "b"})
    assert legal(state) == ["c3-a5-c7-e5-c3", "c3-e5-c7-a5-c3"]
    assert distinct_moves(GAME.view(state, 0)) == ["c3-a5-c7-e5-c3"]
    other = position({"c3": "w", "d4": "b", "b4": "b", "h8": "b"})  # two different captures
    assert distinct_moves(GAME.view(other, 0)) == legal(other)


def test_the_rules_diagrams_draw_a_capture_after_it_and_the_kings_stopping_squares():
    """Issue 28: the capture is drawn as the table draws a last move (the man where it ended,
    the pieces it took gone and crossed) and the flying king's figure marks the four squares
    its caption names (DA4), the king still on a1."""
    from games.dame.web.diagrams import diagrams

    def squares(diagram) -> dict:
        return {sq["name"]: sq for row in diagram["board"] for sq in row}

    capture = squares(diagrams()["capture"])
    assert "white man" in capture["a5"]["label"] and "white man" not in capture["c3"]["label"]
    for taken in ("d4", "d6", "b6"):
        assert "captured in the last move" in capture[taken]["label"]
        assert "black man" not in capture[taken]["label"]
    king = squares(diagrams()["king"])
    assert "white king" in king["a1"]["label"] and "black man" in king["d4"]["label"]
    stops = {name for name, sq in king.items() if "the king may stop here" in sq["label"]}
    assert stops == {"e5", "f6", "g7", "h8"}
