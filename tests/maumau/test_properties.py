"""Property tests over whole random matches: every table size (MM2) and option (MM13)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from games.core import IllegalAction
from games.maumau import GAME
from games.maumau.cards import pack
from games.maumau.state import PLAY

from .helpers import play_random_match

# Small targets keep random matches short; every option is crossed with every table size.
OPTION_SETS = [
    {"target_wins": 1},
    {"target_wins": 2, "interject": True},
    {"target_wins": 1, "play_for_places": True, "hand_size": 6},
    {"scoring": "points", "points_limit": 50, "interject": True, "deck": "52"},
    {"target_wins": 1, "play_for_places": True, "interject": True, "scoring": "points",
     "points_limit": 50},
]  # fmt: skip
CASES = [
    (players, options)
    for players, options in itertools.product(range(2, 8), OPTION_SETS)
    if not (options.get("play_for_places") and options.get("interject") and players > 4)
]  # 5-7 players playing for places with interjecting is long at random: see the last test


def check_state(state) -> None:
    """The whole pack in hands, stock and pile (MM2, MM10); the pile never empty; the player
    to move holds cards; scores add up (MM12)."""
    o = state.options
    cards = [c for h in state.hands for c in h] + state.stock + state.discard
    assert Counter(cards) == Counter(pack(o["deck"], state.players, o["interject"]))
    assert state.discard
    if state.phase == PLAY:
        assert state.hands[state.to_move]
        assert state.pending % 2 == 0 and (state.pending == 0 or state.discard[-1][0] == "7")
        assert len([s for s in range(state.players) if state.hands[s]]) >= 2
    if o["scoring"] == "wins":
        finished = state.round - (state.phase == PLAY or state.void)
        assert sum(state.scores) == finished
        assert max(state.scores) <= o["target_wins"]


@pytest.mark.parametrize("players, options", CASES, ids=[f"{p}-{o}" for p, o in CASES])
def test_random_matches_end_conserve_cards_and_replay(players, options):
    seed = f"prop-{players}-{len(options)}"
    start = GAME.new(players, seed, options)
    rng = random.Random(players)
    final, log, states = play_random_match(start, rng)
    status = GAME.status(final)
    assert status.over and len(log) <= GAME.traits.max_actions
    assert [s for s in range(players) if status.ranking[s] == 1] == final.match_winners
    assert not final.void  # random play ends these matches well before the limit
    for state in states[:: max(1, len(states) // 200)]:
        check_state(state)
    # replaying the log from the seed gives the same state (the record's promise)
    replay = GAME.new(players, seed, options)
    for action in log:
        replay = GAME.apply(replay, action)
    assert GAME.dump(replay) == GAME.dump(final)


def test_apply_never_changes_its_input_and_dump_load_is_lossless():
    rng = random.Random(2)
    cases = [(3, {"interject": True}), (6, {"play_for_places": True, "target_wins": 1})]
    for players, options in cases:
        _, log, states = play_random_match(GAME.new(players, "pure", options), rng)
        for state, action in list(zip(states, log, strict=False))[::7]:
            before = GAME.dump(state)
            loaded = GAME.load(before)
            assert GAME.dump(loaded) == before
            after = GAME.apply(state, action)
            assert GAME.dump(state) == before
            assert GAME.dump(GAME.apply(loaded, action)) == GAME.dump(after)


def test_every_listed_action_applies_and_unlisted_plays_are_refused():
    rng = random.Random(3)
    _, _, states = play_random_match(GAME.new(4, "legal", {"interject": True}), rng)
    for state in states[::11]:
        status = GAME.status(state)
        for seat in range(4):
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                GAME.apply(state, action)
            if state.phase != PLAY:
                continue
            for card in set(state.hands[seat]):
                for verb in ("play", "interject"):
                    action = {"seat": seat, "action": verb, "card": card}
                    mau = len(state.hands[seat]) == 2
                    action.update({"mau": True} if mau else {})
                    if card[0] == "J":
                        action["wish"] = "H"
                    if action not in legal:
                        with pytest.raises(IllegalAction):
                            GAME.apply(state, action)
            assert bool(legal) == (seat in status.to_act or bool(legal and seat in status.optional))


def test_random_play_at_the_longest_settings_ends_within_max_actions():
    """Seven players, the doubled 104-card pack, interjecting and playing for places: the
    longest random games there are."""
    state = GAME.new(7, "long", {"interject": True, "play_for_places": True, "target_wins": 1})
    final, log, _ = play_random_match(state, random.Random(4))
    assert GAME.status(final).over and len(log) <= GAME.traits.max_actions
