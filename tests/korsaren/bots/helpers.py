"""Shared helpers for the bot tests: play matches with bots, each seeing only its own view."""

from __future__ import annotations

import random
from time import perf_counter

from games.korsaren import MatchState, apply, new_match, seats_to_act, view
from games.korsaren.bots import choose_action

# The Captain searches a fixed, small number of determinizations in tests: fast, and the same
# on any machine.
TEST_BUDGET = 0.002


def play_match(
    levels: list[str], seed: str, budget: float = TEST_BUDGET, max_actions: int = 20_000
) -> tuple[MatchState, list[dict]]:
    """A whole match, seat s played by levels[s]; returns the final state and every action.
    `apply` raises IllegalAction if a bot ever returns an illegal action."""
    state = new_match(len(levels), seed)
    rngs = [random.Random(f"{seed}/{s}") for s in range(len(levels))]
    actions = []
    while not state.match_over:
        assert len(actions) < max_actions, "the match did not end"
        seat = seats_to_act(state)[0]
        action = choose_action(levels[seat], view(state, seat), rngs[seat], budget, perf_counter)
        state = apply(state, action)
        actions.append(action)
    return state, actions
