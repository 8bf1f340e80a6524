"""Einauge sei wachsam! on the site (games/einauge/web): the display with prices, One-Eye's
pirate table with its free places, every player's rows, ducats, sabres and jewels (EA13: all
public), the phase and what the player may do, the yields of a purchase shown before it is made
(EA5), moves by POST, refusals in words, forced sales (EA4, EA6), a game to the end by bots,
the record, the replay, the export and the rules page."""

from __future__ import annotations

import json
import re
from random import Random

import pytest
from django.test import Client
from django.utils import translation

from games import history, registry, services
from games.einauge import GAME
from games.einauge.game import from_setup
from games.einauge.scenario import run
from games.models import Match
from games.plugin import MoveRejected
from games.rendering import render_regions, table_context
from tests.games import tables
from tests.helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def anne():
    return make_user("anne", "anne@example.com")


@pytest.fixture
def bob():
    return make_user("bob", "bob@example.com")


def started(creator, others=(), bots=0, seed="web-seed") -> Match:
    match = tables.started(creator, others, ("deckhand",) * bots, seed, game="einauge")
    return Match.objects.get(pk=match.pk)


def regions(match: Match, user) -> dict[str, str]:
    match = Match.objects.get(pk=match.pk)
    return render_regions(table_context(match, user))


def set_state(match: Match, state) -> Match:
    match.state = GAME.dump(state)
    match.save(update_fields=["state"])
    return Match.objects.get(pk=match.pk)


def on_turn(match: Match, users) -> tuple:
    state = GAME.load(match.state)
    seat = GAME.status(state).to_act[0]
    user = next(u for u in users if match.seats.get(user=u).position == seat)
    return state, seat, user


def said(state, seat: int, action: dict, names=("anne", "bob")) -> list[str]:
    """The log's lines for one action from `state` (what the table's log shows for it: the
    platform replays a match's moves through Presenter.log_entry)."""
    presenter = registry.presenter("einauge")
    after = GAME.apply(state, {"seat": seat, **action})
    return presenter.log_text([presenter.log_entry(state, after)], list(names))


def act(match: Match, user, action: dict) -> Match:
    match = Match.objects.get(pk=match.pk)
    services.play(match.pk, user, action, match.version)
    return Match.objects.get(pk=match.pk)


def test_the_table_shows_the_display_the_pirate_table_and_every_player(anne, bob):
    match = started(anne, [bob])
    state, seat, user = on_turn(match, [anne, bob])
    html = regions(match, user)
    for card in state.display:
        assert f'data-card="{card}"' in html["display"]
    assert f'data-card="{state.table[0]}"' in html["pirates"]
    assert html["pirates"].count(">free place<") == 5  # EA2: one card of six places
    assert "36 cards in the draw pile" in html["display"]  # 3 colours left out (EA2)
    assert html["display"].count('class="ea-in-play__colour"') == 5
    assert html["players"].count("20 ducats") == 2
    assert "Phase 1 of 4: buy a card" in html["status"]
    assert '<input type="hidden" name="action" value="buy">' in html["actions"]


COLOURS = ["red", "orange", "yellow", "green", "blue"]


def position(players, display, table=(), deck=None, turn=0, stage="normal"):
    """A two-player position (EA2: five colours) with anne in seat 0 on turn, phase 1."""
    deck = list(deck or ["blue-2", "blue-3", "ship-1", "ship-2"])
    setup = {
        "colours": COLOURS, "start_player": 0, "turn": turn, "stage": stage,
        "display": list(display), "table": list(table), "deck": deck,
        "players": [
            {"ducats": 20, "sabres": 2, "jewels": 1, "rows": {}, "loose_ships": [], **p}
            for p in players
        ],
    }  # fmt: skip
    return from_setup(2, setup, {"left_out": "random"})


@pytest.fixture
def duel(anne, bob):
    """anne in seat 0, bob in seat 1 (the lobby's order: seats are not drawn)."""
    match = started(anne, [bob])
    assert match.seats.get(user=anne).position == 0
    return match


def test_each_purchase_says_what_its_row_would_yield_before_it_is_made(duel, anne):
    # EA5's example: red-5 and red-6 owned, red-4 bought: 3 sabres and 6 ducats.
    state = position(
        [{"rows": {"red": ["red-5", "red-6"]}, "loose_ships": ["ship-3"]}, {}],
        ["red-4", "red-7", "green-6", "ship-4", "orange-2", "yellow-8"],
        table=["blue-6"],
    )
    match = set_state(duel, state)
    actions = regions(match, anne)["actions"]
    assert 'value="red-4"' in actions
    assert 'red 4</span> <span class="ea-option__cost">4 ducats' in actions
    gains = re.findall(r'name="pick" value="([^"]+)".*?ea-option__gain">([^<]*)<', actions, re.S)
    gains = dict(gains)
    assert gains["red-4"] == "you take 3 sabres and 6 ducats"
    assert gains["red-7"] == "you take 2 sabres, 5 ducats and 1 jewel"
    # EA10: a ship joins any row (the whole row yields) or is laid alone (nothing); a new
    # colour may go onto the lone ships.
    assert gains["ship-4@red"] == "you take 2 sabres and 5 ducats"
    assert gains["ship-4@alone"] == "you take nothing"
    assert gains["green-6@ships"] == "you take 2 sabres and 2 ducats"
    assert "into your red row" in actions and "onto your lone ships" in actions
    assert said(state, 0, {"action": "buy", "card": "red-4"}) == [
        "anne bought red 4 for 4 ducats and took 3 sabres and 6 ducats."
    ]
    match = act(match, anne, {"action": "buy", "card": "red-4"})
    state = GAME.load(match.state)
    assert (state.players[0].sabres, state.players[0].ducats) == (5, 22)  # 20 - 4 + 6
    html = regions(match, anne)
    # Phase 2: the fight for blue-6 (4 sabres: it shows a sabre) and the choice not to fight.
    assert "Phase 2 of 4: fight One-Eye" in html["status"]
    assert 'value="blue-6"' in html["actions"] and "4 sabres" in html["actions"]
    assert "Do not fight" in html["actions"]
    assert said(state, 0, {"action": "pass"}) == ["anne did not fight One-Eye."]
    match = act(match, anne, {"action": "pass"})
    html = regions(match, anne)
    assert '<input type="hidden" name="action" value="table">' in html["actions"]
    # EA9: the refill turned up blue-2 and blue-3 (the order of the rest stays secret).
    assert said(GAME.load(match.state), 0, {"action": "table", "card": "yellow-8"}) == [
        "anne moved yellow 8 onto the pirate table.",
        "Turned up for the display: blue 2, blue 3.",
    ]
    match = act(match, anne, {"action": "table", "card": "yellow-8"})
    html = regions(match, anne)
    assert html["pirates"].count(">free place<") == 4
    assert "Wait for your turn." in html["actions"]


def test_moves_by_post_and_refusals_in_words(duel, anne, bob):
    state = position([{"ducats": 3}, {}], ["red-4", "red-2", "green-6", "orange-2", "yellow-8",
                                            "blue-5"])  # fmt: skip
    match = set_state(duel, state)
    client = Client()
    client.force_login(anne)
    r = client.post(f"/tables/{match.pk}/act/",
                    {"action": "buy", "pick": "red-2", "version": match.version})  # fmt: skip
    assert r.status_code == 302
    match = Match.objects.get(pk=match.pk)
    assert "red-2" in GAME.load(match.state).players[0].rows["red"]
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, bob, {"action": "pass"}, match.version)
    assert refused.value.message == "It is not your turn."
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, anne, {"action": "buy", "card": "red-4"}, match.version)
    assert "another phase of the turn: now feed the pirate table" in refused.value.message
    with pytest.raises(services.ServiceError) as refused:
        services.play(match.pk, anne, {"action": "sell", "card": "blue-5"}, match.version)
    assert refused.value.message == "The blue 5 is not one of your cards."
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_refusal_for_a_card_too_dear():
    presenter = registry.presenter("einauge")
    from games.core import IllegalAction

    text = presenter.refusal(IllegalAction("cannot_afford", "x", "EA4", card="red-8", price=8))
    assert text == "The red 8 costs 8 ducats: you have too few. Sell jewels or cards first."
    with translation.override("de"):
        text = presenter.refusal(IllegalAction("too_few_sabres", "x", "EA7", card="ship-2", cost=3))
    assert text == "Schiff von Einauge zu erkämpfen kostet 3 Säbel."


def test_a_malformed_move_form_is_refused():
    presenter = registry.presenter("einauge")
    for data in ({}, {"action": "jump"}, {"action": "buy"}, {"action": "buy", "pick": "red-9"},
                 {"action": "buy", "pick": "ship-1@purple"}, {"action": "sell", "jewels": "x"},
                 {"action": "table", "pick": "x" * 100}):  # fmt: skip
        with pytest.raises(MoveRejected):
            presenter.parse_move(data)
    assert presenter.parse_move({"action": "buy", "pick": "ship-1@red"}) == {
        "action": "buy", "card": "ship-1", "row": "red"}  # fmt: skip
    assert presenter.parse_move({"action": "fight", "pick": "green-6@ships"}) == {
        "action": "fight", "card": "green-6", "onto_ships": True}  # fmt: skip
    assert presenter.parse_move({"action": "sell", "jewels": "2"}) == {
        "action": "sell", "jewels": 2}  # fmt: skip
    assert presenter.parse_move({"action": "sell", "card": "red-4"}) == {
        "action": "sell", "card": "red-4"}  # fmt: skip


def test_a_player_who_cannot_pay_is_told_to_sell_first(duel, anne):
    """EA4: no card payable: sell jewels or cards (EA6) until one is, then buy."""
    state = position([{"ducats": 1, "jewels": 2, "rows": {"red": ["red-2"]}}, {}],
                     ["red-4", "green-6", "orange-3", "yellow-8", "blue-5", "green-7"])  # fmt: skip
    match = set_state(duel, state)
    actions = regions(match, anne)["actions"]
    assert "You cannot pay for any card you could place" in actions
    assert '<details class="ea-sell" open>' in actions
    assert 'value="buy"' not in actions
    assert '<option value="2">2 jewels for 6 ducats</option>' in actions
    assert '<option value="red-2">red 2</option>' in actions
    assert said(state, 0, {"action": "sell", "jewels": 1}) == ["anne sold 1 jewel for 3 ducats."]
    match = act(match, anne, {"action": "sell", "jewels": 1})
    html = regions(match, anne)
    assert 'name="pick" value="orange-3"' in html["actions"]  # 4 ducats now
    state = GAME.load(match.state)
    assert said(state, 0, {"action": "sell", "card": "red-2"}) == ["anne sold red 2 for 5 ducats."]


def test_the_draw_pile_is_never_named(duel, anne, bob):
    """EA13: the pile's order is the secret; the table says how many cards and ships it holds,
    never which cards."""
    match = duel
    state = GAME.load(match.state)
    presenter = registry.presenter("einauge")
    secrets = presenter.secrets(state, 0)
    islands = [c for c in state.deck if not c.startswith("ship-")]
    assert set(state.deck) <= secrets  # by id, and islands by name ("red 5")
    assert {f"{c.rsplit('-', 1)[0]} {c.rsplit('-', 1)[1]}" for c in islands} <= secrets
    for user in (anne, bob, None):
        from django.contrib.auth.models import AnonymousUser

        html = "".join(regions(match, user or AnonymousUser()).values())
        for card in state.deck:
            assert f'"{card}"' not in html and f">{card}<" not in html
        assert "8 ships among them" in html


def test_the_final_round_and_the_result(duel, anne, bob):
    """EA11: in the final round each player may fight for one card, then passes; EA12."""
    state = position(
        [{"sabres": 4, "rows": {"red": ["red-2", "red-3"]}}, {"rows": {"red": ["red-5"]}}],
        ["red-4", "green-6", "orange-3", "yellow-8", "blue-5", "ship-5"],
        table=["red-7", "green-2"], deck=["ship-1"], stage="final",
    )  # fmt: skip
    match = set_state(duel, state)
    html = regions(match, anne)
    assert "The final round" in html["status"]
    assert "End your turn" in html["actions"] and 'value="red-7"' in html["actions"]
    assert said(state, 0, {"action": "fight", "card": "red-7"}) == [
        "anne fought One-Eye for red 7 (3 sabres) and took 1 ducat and 1 jewel."
    ]
    match = act(match, anne, {"action": "fight", "card": "red-7"})
    html = regions(match, anne)
    assert 'value="fight"' not in html["actions"]  # one card only
    match = act(match, anne, {"action": "pass"})
    match = act(match, bob, {"action": "pass"})
    assert match.status == Match.Status.FINISHED
    html = regions(match, anne)
    result = GAME.load(match.state).result
    assert "The final scoring" in html["result"]
    winner = ["anne", "bob"][result["winners"][0]]
    assert f"{winner} wins with {max(result['scores'])} jewels" in html["result"]
    last = GAME.apply(state, {"seat": 0, "action": "pass"})
    assert said(last, 1, {"action": "pass"}) == [
        "bob ended the final turn.",
        "The game is over: the final scoring.",
    ]


def test_a_game_to_the_end_between_bots_then_its_record_replay_and_export(anne):
    """Three seats: anne plays as the merchant would, two deckhand bots; to EA12's end through
    the services; then the record, the replay and the export."""
    match = started(anne, bots=2, seed="bots")
    me = match.seats.get(user=anne).position
    rng = Random(5)
    for _ in range(GAME.traits.max_actions):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = GAME.load(match.state)
        seat = GAME.status(state).to_act[0]
        if seat == me:
            action = GAME.bots.choose("merchant", GAME.view(state, seat), rng)
            action.pop("seat")
            services.play(match.pk, anne, action, match.version)
        else:
            assert services.play_bot_turn(match.pk, seat, match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    html = regions(match, anne)
    assert " jewels" in html["result"] and "From treasure chests" in html["result"]
    # Every move has its line in the log (and refills and the end their own lines).
    assert html["log"].count("<li>") >= match.moves.count()
    client = Client()
    client.force_login(anne)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "From treasure chests" in page
    assert "Every move (" in page and " bought " in page
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=0").content.decode()
    assert "The start: six cards in the display, one on the pirate table." in replay
    replay = client.get(f"/matches/{match.pk}/rounds/1/?move=1").content.decode()
    assert " bought " in replay and "One-Eye" in replay
    exported = json.loads(client.get(f"/matches/{match.pk}/export.json").content)
    scenario = exported["scenarios"][0]
    assert scenario["game"] == "einauge"
    assert run(scenario)["status"] == "ok"
    assert history.verify(match).ok


def test_the_rules_page_shows_the_card_list(client):
    page = client.get("/games/einauge/rules/").content.decode()
    assert "How to play Einauge sei wachsam!" in page
    assert page.count('data-card="red-') >= 7 + 3  # the card list and the example row
    assert "3 sabres and 6 ducats" in page  # EA5's example


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("de", "Piratentisch"),
        ("it", "tavolo dei pirati"),
        ("fr", "table des pirates"),
        ("es", "mesa pirata"),
    ],
)
def test_rules_page_in_every_language(client, language, heading):
    client.cookies["django_language"] = language
    page = client.get("/games/einauge/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert heading in page.content.decode()


def test_a_spectator_sees_everything_but_the_pile_and_no_moves_and_german_words(duel, anne):
    """EA13: all open; a spectator gets the same display, table and rows, no move form."""
    from django.contrib.auth.models import AnonymousUser

    match = duel
    mine, theirs = regions(match, anne), regions(match, AnonymousUser())
    for name in ("display", "pirates"):
        assert mine[name] == theirs[name]
    assert "<form" not in theirs["actions"] and 'name="pick"' in mine["actions"]
    with translation.override("de"):
        html = regions(match, anne)
    assert "Auslage" in html["display"] and "Einauges Piratentisch" in html["pirates"]
    assert "Phase 1 von 4: eine Karte kaufen" in html["status"]
    assert "du erhältst" in html["actions"] and "Kaufen" in html["actions"]
