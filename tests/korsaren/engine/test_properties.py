"""Property tests over whole random matches of 2, 3 and 4 players (RULES.md R1-R10): Korsaren's
own invariants (the protocol's properties, replay, storage and timeouts:
tests/platform/test_engines.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from games.korsaren import (
    ALL_CARDS,
    ANNULLED,
    COLOURS,
    DISCARD,
    SCORED,
    IllegalAction,
    MalformedAction,
    apply,
    from_json,
    legal_actions,
    new_match,
    parse_action,
    seats_to_act,
    to_json,
    view,
)

from .helpers import cards_in, random_step, round_cards

players = st.sampled_from([2, 3, 4])
# (chance to set sail on a turn, whether the pier is drawn from): short rounds, long rounds that
# end by annulment, and rounds that run the stock dry.
policies = st.sampled_from([(0.08, True), (0.02, True), (0.0, False), (0.3, True)])
seeds = st.text(alphabet="0123456789abcdef", min_size=1, max_size=16)


def random_action_dict(state, rng: random.Random) -> dict:
    """Any well-formed action at all, mostly illegal ones."""
    seat = rng.randrange(-1, state.players + 1)
    kind = rng.choice(["draw", "discard", "sail", "attach", "deal"])
    crew = rng.sample(COLOURS, rng.choice([0, 1, 2, 2, 3]))
    if rng.random() < 0.1 and crew:
        crew.append(crew[0])
    card = rng.choice(ALL_CARDS)
    hand = state.round.hands[seat] if 0 <= seat < state.players else []
    if hand and rng.random() < 0.5:
        card = rng.choice(hand)
    cards = rng.sample(ALL_CARDS, rng.randrange(0, 3))
    if hand and rng.random() < 0.5:
        cards = rng.sample(hand, min(len(hand), rng.randrange(0, 4)))
    return {
        "seat": seat,
        "action": kind,
        "from": rng.choice(["stock", "discard", "pier"]),
        "card": card,
        "cards": cards,
        "crew": crew,
    }


def check_cards_accounted(state) -> None:
    """All 110 cards exactly once: the round's cards plus earlier rounds' penalty cards."""
    r = state.round
    this_round = set(round_cards(state))
    earlier = [c for cards in state.penalty_cards for c in cards if c not in this_round]
    everything = Counter(round_cards(state) + earlier)
    assert all(n == 1 for n in everything.values()), "a card appears twice"
    assert sorted(everything) == sorted(ALL_CARDS)
    if r.phase == SCORED:  # this round's penalty cards are stowaways still on the table
        taken = {c for cards in r.result["penalty_cards"] for c in cards}
        assert taken <= {c for ld in r.laydowns for c in ld.stowaways}


def check_hidden(state, public_in_hand: dict[str, int]) -> None:
    """No view shows a card of another hand (unless it was taken face up) or of the stock."""
    r = state.round
    stock = set(r.stock)
    for seat in [None, *range(state.players)]:
        seen = cards_in(view(state, seat))
        assert not seen & stock, f"seat {seat} sees stock cards"
        for other, hand in enumerate(r.hands):
            if other == seat:
                continue
            hidden = {c for c in hand if public_in_hand.get(c) != other}
            assert not seen & hidden, f"seat {seat} sees seat {other}'s hidden cards"


@settings(max_examples=30, deadline=None)
@given(players, seeds, st.integers(0, 2**32), policies)
def test_random_matches_keep_every_invariant(n, seed, choice_seed, policy):
    rng = random.Random(choice_seed)
    state = new_match(n, seed)
    public_in_hand: dict[str, int] = {}  # card -> seat that took it face up (pier/discard)
    round_number = state.round.number
    steps = 0
    while not state.match_over:
        steps += 1
        assert steps < 50_000, "the match did not end"
        if state.round.number != round_number:
            round_number, public_in_hand = state.round.number, {}
        check_cards_accounted(state)
        check_hidden(state, public_in_hand)
        r = state.round
        for r_seat, hand in enumerate(r.hands):
            drew_last = r.log and r.log[-1]["seat"] == r_seat and r.log[-1]["action"] == "draw"
            if (r.phase == DISCARD and r_seat == r.to_move) or (r.phase == ANNULLED and drew_last):
                assert len(hand) == 13  # R4: never more than 13
            elif hand:
                assert len(hand) == 12

        # A few offered actions all apply; random others are refused with the state unchanged.
        before = to_json(state)
        offered = {s: set(legal_actions(state, s)) for s in range(n)}
        for seat in seats_to_act(state):
            for action in rng.sample(sorted(offered[seat], key=repr), min(5, len(offered[seat]))):
                apply(state, action)
        for _ in range(5):
            raw = random_action_dict(state, rng)
            try:
                action = parse_action(raw)
            except MalformedAction:
                continue
            legal = 0 <= action.seat < n and action in offered[action.seat]
            try:
                apply(state, action)
                assert legal, f"{raw} was applied but not offered"
            except IllegalAction:
                assert not legal, f"{raw} was offered but refused"
        assert to_json(state) == before

        action = random_step(state, rng, *policy)
        if action.to_dict()["action"] == "draw" and action.source in ("pier", "discard"):
            pile = state.round.pier if action.source == "pier" else state.round.discard
            public_in_hand[pile[0] if action.source == "pier" else pile[-1]] = action.seat
        state = apply(state, action)
        assert from_json(to_json(state)) == state  # also in rounds that run the stock dry
    assert state.winners and all(rank >= 1 for rank in state.ranking)
    assert min(state.ranking) == 1


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.integers(0, 2**32), policies)
def test_penalties_and_the_end_follow_r7_r8_r9(n, seed, choice_seed, policy):
    rng = random.Random(choice_seed)
    state = new_match(n, seed)
    dealers = [state.round.dealer]
    while not state.match_over:
        before_total = sum(state.penalties())
        was_last = state.round.is_last
        state = apply(state, random_step(state, rng, *policy))
        r = state.round
        if r.number != len(dealers):
            dealers.append(r.dealer)
            assert r.is_last == (before_total >= 35)  # R8
        if r.phase == SCORED:
            result = r.result
            total = sum(state.penalties())
            sweep = result["sweep"]
            assert state.match_over == bool(sweep or was_last or total >= 45)
            assert result["next_round_is_last"] == (not state.match_over and total >= 35)
    # R2: the deal passes clockwise after every round, annulled ones included.
    assert all(b == (a + 1) % n for a, b in pairwise(dealers))
    fewest = min(state.penalties())
    if not state.round.result["sweep"]:
        assert state.winners == [s for s in range(n) if state.penalties()[s] == fewest]
