"""The Captain (issue 36): it keeps to its time budget, and it races for the sweep (R9) where
nothing else can win the match."""

from __future__ import annotations

import random
from time import process_time

from games.korsaren import apply, from_deal, view
from games.korsaren.bots import captain, choose_action

CREW = [f"red-{n}" for n in range(1, 6)] + [f"blue-{n}" for n in range(6, 11)]


def test_every_decision_keeps_to_the_time_budget():
    """A budget of 30 ms of CPU time: every draw and discard ends within it (plus one
    determinization's slack); the lay-down and the deal take no search at all."""
    budget = 0.03
    rng = random.Random(4)
    state = from_deal(
        2, 0, [[*CREW, "green-3", "black-11"], [f"grey-{n}" for n in range(1, 12)] + ["pink-1"]],
        ["green-7", "pink-4", "orange-2"], ["black-1"],
        [f"yellow-{n}" for n in range(1, 12)] + [f"brown-{n}" for n in range(1, 12)],
    )  # fmt: skip
    for _ in range(30):
        seat = state.round.to_move
        seen = view(state, seat)
        if seen["phase"] not in ("draw", "discard"):
            break
        started = process_time()  # CPU time: a loaded machine's waits do not count
        action = choose_action("captain", seen, rng, budget, process_time)
        assert process_time() - started < budget + 0.1
        state = apply(state, action)


def test_in_the_last_round_far_behind_it_races_for_the_sweep():
    """R8, R9: the last round (45 penalty cards already), the Captain 30 behind. Setting sail
    with limit 1 would end the match lost; only a sweep wins it. So it keeps the hand one card
    from a sweep (one stowaway; a green card, the pier colour, would complete it) and discards
    instead of setting sail."""
    state = from_deal(
        2, 0, [[f"grey-{n}" for n in range(1, 12)] + ["pink-1"], [*CREW, "green-3", "black-11"]],
        ["green-7", "pink-4", "orange-2", "yellow-9"], ["black-1"],
        [f"yellow-{n}" for n in range(1, 9)] + [f"brown-{n}" for n in range(1, 12)],
        penalties=[5, 35],
    )  # fmt: skip
    assert state.round.is_last and state.round.to_move == 1
    state = apply(state, {"seat": 1, "action": "draw", "from": "discard"})  # black-1
    seen = view(state, 1)
    action = captain.choose(seen, random.Random(36), 1.0, iterations=24)
    assert action["action"] == "discard" and action["card"] in ("black-1", "black-11")
