"""Property tests over random matches: they end within traits.max_actions, the cards and card
points are conserved (DK2), every deal is zero-sum and its value is its items' sum (DK12, DK14),
apply never changes its input, dump/load is lossless, replaying the log gives the same state."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from games.core import IllegalAction
from games.doppelkopf import GAME
from games.doppelkopf.cards import pack
from games.doppelkopf.scoring import VALUES
from games.doppelkopf.state import FINISHED

from .helpers import random_step

OPTIONS = [
    {"deals": 4},
    {"deals": 4, "nines": False},
    {"deals": 8, "compulsory_solo": True},
    {"deals": 8, "compulsory_solo": True, "nines": False},
]


def check_cards(state) -> None:
    deal = state.deal
    cards = [c for h in deal.hands for c in h] + deal.trick
    cards += [c for t in deal.played for c in t["cards"]]
    assert Counter(cards) == Counter(pack(state.options["nines"]))
    assert Counter(c for h in deal.dealt for c in h) == Counter(cards)


def check_result(state) -> None:
    """DK2: 240 card points; DK12: the value is Re's items minus Kontra's; DK14: zero-sum."""
    deal = state.deal
    result = deal.result
    assert result["re_card_points"] + result["kontra_card_points"] == 240
    assert sum(result["card_points"]) == 240
    assert sum(result["deal_scores"]) == 0
    worth = {p: sum(VALUES.get(i, 1) for i in result["score_items"][p]) for p in ("re", "kontra")}
    assert result["game_value"] == worth["re"] - worth["kontra"]
    winner = result["winner_party"]
    if winner:
        assert "won" in result["score_items"][winner]
        assert sorted(result["winners"]) == [s for s in range(4) if deal.parties[s] == winner]
    alone = deal.declarer is not None and deal.contract != "wedding"  # DK7: a soloist is Re alone
    assert deal.parties.count("re") == (1 if alone else 2)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: json.dumps(o, sort_keys=True))
def test_random_matches_end_and_keep_the_invariants(options):
    rng = random.Random(json.dumps(options))
    for n in range(3):
        state = GAME.new(4, f"prop-{n}", options)
        log = []
        for _ in range(GAME.traits.max_actions):
            if GAME.status(state).over:
                break
            action = random_step(state, rng)
            before = copy.deepcopy(GAME.dump(state))
            after = GAME.apply(state, action)
            assert GAME.dump(state) == before  # apply never changes its input
            log.append(action)
            state = after
            check_cards(state)
            if state.deal.phase == FINISHED:
                check_result(state)
            assert GAME.load(GAME.dump(state)).to_dict() == state.to_dict()
        assert GAME.status(state).over
        assert sum(state.scores) == 0
        assert sum(line["deal_counts"] for line in state.sheet) == options["deals"]
        assert not any(state.compulsory_owed)  # DK6: everyone played his compulsory solo
        replay = GAME.new(4, f"prop-{n}", options)
        for action in log:
            replay = GAME.apply(replay, action)
        assert GAME.dump(replay) == GAME.dump(state)
        status = GAME.status(state)
        assert status.ranking and min(status.ranking) == 1


def test_max_actions_is_a_true_bound():
    """The bound holds for the longest match: 24 counting deals, 4 more compulsory solos that
    do not count, every deal with 4 reservations, 48 cards and all 10 call levels."""
    assert GAME.traits.max_actions >= (24 + 4) * (4 + 48 + 10 + 1)


def test_stale_actions_are_refused_with_a_code():
    state = GAME.new(4, "stale", {"deals": 4})
    seat = GAME.status(state).to_act[0]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, {"seat": (seat + 1) % 4, "action": "reserve", "reservation": "healthy"})
    assert e.value.code == "not_your_turn" and e.value.rule == "DK5"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, {"seat": seat, "action": "announce", "call": "re"})
    assert e.value.code == "calls_not_open"
