"""Wolf und Schafe on the site (games/wolf_und_schafe/web): the board on the platform's
component (each side at the bottom, the wolf's placement as the first action, only legal pieces
offered), the side picked in the create form, moves by POST, refusals, a game to the end by
bots, the record, the replay and the rules page with its solved figures (WS1-WS5)."""

from __future__ import annotations

import json
import re
from random import Random

import pytest
from django.test import Client
from django.utils import translation

from games import history, registry, services
from games.core.rng import shuffled
from games.forms import CreateTableForm
from games.models import Match
from games.rendering import render_regions, table_context
from games.wolf_und_schafe import GAME
from games.wolf_und_schafe.bots import solver
from games.wolf_und_schafe.conformance import run
from games.wolf_und_schafe.rules import SHEEP, START_SHEEP, WOLF
from games.wolf_und_schafe.web.solved import PERFECT_PLAY
from tests.helpers import make_user

from .helpers import position, square

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def duel(sheep, wolf, seed="web-seed") -> Match:
    """A started game with `sheep` in seat 0 (the creator's chosen side, WS2)."""
    match = services.create_table(
        sheep, game="wolf_und_schafe", seat_count=2, turn_seconds=60, rated=True, private=False,
        seat=SHEEP,
    )  # fmt: skip
    services.join_table(wolf, match.pk, match.invite_code)
    return services.start_match(sheep, match.pk, seed=seed)


def regions(match: Match, user) -> dict[str, str]:
    match = Match.objects.get(pk=match.pk)
    return render_regions(table_context(match, user))


def squares(html: str) -> list[str]:
    return re.findall(r'data-sq="([a-h][1-8])"', html)


def labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-sq="([a-h][1-8])"[^>]*aria-label="([^"]*)"', html))


def act(match: Match, user, action: dict) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, user, action, match.version)
    return Match.objects.get(pk=match.pk)


def test_the_wolf_is_placed_first_and_each_side_sees_its_own_at_the_bottom(anne, bob):
    match = duel(anne, bob)
    wolf = regions(match, bob)
    # WS2: the wolf's player acts first, choosing one of the four dark squares of rank 8.
    assert 'data-moves="b8 d8 f8 h8"' in wolf["board"]
    board = labels(wolf["board"])
    assert board["d8"] == "empty square d8, the wolf can start here"
    assert board["a1"] == "sheep on a1"
    assert board["a2"] == "light square a2"
    assert squares(wolf["board"])[:2] == ["h1", "g1"]  # the wolf sits at the rank-8 edge
    assert "Board, Wolf at the bottom" in wolf["board"]
    assert '<input type="hidden" name="action" value="place">' in wolf["actions"]
    assert "Place the wolf" in wolf["actions"]
    sheep = regions(match, anne)
    assert squares(sheep["board"])[:2] == ["a8", "b8"] and 'data-moves=""' in sheep["board"]
    assert "Wait for your turn." in sheep["actions"]
    assert "The wolf is to be placed" in sheep["status"]

    match = act(match, bob, {"action": "place", "square": "d8"})
    sheep = regions(match, anne)
    board = labels(sheep["board"])
    assert board["d8"] == "wolf on d8, last move: to here"
    assert board["c1"] == "sheep on c1, can move"
    assert 'data-moves="a1-b2 c1-b2 c1-d2 e1-d2 e1-f2 g1-f2 g1-h2"' in sheep["board"]
    assert '<option value="c1-d2">c1-d2</option>' in sheep["actions"]
    assert "The wolf starts on d8." in sheep["log"]


def test_moves_are_logged_with_the_sheep_counting_the_moves(anne, bob):
    match = duel(anne, bob)
    match = act(match, bob, {"action": "place", "square": "d8"})
    match = act(match, anne, {"action": "move", "move": "c1-d2"})
    match = act(match, bob, {"action": "move", "move": "d8-e7"})
    wolf = regions(match, bob)
    assert labels(wolf["board"])["d8"] == "empty square d8, last move: from here"
    assert labels(wolf["board"])["e7"] == "wolf on e7, last move: to here"
    assert re.findall(r"<li>([^<]*)</li>", wolf["log"]) == [  # newest first
        "1. Wolf d8-e7",
        "1. Sheep c1-d2",
        "The wolf starts on d8.",
    ]
    assert "Move 2" in wolf["status"]
    with translation.override("de"):
        html = regions(match, anne)
    assert "1. Schafe c1-d2" in html["log"] and "Wolf auf e7" in html["board"]


def test_a_move_by_post_and_a_refused_move(anne, bob):
    match = duel(anne, bob)
    client = Client()
    client.force_login(bob)
    url = f"/tables/{match.pk}/act/"
    r = client.post(url, {"action": "place", "move": "d8", "version": match.version})
    assert r.status_code == 302
    match = Match.objects.get(pk=match.pk)
    assert GAME.load(match.state).wolf == square("d8")
    # The sheep cannot move backwards (WS3), and the wolf does not jump.
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, bob, {"action": "move", "move": "d8-e7"}, match.version)
    assert refused.value.message == "It is not your turn."
    match = act(match, anne, {"action": "move", "move": "c1-d2"})
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, bob, {"action": "move", "move": "d8-f6"}, match.version)
    assert refused.value.message == (
        "A piece steps to a neighbouring dark square and nothing jumps: d8-f6 is not a move."
    )
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, bob, {"action": "place", "square": "b8"}, match.version)
    assert refused.value.message == "The wolf is already on the board."
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.parametrize(
    ("board", "move", "message"),
    [
        ({"c3": "s", "a1": "s", "e1": "s", "g1": "s", "d8": "w"}, "c3-b2", "c3-b2 goes backwards"),
        ({"a1": "s", "c1": "s", "e1": "s", "g1": "s", "d8": "w"}, "b2-c3", "yours on b2"),
        ({"a1": "s", "c1": "s", "b2": "s", "g1": "s", "d8": "w"}, "a1-b2", "square b2 is taken"),
    ],
)
def test_refusals_name_the_rule(anne, bob, board, move, message):
    match = duel(anne, bob)
    match.state = GAME.dump(position(board, SHEEP))
    match.save(update_fields=["state"])
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, anne, {"action": "move", "move": move}, match.version)
    assert message in refused.value.message


def test_a_malformed_move_form_is_refused():
    presenter = registry.presenter("wolf_und_schafe")
    for data in ({}, {"action": "move"}, {"action": "jump", "move": "c1-d2"}):
        with pytest.raises(Exception, match="Choose a piece"):
            presenter.parse_move(data)
    assert presenter.parse_move({"action": "place", "move": "d8"}) == {
        "action": "place",
        "square": "d8",
    }
    assert presenter.parse_move({"action": "move", "move": "c1-d2"}) == {
        "action": "move",
        "move": "c1-d2",
    }


def test_the_creator_picks_a_side_or_the_sides_are_drawn(anne, bob):
    form = CreateTableForm(game="wolf_und_schafe")
    assert [str(label) for _, label in form.fields["seat"].choices] == [
        "drawn at random",
        "Sheep",
        "Wolf",
    ]
    chosen = services.create_table(
        anne, game="wolf_und_schafe", seat_count=2, turn_seconds=60, rated=True, private=False,
        seat=WOLF,
    )  # fmt: skip
    services.join_table(bob, chosen.pk, chosen.invite_code)
    services.start_match(anne, chosen.pk, seed="any")
    assert chosen.seats.get(user=anne).position == WOLF
    for seed in ("s1", "s2", "s3"):
        drawn = services.create_table(
            anne, game="wolf_und_schafe", seat_count=2, turn_seconds=60, rated=True,
            private=False,
        )  # fmt: skip
        assert drawn.draw_seats
        services.join_table(bob, drawn.pk, drawn.invite_code)
        services.start_match(anne, drawn.pk, seed=seed)
        # WS2 (Decided): drawn from the table's seeded random source.
        assert drawn.seats.get(user=anne).position == shuffled([0, 1], seed, "seats")[0]


def test_a_game_to_the_end_between_bots_then_its_record_replay_and_export(anne):
    """Both seats bots (the random sheep, the perfect wolf), each turn through the services as a
    Celery task would play it, to WS4's end; the record, the replay and the export follow."""
    match = services.create_table(
        anne, game="wolf_und_schafe", seat_count=2, turn_seconds=60, rated=False, private=False
    )
    services.add_bot(anne, match.pk, "random")
    match = services.start_match(anne, match.pk, seed="bots")
    me = match.seats.get(user=anne).position
    rng = Random(7)
    for _ in range(GAME.traits.max_actions):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = GAME.load(match.state)
        seat = GAME.status(state).to_act[0]
        if seat == me:  # anne plays as the perfect bot would
            action = GAME.bots.choose("perfect", GAME.view(state, seat), rng)
            action.pop("seat")
            services.play(match.pk, anne, action, match.version)
        else:
            assert services.play_bot_turn(match.pk, seat, match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    result = regions(match, anne)["result"]
    assert "anne (" in result and " wins" in result  # perfect play beats random play
    client = Client()
    client.force_login(anne)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "The wolf starts on" in page and "1. Sheep" in page
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=1").content.decode()
    assert "The wolf starts on" in replay and len(labels(replay)) == 64
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=0").content.decode()
    assert "The starting position: the wolf is still to be placed." in replay
    exported = json.loads(client.get(f"/matches/{match.pk}/export.json").content)
    scenario = exported["scenarios"][0]
    assert scenario["game"] == "wolf_und_schafe" and scenario["actions"][0]["action"] == "place"
    assert run(GAME, scenario)["status"] == scenario["expect"]["status"]
    assert history.verify(match).ok


def test_resigning_before_the_wolf_is_placed(anne, bob):
    match = duel(anne, bob)
    match = act(match, anne, {"action": "resign"})  # WS4: any time, also before the placement
    assert match.status == Match.Status.FINISHED
    assert match.seats.get(user=bob).final_rank == 1
    html = regions(match, bob)
    assert "bob (Wolf) wins" in html["result"] and "anne (Sheep) resigned." in html["result"]
    assert "Sheep resigned." in html["log"]


@pytest.mark.parametrize(
    ("board", "to_move", "last", "why"),
    [
        ({"a7": "s", "b6": "s", "d6": "s", "e5": "s", "b8": "w"}, SHEEP, "b6-c7", "hemmed in"),
        ({"a5": "s", "c5": "s", "e5": "s", "h6": "s", "f6": "w"}, WOLF, "f6-g5", "broken through"),
    ],
)
def test_the_result_says_why(board, to_move, last, why):
    """WS4: the rules page's two diagrams are these moves, and end the game as it says."""
    state = GAME.apply(position(board, to_move), {"seat": to_move, "action": "move", "move": last})
    v = GAME.view(state, None)
    assert v["over"]
    text = registry.presenter("wolf_und_schafe").result_text(v, ["anne", "bob"])
    assert why in text["why"]


def test_the_rules_page_says_who_wins_with_perfect_play(client):
    """The figures on the page are the solver's (solved.py writes them down): the value of each
    placement, and the length of a game of the perfect bot against itself."""
    for name, (winner, plies) in PERFECT_PLAY.items():
        value = solver.placement_value(START_SHEEP, square(name))  # the wolf's, sheep to move
        assert (WOLF if value > 0 else SHEEP) == winner
        for seed in (1, 2):
            state, rng = GAME.apply(GAME.new(2, ""), {"seat": WOLF, "action": "place",
                                                      "square": name}), Random(seed)  # fmt: skip
            while not state.over:
                seat = GAME.status(state).to_act[0]
                state = GAME.apply(state, GAME.bots.choose("perfect", GAME.view(state, seat), rng))
            assert (state.winners, state.plies) == ((winner,), plies)
    assert set(PERFECT_PLAY) == {"b8", "d8", "f8", "h8"}
    page = client.get("/games/wolf_und_schafe/rules/").content.decode()
    assert "How to play Wolf and Sheep" in page
    assert "<tr><td>d8</td><td>Sheep</td><td>43</td></tr>" in page
    assert "So the sheep can always win" in page
    assert page.count('role="table"') == 3  # the diagrams


@pytest.mark.parametrize(
    ("language", "heading"),
    [("de", "So spielt man Wolf und Schafe"), ("it", "Lupo e pecore"),
     ("fr", "Le loup et les moutons"), ("es", "El lobo y las ovejas")],
)  # fmt: skip
def test_rules_page_in_every_language(client, language, heading):
    client.cookies["django_language"] = language
    page = client.get("/games/wolf_und_schafe/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert heading in page.content.decode()
