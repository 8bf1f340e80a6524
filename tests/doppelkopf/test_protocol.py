"""The game protocol's particulars for Doppelkopf: options, traits, status between deals,
timeouts (DK17), the record's setup and result."""

from __future__ import annotations

import json
import random

import pytest

from games.core import IllegalAction, MalformedAction
from games.doppelkopf import GAME
from games.doppelkopf.scenario import load

from .helpers import random_step


def test_options_and_traits():
    assert GAME.slug == "doppelkopf" and GAME.player_counts == (4,)
    assert {o.key: o.default for o in GAME.options} == {
        "nines": True,
        "deals": 24,
        "compulsory_solo": False,
    }
    traits = GAME.traits
    assert not traits.perfect_information and traits.chance and traits.optional_moves
    assert GAME.teams(4, {}) is None  # DK1: no fixed partnerships
    with pytest.raises(ValueError):
        GAME.new(4, "x", {"compulsory_solo": True, "deals": 4})  # DK6
    with pytest.raises(ValueError):
        GAME.new(3, "x", {})


def test_deals_come_from_the_seed():
    a, b = GAME.new(4, "same", {}), GAME.new(4, "same", {})
    assert a.deal.dealt == b.deal.dealt and a.deal.dealer == b.deal.dealer
    assert GAME.new(4, "other", {}).deal.dealt != a.deal.dealt
    assert all(len(h) == 12 for h in a.deal.dealt)
    assert all(len(h) == 10 for h in GAME.new(4, "x", {"nines": False}).deal.dealt)


def test_timeouts_declare_healthy_play_the_cheapest_card_and_never_call():
    state = GAME.new(4, "timeout", {"deals": 4})
    seat = GAME.status(state).to_act[0]
    assert GAME.timeout_actions(state, seat, random.Random(1)) == [
        {"seat": seat, "action": "reserve", "reservation": "healthy"}
    ]
    assert GAME.timeout_actions(state, (seat + 1) % 4, random.Random(1)) == []
    for _ in range(4):
        state = GAME.apply(
            state, GAME.timeout_actions(state, GAME.status(state).to_act[0], None)[0]
        )
    seat = GAME.status(state).to_act[0]
    [play] = GAME.timeout_actions(state, seat, random.Random(1))
    assert play["action"] == "play" and play in GAME.legal_actions(state, seat)


def test_a_forced_soloist_times_out_with_a_diamonds_solo():
    match, _ = load(
        {
            "players": 4,
            "options": {"compulsory_solo": True, "deals": 8},
            "setup": {
                "dealer": 0,
                "hands": GAME.new(4, "f", {}).deal.dealt,
                "match": {"deals_played": 7, "compulsory_owed": [False, True, False, False]},
            },
        }
    )
    assert GAME.status(match).to_act == (1,)
    [named] = GAME.timeout_actions(match, 1, random.Random(1))
    assert named == {"seat": 1, "action": "reserve", "reservation": "diamonds"}
    assert GAME.apply(match, named).deal.solo == "diamonds"


def test_between_deals_the_next_dealer_deals():
    state = GAME.new(4, "between", {"deals": 4})
    rng = random.Random(2)
    while GAME.status(state).round == 1 and not GAME.status(state).round_over:
        state = GAME.apply(state, random_step(state, rng))
    status = GAME.status(state)
    assert status.round_over and status.to_act == () and status.optional == ()
    step = status.server_step
    assert step == {"seat": (state.deal.dealer + 1) % 4, "action": "deal"}  # no solo: passes on
    assert GAME.legal_actions(state, step["seat"]) == [step]
    result = GAME.round_result(state)
    assert sum(result["deal_scores"]) == 0 and result["scores"] == list(status.scores)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"seat": step["seat"], "action": "play", "card": "QC"})
    nxt = GAME.apply(state, step)
    assert GAME.status(nxt).round == 2 and GAME.round_setup(nxt)["dealer"] == step["seat"]
    assert GAME.round_setup(nxt)["match"]["scores"] == result["scores"]


def test_malformed_actions():
    state = GAME.new(4, "m", {})
    for bad in ([], {"seat": "0"}, {"seat": 0, "action": "fly"}, {"seat": 9, "action": "play"}):
        with pytest.raises(MalformedAction):
            GAME.apply(state, bad)
    seat = GAME.status(state).to_act[0]
    with pytest.raises(MalformedAction):
        GAME.apply(state, {"seat": seat, "action": "reserve", "reservation": "poverty"})


def test_dump_is_plain_json_and_round_trips():
    state = GAME.new(4, "dump", {"deals": 4})
    rng = random.Random(3)
    for _ in range(40):
        state = GAME.apply(state, random_step(state, rng))
    data = GAME.dump(state)
    assert json.loads(json.dumps(data)) == data
    assert GAME.dump(GAME.load(data)) == data
