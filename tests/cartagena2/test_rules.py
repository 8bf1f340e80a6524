"""Rules particular to Cartagena 2 beyond the scenarios: the refusal codes and sections the web
layer will translate, malformed actions, the deal, and a lock the rules file allows."""

from __future__ import annotations

import pytest

from games.cartagena2 import GAME
from games.cartagena2.board import FACES, SYMBOLS, spaces
from games.cartagena2.scenario import load
from games.core import IllegalAction, MalformedAction

S = ["start"] * 6


def position(pirates, hands, boat=1, turn=0, deck=(), discard=()):
    scenario = {
        "players": len(pirates),
        "setup": {
            "boat": boat,
            "pirates": pirates,
            "hands": hands,
            "deck": list(deck),
            "discard": list(discard),
            "turn": turn,
        },
    }
    return load(scenario)[0]


def refusal(state, action) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, action)
    return e.value.code, e.value.rule


def test_every_face_shows_the_seven_symbols_once():
    """CG2: each tile shows every symbol once; the standard board has 35 spaces."""
    assert len(FACES) == 10
    assert all(sorted(f) == sorted(SYMBOLS) for f in FACES.values())
    assert len(spaces(["A1", "B1", "C1", "D1", "E1"])) == 36  # index 0: the start


@pytest.mark.parametrize(
    "pirates,hands,boat,action,expected",
    [
        ([S, S], [["map"], []], 1, {"seat": 1, "action": "boat"}, ("not_your_turn", "CG4")),
        ([S, S], [["map"], []], 1, {"seat": 0, "action": "end"}, ("no_action_taken", "CG4")),
        (
            [S, S],
            [["map"], []],
            1,
            {"seat": 0, "action": "play", "card": "chest", "from": "start"},
            ("card_not_held", "CG5"),
        ),
        (
            [S, S],
            [["map"], []],
            1,
            {"seat": 0, "action": "play", "card": "map", "from": 4},
            ("no_pirate_there", "CG5"),
        ),
        (
            [["nest"] + ["start"] * 5, S],
            [["map"], []],
            1,
            {"seat": 0, "action": "play", "card": "map", "from": "nest"},
            ("pirate_cannot_move", "CG5"),
        ),
        (
            [[14, "boat", "boat", "boat", "start", "start"], S],
            [["map"], []],
            1,
            {"seat": 0, "action": "play", "card": "map", "from": 14},
            ("no_destination", "CG5"),
        ),
        (
            [S, S],
            [["map"], []],
            1,
            {"seat": 0, "action": "advance", "target": 0, "from": "start"},
            ("own_pirate", "CG6"),
        ),
        (
            [S, ["start"] * 5 + [20]],
            [["map"], []],
            2,
            {"seat": 0, "action": "advance", "target": 1, "from": 20},
            ("cannot_advance", "CG6"),
        ),
        ([S, S], [["map"], []], 1, {"seat": 0, "action": "boat"}, ("boat_needs_crew", "CG7")),
        (
            [[20, "boat", "nest", "nest", "nest", "nest"], S],
            [["map"], []],
            2,
            {"seat": 0, "action": "boat"},
            ("boat_needs_islander", "CG7"),
        ),
        (
            [S, S],
            [["map"], []],
            1,
            {"seat": 0, "action": "discard", "cards": ["map"]},
            ("no_discard_due", "CG9"),
        ),
    ],
)
def test_refusals_carry_a_stable_code_and_the_rule(pirates, hands, boat, action, expected):
    state = position(pirates, hands, boat)
    assert refusal(state, action) == expected


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"seat": 0},
        {"seat": 0, "action": "fly"},
        {"seat": 5, "action": "boat"},
        {"seat": 0, "action": "play", "card": "rum", "from": "start"},
        {"seat": 0, "action": "play", "card": "map", "from": 36},
        {"seat": 0, "action": "advance", "target": 9, "from": "start"},
        {"seat": 0, "action": "discard", "cards": "map"},
    ],
)
def test_what_is_not_an_action_is_malformed(action):
    state = position([S, S], [["map"], []])
    with pytest.raises(MalformedAction):
        GAME.apply(state, action)


def test_after_the_game_nothing_is_legal():
    state = position([["nest"] * 5 + [33], ["start"] * 5 + [34]], [["compass"], []])
    state = GAME.apply(state, {"seat": 0, "action": "play", "card": "compass", "from": 33})
    assert GAME.status(state).over and GAME.status(state).ranking == (1, 2)
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []
    assert refusal(state, {"seat": 1, "action": "boat"}) == ("game_over", "CG11")


def test_the_rules_allow_a_game_without_end():
    """CG4/CG7 as written: with no cards anywhere and no pirate that can be advanced, each
    player can still move the boat (a pirate aboard, a pirate at the start), so the draw of
    CG4's Decided lock-breaker never comes and the game goes on for ever. This is why
    traits.max_actions is a safety net, not a bound the rules guarantee (see the report)."""
    state = position(
        [
            ["start", "boat", "boat", "boat", 35, 35],
            ["start", "boat", "boat", "boat", 35, "nest"],
        ],
        [[], []],
    )
    for _ in range(200):
        seat = GAME.status(state).to_act[0]
        kinds = {a["action"] for a in GAME.legal_actions(state, seat)}
        assert kinds <= {"boat", "end"} and "boat" in kinds
        action = {"seat": seat, "action": "end" if "end" in kinds else "boat"}
        state = GAME.apply(state, action)
    assert not GAME.status(state).over
