"""The rollout simulator follows the engine's rules: same draws, same scoring (R4-R7, R9)."""

from __future__ import annotations

import pytest

from games.korsaren import Laydown, apply, new_match
from games.korsaren.bots.hands import best_crew, colour_names, ids, masks_of, names
from games.korsaren.bots.laydowns import attach_action
from games.korsaren.bots.simulate import GreedyPolicy, Table, discard, draw


def table_of(state) -> Table:
    r = state.round
    hands = [ids(h) for h in r.hands]
    return Table(state.players, hands, ids(r.pier), ids(r.discard), ids(r.stock)[::-1], r.to_move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_in_the_simulator_score_as_in_the_engine(players):
    policy = GreedyPolicy()
    for m in range(25):
        state = new_match(players, f"sim-{players}-{m}")
        table = table_of(state)
        while True:
            seat = table.to_move
            source = policy.draw(table, seat)
            state = apply(state, {"seat": seat, "action": "draw", "from": source})
            outcome = draw(table, source)
            assert sorted(ids(state.round.hands[seat])) == sorted(table.hands[seat])
            if outcome:
                assert state.round.phase == "annulled"
                break
            card, sail = policy.discard(table, seat)
            [name] = names([card])
            if not (sail or table.must_sail):
                state = apply(state, {"seat": seat, "action": "discard", "card": name})
                discard(table, card, False)
                continue
            rest = [c for c in table.hands[seat] if c != card]
            _, _, a, b = best_crew(masks_of(rest), table.pier_colour)
            crew = colour_names([a, b])
            state = apply(state, {"seat": seat, "action": "sail", "card": name, "crew": crew})
            outcome = discard(table, card, True)
            r = state.round
            closer = Laydown.from_dict(r.laydowns[seat].to_dict())
            for s in range(players):
                if s != seat:
                    state = apply(state, attach_action(s, r.hands[s], r.pier_colour, closer))
            result = state.round.result
            assert result["penalty_cards_taken"] == outcome.taken
            if seat in result["sweep"]:
                assert outcome.sweepers == [seat]
            else:
                assert sorted(result["sweep"]) == sorted(outcome.sweepers)
            break


def test_the_remembering_policy_plays_the_greedy_policy_s_very_moves():
    """FastGreedyPolicy (the Captain's rollouts) only remembers best discards: every rollout
    from the same determinization ends the same as GreedyPolicy's, cache cold or warm; the
    sweep racer plays out whole rounds too."""
    import random

    from games.korsaren import view
    from games.korsaren.bots.determinize import determinize
    from games.korsaren.bots.knowledge import read_view
    from games.korsaren.bots.simulate import FastGreedyPolicy, RacerPolicy, play_out

    state = new_match(2, "fast")
    k = read_view(view(state, state.round.to_move))
    tables = [determinize(k, random.Random(i)) for i in range(20)]
    for policy in (FastGreedyPolicy(), FastGreedyPolicy()):
        for table in tables:
            expected = play_out(table.copy(), GreedyPolicy())
            assert play_out(table.copy(), policy) == expected
    assert all(play_out(table.copy(), RacerPolicy()).taken for table in tables)
