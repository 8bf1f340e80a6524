"""legal_actions_from_view lists exactly the engine's legal actions, from the view alone."""

from __future__ import annotations

import random

from games.korsaren import apply, legal_actions, new_match, parse_action, seats_to_act, view
from games.korsaren.bots import legal_actions_from_view, pending_task
from tests.korsaren.engine.helpers import random_step


def test_the_view_gives_the_same_legal_actions_as_the_engine():
    rng = random.Random(8)
    tasks = set()
    for players in (2, 3, 4):
        state = new_match(players, f"legal-{players}")
        for _ in range(300):
            if state.match_over:
                break
            for seat in range(players):
                seen = view(state, seat)
                from_view = {parse_action(a) for a in legal_actions_from_view(seen)}
                assert from_view == set(legal_actions(state, seat))
                tasks.add(pending_task(seen))
            state = apply(state, random_step(state, rng))
    assert {"draw", "discard", "attach", "deal", None} <= tasks


def test_nothing_is_legal_for_a_seat_not_on_turn():
    state = new_match(4, "waiting")
    on_turn = seats_to_act(state)[0]
    for seat in range(4):
        assert bool(legal_actions_from_view(view(state, seat))) == (seat == on_turn)
