"""Properties over whole random games at every player count and both layouts (CG1-CG12)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.cartagena2 import GAME
from games.cartagena2.cards import sort_cards
from games.cartagena2.views import view

from .helpers import cards_conserved, pirates_conserved, random_game

CASES = [(p, board, i) for p in (2, 3, 4, 5) for board in ("standard", "random") for i in (0, 1)]


def dumped(state) -> str:
    return json.dumps(GAME.dump(state), sort_keys=True)


@pytest.mark.parametrize("players,board,i", CASES)
def test_random_play_ends_and_conserves_everything(players, board, i):
    """Ends within traits.max_actions (helpers asserts it), with one winner holding six
    pirates in the nest (CG11); cards and pirates conserved in every state met."""

    def check(state):
        cards_conserved(state)
        pirates_conserved(state)

    state, log = random_game(players, f"p{i}", {"board": board}, random.Random(i), check)
    status = GAME.status(state)
    assert status.over and status.to_act == ()
    assert state.pirates[state.winner].count(37) == 6
    assert status.ranking[state.winner] == 1 and list(status.ranking).count(1) == 1
    assert len(log) < GAME.traits.max_actions


@pytest.mark.parametrize("players", [2, 3, 5])
def test_apply_never_mutates_and_dump_load_is_lossless_and_replay_is_exact(players):
    rng = random.Random(players)
    seed, options = f"r{players}", {"board": "random"}
    state = GAME.new(players, seed, options)
    log = []
    while not GAME.status(state).over:
        before = dumped(state)
        loaded = GAME.load(json.loads(before))
        assert dumped(loaded) == before
        assert view(loaded, 0) == view(state, 0)
        seat = GAME.status(state).to_act[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        new = GAME.apply(state, action)
        assert dumped(state) == before  # apply never changes its input
        state = new
        log.append(action)
    replay = GAME.new(players, seed, options)
    for action in log:
        replay = GAME.apply(replay, action)
    assert dumped(replay) == dumped(state)


def test_the_seed_decides_layout_deal_and_first_player():
    a, b = GAME.new(4, "same", {}), GAME.new(4, "same", {})
    assert dumped(a) == dumped(b)
    layouts = {tuple(GAME.new(2, f"s{i}", {}).tiles) for i in range(20)}
    assert len(layouts) > 10  # CG3 random: order and faces vary
    assert all(sorted(t[0] for t in tiles) == list("ABCDE") for tiles in layouts)
    assert GAME.new(2, "x", {"board": "standard"}).tiles == ["A1", "B1", "C1", "D1", "E1"]
    firsts = {GAME.new(3, f"f{i}", {}).turn for i in range(30)}
    assert firsts == {0, 1, 2}  # CG3 Decided: the first player is drawn
    state = GAME.new(5, "deal", {})
    assert [len(h) for h in state.hands] == [7] * 5 and len(state.deck) == 105 - 35


def _states(players: int, seed: str):
    """Every state of a random game (sampled every few actions)."""
    rng = random.Random(seed)
    state = GAME.new(players, seed, {})
    n = 0
    while not GAME.status(state).over:
        if n % 3 == 0:
            yield state
        seat = GAME.status(state).to_act[0]
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)))
        n += 1
    yield state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_resample_keeps_every_view_and_deals_the_hidden_afresh(players):
    """CG12: a seat cannot tell the resampled state from the real one; the other hands and the
    draw pile do change; the resampled state is a whole, valid state."""
    rng = random.Random(5)
    changed = 0
    for state in _states(players, f"v{players}"):
        for seat in [None, *range(players)]:
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            cards_conserved(other)
            if seat is not None:
                assert sort_cards(other.hands[seat]) == sort_cards(state.hands[seat])
                assert GAME.legal_actions(other, seat) == GAME.legal_actions(state, seat)
            hidden = [h for s, h in enumerate(state.hands) if s != seat] + [state.deck]
            again = [h for s, h in enumerate(other.hands) if s != seat] + [other.deck]
            changed += hidden != again
    assert changed > 20


def test_after_a_reshuffle_the_draw_pile_is_resampled_from_its_pool():
    """CG10: after a reshuffle, the draw pile holds only cards of the pile it was formed from
    that the seat did not draw itself (public plus own knowledge)."""
    from collections import Counter

    rng = random.Random(1)
    met = 0
    for state in _states(5, "pool"):
        if state.pool is None or not state.deck:
            continue
        met += 1
        for seat in range(5):
            other = GAME.resample(state, seat, rng)
            allowed = Counter(state.pool) - Counter(state.drawn[seat])
            assert not Counter(other.deck) - allowed
    assert met > 3


@pytest.mark.parametrize("players", [2, 4])
def test_a_view_holds_nothing_secret(players):
    """A seat's view names its own hand only; others' hands as sizes; the draw pile as a size.
    Changing what the seat cannot see (another hand, the deck order, the seed) leaves its view
    unchanged; changing its own hand does not."""
    for state in _states(players, f"s{players}"):
        for seat in [None, *range(players)]:
            v = GAME.view(state, seat)
            own = None if seat is None else sort_cards(state.hands[seat])
            assert v["hand"] == own
            assert "deck" not in v and "hands" not in v and "seed" not in v
            assert v["hand_sizes"] == [len(h) for h in state.hands]
            assert v["deck_size"] == len(state.deck)
            twin = state.copy()
            twin.deck = list(reversed(twin.deck))
            twin.seed = "another"
            twin.orders = []
            twin.setup = None
            for s in range(players):
                if s != seat:
                    twin.hands[s] = sorted(twin.hands[s])
                    twin.drawn[s] = []
            assert GAME.view(twin, seat) == v
            dump = json.dumps(v)
            assert "seed" not in dump or state.seed not in dump


def test_timeout_actions_are_legal_and_end_the_turn():
    """CG12: the easiest bot's one action and the end of the turn; discards in a discard."""
    rng = random.Random(3)
    for state in _states(3, "timeout"):
        status = GAME.status(state)
        if status.over:
            assert GAME.timeout_actions(state, 0, rng) == []
            continue
        seat = status.to_act[0]
        actions = GAME.timeout_actions(state, seat, rng)
        assert actions
        after = state
        for action in actions:
            after = GAME.apply(after, action)
        if state.phase == "discard":
            assert actions == [actions[0]] and actions[0]["action"] == "discard"
            assert after.must_discard[seat] == 0
        elif state.actions_left < 3:
            assert actions == [{"seat": seat, "action": "end"}]
        elif after.phase == "actions":  # unless a privateer card called for discards first
            assert actions[-1]["action"] == "end" and after.turn == (seat + 1) % 3


def test_status_of_a_privateer_discard_is_simultaneous():
    from games.cartagena2.scenario import load

    path = Path(__file__).parent / "scenarios" / "public" / "07-privateer-waits-for-discards.json"
    scenario = json.loads(path.read_text())
    state, actions = load(scenario)
    state = GAME.apply(state, actions[0])
    status = GAME.status(state)
    assert status.to_act == (0, 1) and status.simultaneous
    assert GAME.legal_actions(state, 2) == []
    assert {len(a["cards"]) for a in GAME.legal_actions(state, 1)} == {3}
