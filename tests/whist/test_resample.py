"""Resample (the information-set check's other state): what a seat has seen holds in it. The
generic engine test checks the view stays equal; these are Whist's own constraints."""

from __future__ import annotations

import random

from games.whist import GAME
from games.whist.cards import suit
from games.whist.scoring import honours_held

from .helpers import random_step


def shown_out(state) -> list[set[str]]:
    """Per seat, the suits it failed to follow (WH5), from every trick so far."""
    deal = state.deal
    voids: list[set[str]] = [set() for _ in range(4)]
    for trick in [*deal.played, {"leader": deal.leader, "cards": deal.trick}]:
        for i, card in enumerate(trick["cards"][1:], 1):
            if suit(card) != suit(trick["cards"][0]):
                voids[(trick["leader"] + i) % 4].add(suit(trick["cards"][0]))
    return voids


def test_a_resampled_deal_keeps_every_void_and_counts_its_honours():
    rng = random.Random(7)
    state, checked, voided = GAME.new(4, "voids", {"variant": "long"}), 0, 0
    while not GAME.status(state).over and checked < 400:
        seat = rng.choice([None, 0, 1, 2, 3])
        other = GAME.resample(state, seat, rng)
        voids = shown_out(state)
        voided += any(voids)
        for s, hand in enumerate(other.deal.hands):
            assert not {suit(c) for c in hand} & voids[s], "a card of a suit shown out of"
            assert sorted(other.deal.dealt[s]) != [] and set(hand) <= set(other.deal.dealt[s])
        deal = other.deal
        assert deal.honours_held == honours_held(deal.dealt, deal.trump, "long")
        checked += 1
        state = GAME.apply(state, random_step(state, rng))
    assert voided > 50  # the constraint was exercised (without it, the first assert fails)


def test_the_turned_up_card_stays_with_the_dealer():
    state = GAME.new(4, "turn", {"trump": "turn_up"})
    dealer, card = state.deal.dealer, state.deal.trump_card
    for seed in range(20):
        seat = (dealer + 1 + seed % 3) % 4
        assert card in GAME.resample(state, seat, random.Random(seed)).deal.hands[dealer]
