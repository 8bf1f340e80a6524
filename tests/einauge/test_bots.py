"""The bots: each level plays legal actions from its own view only; the captain's search is
repeatable without a clock and keeps to its budget with one; the levels are ordered."""

from __future__ import annotations

import random

import pytest

from games.core import tournament
from games.einauge import GAME
from games.einauge.bots import LEVELS, choose_action
from games.einauge.bots.tournament import WITH_SPARRING, has_choice, main

from .helpers import play_random


def test_levels_easiest_first():
    assert GAME.bots.levels == LEVELS == ("deckhand", "merchant", "captain")
    with pytest.raises(ValueError):
        choose_action("admiral", GAME.view(GAME.new(2, "x", {}), 0), random.Random(1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions_in_every_phase(level):
    states, _ = play_random(3, "bots-legal", random.Random(2))
    rng = random.Random(3)
    for state in states[::4]:
        if state.over:
            continue
        view = GAME.view(state, state.turn)
        action = GAME.bots.choose(level, view, rng)
        assert action in view["legal"]
        GAME.apply(state, action)  # raises if illegal


def test_the_bots_need_only_the_view():
    """Two states the seat cannot tell apart get the same decision (same rng seed)."""
    state = GAME.new(3, "view-only", {})
    other = GAME.resample(state, state.turn, random.Random(9))
    assert other.deck != state.deck
    for level in LEVELS:
        a = GAME.bots.choose(level, GAME.view(state, state.turn), random.Random(4))
        b = GAME.bots.choose(level, GAME.view(other, state.turn), random.Random(4))
        assert a == b


def test_the_captain_without_clock_is_repeatable_and_with_one_keeps_its_budget():
    state = GAME.new(5, "budget", {})
    view = GAME.view(state, state.turn)
    first = choose_action("captain", view, random.Random(1))
    assert choose_action("captain", view, random.Random(1)) == first
    ticks = iter(range(10_000))
    calls = []

    def clock():
        calls.append(1)
        return next(ticks) * 0.1  # every reading is 0.1 s later

    choose_action("captain", view, random.Random(1), time_budget=0.3, clock=clock)
    assert 2 <= len(calls) <= 4  # it stops once 80% of the budget is gone


def test_the_merchant_sells_only_what_its_chests_do_not_need_in_the_final_round():
    from games.einauge.scenario import load

    state, _ = load(
        {
            "players": 2,
            "setup": {
                "stage": "final",
                "display": [],
                "table": [],
                "deck": [],
                "players": [
                    {"sabres": 0, "rows": {"red": ["red-2", "red-8"]}},
                    {"rows": {"red": ["red-3"]}},
                ],
            },
        }
    )
    action = choose_action("merchant", GAME.view(state, 0), random.Random(1))
    assert action == {"seat": 0, "action": "sell", "card": "red-8"}  # red-2 keeps the 7


def test_captain_beats_deckhands_in_a_few_fixed_games():
    setup = tournament.Setup(GAME, 3, clock=None, timed=has_choice, bots=WITH_SPARRING)
    jobs = tournament.schedule(["captain", "deckhand", "deckhand"], 3, "bots-test")
    results = [tournament.play(setup, job) for job in jobs]
    assert tournament.standings(results)["captain"].wins >= 2


def test_the_tournament_command_reports_each_player_count(capsys):
    main(["merchant", "sparring", "--players", "2", "3", "--games", "3", "--fixed"])
    out = capsys.readouterr().out
    assert "2 players:" in out and "3 players:" in out
    lines = out.splitlines()
    assert sum(line.startswith("merchant ") for line in lines) == 2
    assert sum(line.startswith("sparring ") for line in lines) == 2


def test_the_sparring_partner_plays_legal_actions_to_the_end():
    from games.einauge.bots import sparring

    for players in (2, 5):
        state, rng = GAME.new(players, f"spar-{players}", {}), random.Random(players)
        while not state.over:
            action = sparring.choose(state, state.turn, rng)
            assert action in GAME.legal_actions(state, state.turn)
            state = GAME.apply(state, action)
