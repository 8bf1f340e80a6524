"""Property tests over whole random rubbers, every option (WH1-WH12): Whist's own invariants
(the protocol's properties, replay, storage and timeouts: tests/platform/test_engines.py)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.whist import GAME
from games.whist.cards import DECK
from games.whist.state import PLAY, TARGETS

from .helpers import cards_in, random_step

seeds = st.text(alphabet="0123456789abcdef", min_size=1, max_size=12)
options = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(["short", "long", "american"]),
        "trump": st.sampled_from(["turn_up", "second_pack", "fixed", "fixed_no_trump"]),
        "after_rubber": st.sampled_from(["return", "change_partners"]),
        "cut": st.booleans(),
    }
)


def check_cards(state) -> None:
    """WH2/WH4: the 52 cards, each once: in the hands, the tricks played, the current trick."""
    deal = state.deal
    cards = [c for h in deal.hands for c in h] + deal.trick
    cards += [c for t in deal.played for c in t["cards"]]
    assert Counter(cards) == Counter(DECK)
    assert max(map(len, deal.hands)) - min(map(len, deal.hands)) <= 1
    assert sum(deal.tricks) == len(deal.played)
    assert Counter(c for h in deal.dealt for c in h) == Counter(DECK)


def check_score(state) -> None:
    """WH6-WH9: points below the target, games and their values consistent, the sheet adds up."""
    target = TARGETS[state.options["variant"]]
    assert all(0 <= p < target for p in state.points)
    assert [sum(g["winner"] == t for g in state.completed_games) for t in (0, 1)] == (
        state.games_won
    )
    assert [sum(g["value"] for g in state.completed_games if g["winner"] == t) for t in (0, 1)] == (
        state.game_points
    )
    assert max(state.games_won) <= 2 and (max(state.games_won) == 2) == state.over
    points = [0, 0]
    for line in state.sheet:
        assert min(line["odd_tricks"]) == 0 and min(line["honour_points"]) == 0
        assert line["odd_tricks"] == [max(0, t - 6) for t in line["tricks"]]
        scored = zip(line["odd_tricks"], line["honour_points"], strict=True)
        points = [p + o + h for p, (o, h) in zip(points, scored, strict=True)]
        if line["game"]:
            g = line["game"]
            assert g["points"] == points and points[g["winner"]] >= target
            assert line["honour_points"] == [0, 0]  # WH7: honours never win a game
            assert points[1 - g["winner"]] < target
            points = [0, 0]
        assert line["points"] == points
    assert points == state.points


def check_hidden(state) -> None:
    """WH12: no view shows a card another seat still holds (but the turned-up card)."""
    deal = state.deal
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        view.pop("cut")  # another pack's cards (WH3)
        view.pop("second_pack_card")  # the second pack's card (WH4), in no hand
        seen = cards_in(view)
        for other in range(4):
            if other == seat:
                continue
            hidden = set(deal.hands[other]) - {view["turned_up"]}
            assert not seen & hidden, f"seat {seat} sees seat {other}'s cards"
        assert "seed" not in view


@settings(max_examples=20, deadline=None)
@given(seeds, st.integers(0, 2**32), options)
def test_random_rubbers_keep_every_invariant(seed, choice_seed, opts):
    rng = random.Random(choice_seed)
    state = GAME.new(4, seed, opts)
    for step in range(3000):
        check_cards(state)
        check_score(state)
        status = GAME.status(state)
        if status.over:
            break
        if step % 5:  # the costlier checks on every fifth position
            state = GAME.apply(state, random_step(state, rng))
            continue
        check_hidden(state)
        before = GAME.dump(state)
        offered = {s: GAME.legal_actions(state, s) for s in range(4)}
        acting = [s for s in range(4) if offered[s]]
        assert len(acting) == 1  # one seat plays, or the next dealer deals
        assert acting == list(status.to_act) or status.server_step == offered[acting[0]][0]
        for _ in range(4):  # random actions: accepted exactly when offered
            raw = {
                "seat": rng.randrange(-1, 5),
                "action": rng.choice(["play", "play", "deal"]),
                "card": rng.choice(DECK),
            }
            if raw["action"] == "deal":
                raw.pop("card")
            legal = 0 <= raw["seat"] < 4 and raw in offered[raw["seat"]]
            try:
                GAME.apply(state, raw)
                assert legal, f"{raw} applied but not offered"
            except IllegalAction:
                assert not legal, f"{raw} offered but refused"
        for action in offered[acting[0]]:
            GAME.apply(state, action)
        assert GAME.dump(state) == before  # apply never changes its input
        state = GAME.apply(state, random_step(state, rng))
    else:
        raise AssertionError("the rubber did not end")
    assert GAME.status(state).over


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(0, 2**32))
def test_bots_only_play_legal_cards_and_a_timeout_one_card(seed, choice_seed):
    rng = random.Random(choice_seed)
    state = GAME.new(4, seed, {})
    while state.phase == PLAY:
        seat = state.deal.to_move
        legal = GAME.legal_actions(state, seat)
        assert len(GAME.timeout_actions(state, seat, rng)) == 1  # WH12: one card per timeout
        for level in ("dabbler", "club"):
            assert GAME.bots.choose(level, GAME.view(state, seat), rng) in legal
        state = GAME.apply(state, rng.choice(legal))


def test_a_stored_state_shares_nothing_with_its_dump():
    state = GAME.new(4, "share", {})
    data = GAME.dump(state)
    loaded = GAME.load(data)
    data["deal"]["hands"][0].clear()
    GAME.dump(loaded)["deal"]["hands"][1].clear()
    assert [len(h) for h in loaded.deal.hands] == [13] * 4
    assert [len(h) for h in state.deal.hands] == [13] * 4
