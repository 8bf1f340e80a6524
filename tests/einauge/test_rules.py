"""Rules details the scenarios do not show: IllegalAction codes and sections, malformed
actions, the game protocol's status, options and timeouts (EA13)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.core import IllegalAction, MalformedAction
from games.einauge import GAME
from games.einauge.scenario import load

PUBLIC = Path(__file__).parent / "scenarios" / "public"


def position(name: str):
    state, _ = load(json.loads((PUBLIC / name).read_text()))
    return state


def refused(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, action)
    return err.value


def test_illegal_actions_carry_stable_codes_and_sections():
    state = position("01-buy-fight-table-refill.json")  # seat 0 to buy, 10 ducats
    cases = [
        ({"seat": 1, "action": "buy", "card": "red-4"}, "not_your_turn", "EA2"),
        ({"seat": 0, "action": "buy", "card": "blue-8"}, "not_in_display", "EA4"),
        ({"seat": 0, "action": "fight", "card": "blue-8"}, "not_now", "EA7"),
        ({"seat": 0, "action": "table", "card": "red-4"}, "not_now", "EA8"),
        ({"seat": 0, "action": "sell", "jewels": 2}, "not_enough_jewels", "EA6"),
        ({"seat": 0, "action": "sell", "card": "red-4"}, "card_not_owned", "EA6"),
        ({"seat": 0, "action": "buy", "card": "red-4", "row": "blue"}, "wrong_row", "EA5"),
        (
            {"seat": 0, "action": "buy", "card": "red-4", "onto_ships": True},
            "not_onto_ships",
            "EA10",
        ),
    ]
    for action, code, rule in cases:
        err = refused(state, action)
        assert (err.code, err.rule) == (code, rule), action
    poor = GAME.apply(state, {"seat": 0, "action": "buy", "card": "green-2"})
    assert poor.phase == "table"  # 2 sabres: no fight for blue-8 (EA7 Decided: skipped)
    rich = position("09-fight-sabre-card.json")
    rich = GAME.apply(rich, {"seat": 0, "action": "buy", "card": "red-2"})
    rich = GAME.apply(rich, {"seat": 0, "action": "sell", "card": "red-2"})
    err = refused(rich, {"seat": 0, "action": "buy", "card": "orange-3"})
    assert (err.code, err.rule) == ("not_now", "EA4")


def test_cannot_afford_and_too_few_sabres():
    state = position("03-sell-to-buy.json")  # 1 ducat
    err = refused(state, {"seat": 0, "action": "buy", "card": "red-3"})
    assert (err.code, err.params["price"]) == ("cannot_afford", 3)
    # EA4: while nothing can be bought, only sales are offered
    assert {a["action"] for a in GAME.legal_actions(state, 0)} == {"sell"}
    state = position("02-sabre-card-costs-four.json")
    state = GAME.apply(state, {"seat": 0, "action": "buy", "card": "red-4"})
    err = refused(state, {"seat": 0, "action": "fight", "card": "red-6"})
    assert (err.code, err.params["cost"], err.rule) == ("too_few_sabres", 4, "EA7")


@pytest.mark.parametrize(
    "action",
    [
        "buy",
        {"action": "buy", "card": "red-4"},
        {"seat": 7, "action": "buy", "card": "red-4"},
        {"seat": True, "action": "buy", "card": "red-4"},
        {"seat": 0, "action": "steal"},
        {"seat": 0, "action": "buy", "card": "red-9"},
        {"seat": 0, "action": "sell"},
        {"seat": 0, "action": "sell", "jewels": 0},
        {"seat": 0, "action": "sell", "jewels": 1, "card": "red-5"},
        {"seat": 0, "action": "buy", "card": "red-4", "row": "grey"},
        {"seat": 0, "action": "buy", "card": "red-4", "onto_ships": "yes"},
    ],
)
def test_malformed_actions(action):
    with pytest.raises(MalformedAction):
        GAME.apply(position("01-buy-fight-table-refill.json"), action)


def test_options_and_player_counts():
    assert [o.key for o in GAME.options] == ["left_out"]
    with pytest.raises(ValueError):
        GAME.new(3, "x", {"left_out": "pink"})
    with pytest.raises(ValueError):
        GAME.new(6, "x", {})
    a, b = GAME.new(4, "same", {}), GAME.new(4, "same", {})
    assert GAME.dump(a) == GAME.dump(b)  # the seed decides everything (EA2)
    starts = {GAME.new(5, f"s{i}", {}).start_player for i in range(40)}
    assert starts == {0, 1, 2, 3, 4}  # EA2 Decided: a random start player
    left = {tuple(GAME.new(2, f"s{i}", {}).colours) for i in range(20)}
    assert len(left) > 5  # EA2 Decided: random colours removed


def test_status_scores_and_ranking():
    state = position("06-final-round-and-scoring.json")
    assert GAME.status(state).to_act == (0,)
    assert GAME.status(state).scores == (5, 8, 10)  # jewels held during the game
    for action in json.loads((PUBLIC / "06-final-round-and-scoring.json").read_text())["actions"]:
        state = GAME.apply(state, action)
    status = GAME.status(state)
    assert status.over and status.to_act == ()
    assert status.scores == (25, 23, 18) and status.ranking == (1, 2, 3)
    assert GAME.legal_actions(state, 0) == []


@pytest.mark.parametrize("players", [2, 3, 5])
def test_timeout_actions_end_the_turn_as_ea13_says(players):
    """EA13: a purchase (with the sales it needs), a pass in phase 2, a card for the table;
    a pass in the final round."""
    rng = random.Random(players)
    state = GAME.new(players, f"timeout-{players}", {})
    while not state.over:
        seat = state.turn
        actions = GAME.timeout_actions(state, seat, rng)
        assert actions
        verbs = [a["action"] for a in actions]
        if state.phase == "final":
            assert verbs == ["pass"]
        else:
            assert "fight" not in verbs
            assert verbs[-1] in ("table", "pass", "buy")
        for action in actions:
            state = GAME.apply(state, action)
        assert state.over or state.turn != seat


def test_teams_and_round_setup_hidden_from_views():
    state = GAME.new(3, "setup", {})
    assert GAME.teams(3, {}) is None
    setup = GAME.round_setup(state)
    assert setup["deck"] == state.deck and setup["start_player"] == state.start_player
    assert GAME.round_result(state) == {}
