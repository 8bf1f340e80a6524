"""The bots (GAMES.md point 2): legal choices from their own view only, every level, every
phase; the corsair's fixed work without a clock and its time budget with one; strength in
small fixed matches (the tournament command measures it at full size)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from games.cartagena2 import GAME
from games.cartagena2.bots import LEVELS
from games.cartagena2.bots.tournament import has_choice, main
from games.cartagena2.scenario import load
from games.core import tournament

PUBLIC = Path(__file__).parent / "scenarios" / "public"


def _positions(players: int, seed: str, every: int = 7):
    rng = random.Random(seed)
    state = GAME.new(players, seed, {})
    n = 0
    while not GAME.status(state).over:
        if n % every == 0:
            yield state
        seat = GAME.status(state).to_act[0]
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)))
        n += 1


def _discard_position():
    import json

    state, actions = load(json.loads((PUBLIC / "06-privateer-discard.json").read_text()))
    return GAME.apply(state, actions[0])  # seats 0 and 1 must discard


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_legal_action_from_its_view(level):
    rng = random.Random(1)
    states = [*_positions(3, f"b-{level}"), _discard_position()]
    for state in states:
        for seat in GAME.status(state).to_act:
            action = GAME.bots.choose(level, GAME.view(state, seat), rng)
            assert action in GAME.legal_actions(state, seat) or action["action"] == "discard"
            GAME.apply(state, action)  # raises if illegal


def test_bots_refuse_unknown_levels_and_seats_not_to_act():
    state = GAME.new(2, "r", {})
    with pytest.raises(ValueError):
        GAME.bots.choose("admiral", GAME.view(state, state.turn), random.Random(1))
    with pytest.raises(ValueError):
        GAME.bots.choose("deckhand", GAME.view(state, 1 - state.turn), random.Random(1))


def test_the_corsair_without_a_clock_is_repeatable():
    for state in list(_positions(2, "repeat", every=15))[:4]:
        view = GAME.view(state, GAME.status(state).to_act[0])
        a = GAME.bots.choose("corsair", view, random.Random(9))
        b = GAME.bots.choose("corsair", view, random.Random(9))
        assert a == b


def test_the_corsair_stops_when_its_clock_says_so():
    calls = []

    def clock():  # every reading ten seconds later: the budget is gone after one world
        calls.append(1)
        return 10.0 * len(calls)

    state = list(_positions(3, "clock", every=20))[1]
    view = GAME.view(state, GAME.status(state).to_act[0])
    action = GAME.bots.choose("corsair", view, random.Random(2), time_budget=0.5, clock=clock)
    assert action in view["legal"]
    assert len(calls) == 2  # the deadline, then one check after the first world


def test_the_bosun_plays_the_card_that_goes_furthest():
    """From the start on the standard layout, a parrot reaches 3 and a compass 5: it plays the
    compass. With no card it draws: two cards either way (4 holds two pirates; from 4 into the
    boat), and it gives away the fewest steps (start -> 4, not 4 -> boat)."""
    import json

    scenario = json.loads((PUBLIC / "01-play-to-next-free-symbol.json").read_text())
    scenario["setup"]["hands"] = [["parrot", "compass"], []]
    scenario["setup"]["pirates"][1] = ["start"] * 4 + [4, 4]
    state, _ = load(scenario)
    view = GAME.view(state, 0)
    assert GAME.bots.choose("bosun", view, random.Random(1))["card"] == "compass"
    state.hands[0] = []
    action = GAME.bots.choose("bosun", GAME.view(state, 0), random.Random(1))
    assert action == {"seat": 0, "action": "advance", "target": 1, "from": "start"}


@pytest.mark.parametrize("hero,field,players", [("bosun", "deckhand", 3), ("corsair", "bosun", 2)])
def test_stronger_levels_win_fixed_games(hero, field, players):
    """One set: the stronger level in each seat in turn, the same deal (fixed work)."""
    setup = tournament.Setup(GAME, players, clock=None, timed=has_choice)
    jobs = tournament.schedule([hero] + [field] * (players - 1), players, f"fixed-{hero}")
    results = tournament.run(setup, jobs)
    wins = sum(r.ranking[r.levels.index(hero)] == 1 for r in results)
    assert wins >= players - 1
    assert all(r.actions < GAME.traits.max_actions for r in results)


def test_the_tournament_command_reports_win_rates_and_times(capsys):
    main(["bosun", "deckhand", "--players", "2", "3", "--games", "3", "--fixed"])
    out = capsys.readouterr().out
    assert "2 players (fair share 50.0%)" in out and "3 players (fair share 33.3%)" in out
    assert "95% CI" in out and "CPU ms p50" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("bosun ")]
    assert [r[1] for r in rows] == ["4", "3"]  # whole sets: 2 of 2 seats, 1 of 3 seats


def test_the_sparring_partner_plays_legal_moves_in_the_tournament():
    """bots/sparring.py, no level of the site, plays under its own name (GAMES.md point 2)."""
    from games.cartagena2.bots.tournament import WITH_SPARRING

    setup = tournament.Setup(GAME, 3, clock=None, timed=has_choice, bots=WITH_SPARRING)
    jobs = tournament.schedule(["sparring", "deckhand", "deckhand"], 3, "s")
    results = tournament.run(setup, jobs)
    assert sum(r.ranking[r.levels.index("sparring")] == 1 for r in results) >= 2
