"""The bots: every level plays legal reservations, calls and cards from its own view only,
repeatably without a clock; the Master honours its time budget; the Club player reserves and
calls sensibly; the tournament command runs."""

from __future__ import annotations

import random

import pytest

from games.doppelkopf import GAME
from games.doppelkopf.bots import BOTS, LEVELS, choose_action, optional_action, tournament
from games.doppelkopf.bots.club import call, reservation

from .helpers import random_step


def play(levels, seed, options=None, rng=None):
    """A match between bots through the protocol: calls via optional(), turns via choose()."""
    rng = rng or random.Random(seed)
    state = GAME.new(4, seed, options or {"deals": 4})
    calls = 0
    while not GAME.status(state).over:
        status = GAME.status(state)
        if status.server_step:
            state = GAME.apply(state, status.server_step)
            continue
        for seat in (*status.optional, *status.to_act):
            made = BOTS.optional(levels[seat], GAME.view(state, seat), rng)
            if made:
                assert made in GAME.legal_actions(state, seat)
                state = GAME.apply(state, made)
                calls += 1
        seat = status.to_act[0]
        action = BOTS.choose(levels[seat], GAME.view(state, seat), rng)
        assert action in GAME.legal_actions(state, seat)
        state = GAME.apply(state, action)
    return state, calls


def test_levels_easiest_first():
    assert LEVELS[0] == "dabbler" and BOTS.levels == LEVELS


@pytest.mark.parametrize("options", [{"deals": 4}, {"deals": 8, "compulsory_solo": True}])
def test_club_and_dabbler_play_whole_matches_legally(options):
    state, calls = play(("club", "dabbler", "club", "dabbler"), "bots", options)
    assert GAME.status(state).over and sum(state.scores) == 0
    assert not any(state.compulsory_owed)


def test_master_plays_legal_cards_repeatably_without_a_clock():
    rng = random.Random(8)
    state = GAME.new(4, "master", {"deals": 4})
    for _ in range(30):
        state = GAME.apply(state, random_step(state, rng, call_rate=0))
    seat = GAME.status(state).to_act[0]
    view = GAME.view(state, seat)
    first = choose_action("master", view, random.Random(1))
    assert first == choose_action("master", view, random.Random(1))
    assert first in GAME.legal_actions(state, seat)


def test_master_honours_its_time_budget():
    """With a clock the search stops once the budget is spent (here a fake clock: one second
    per reading, so it stops at once after its minimum of worlds)."""
    rng = random.Random(8)
    state = GAME.new(4, "budget", {"deals": 4})
    for _ in range(8):
        state = GAME.apply(state, random_step(state, rng, call_rate=0))
    readings = []

    def clock():
        readings.append(1)
        return float(len(readings))

    seat = GAME.status(state).to_act[0]
    action = choose_action("master", GAME.view(state, seat), rng, 0.5, clock)
    assert action in GAME.legal_actions(state, seat)
    from games.doppelkopf.bots.master import MIN_WORLDS

    assert len(readings) <= MIN_WORLDS + 2


def test_bots_refuse_when_not_to_act():
    state = GAME.new(4, "idle", {"deals": 4})
    seat = (GAME.status(state).to_act[0] + 1) % 4
    with pytest.raises(ValueError):
        choose_action("club", GAME.view(state, seat), random.Random(1))
    assert optional_action("master", GAME.view(state, seat), random.Random(1)) is None
    with pytest.raises(ValueError):
        choose_action("grandmaster", GAME.view(state, seat), random.Random(1))


def _view(hand, legal_reservations=(), calls=(), party=None, contract=None):
    return {
        "seat": 0,
        "hand": hand,
        "legal": {"reservations": list(legal_reservations), "calls": list(calls), "cards": []},
        "party": party,
        "contract": contract,
        "solo": None,
        "levels": {"re": 0, "kontra": 0},
    }


ALL = ["healthy", "diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleischlos"]


def test_club_reserves_sensibly():
    """A queens solo with six queens and aces; healthy with an ordinary hand; a wedding with
    both queens of clubs and little else (DK5)."""
    monster = ["QC", "QC", "QS", "QS", "QH", "QD", "AC", "AC", "AS", "AS", "AH", "AH"]
    assert reservation(_view(monster, ALL)) == "queens"
    plain = ["QC", "JS", "JD", "AD", "9D", "AC", "9C", "KS", "10S", "KH", "9H", "KC"]
    assert reservation(_view(plain, ALL)) == "healthy"
    weak = ["QC", "QC", "JD", "9D", "9C", "9C", "KS", "10S", "KH", "9H", "KC", "9S"]
    assert reservation(_view(weak, ["healthy", "wedding", *ALL[1:]])) == "wedding"


def test_club_calls_on_strong_hands_only():
    strong = ["10H", "10H", "QC", "QS", "QS", "QH", "JC", "AD", "10D", "AC", "AS", "KD"]
    weak = ["QC", "JD", "9D", "9C", "9C", "KS", "10S", "KH", "9H", "KC", "9S", "KS"]
    calls = ["re", "no90", "no60", "no30", "black"]
    assert call(_view(strong, calls=calls, party="re", contract="normal")) == "re"
    assert call(_view(weak, calls=calls, party="re", contract="normal")) is None


def test_tournament_runs_and_reports(capsys):
    tournament.main(["club", "dabbler", "--matches", "2", "--deals", "4"])
    out = capsys.readouterr().out
    assert "matches won by A's two seats" in out and "95% CI" in out and "p95" in out


def test_the_sparring_partner_plays_legally_with_its_memory(capsys):
    """The tournament's sparring partner (written apart, counting cards) against the Club."""
    tournament.main(["club", "sparring", "--matches", "2", "--deals", "4"])
    out = capsys.readouterr().out
    assert "club (A) v sparring (B)" in out and "sparring " in out
