"""Rule by rule (MM2-MM14): refusals with their codes, interjecting as an optional move, the
timeout's move, the seeded deal and reshuffles, the match, the action limit."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, MalformedAction, Stream, shuffled
from games.maumau import GAME
from games.maumau.cards import pack, points
from games.maumau.engine import MAX_ACTIONS

from .helpers import mid_game

POS = dict(hands=[["QS", "JD", "8C"], ["KD", "8H"], ["10C", "AH"]], discard=["KS"], to_move=0)


def play(seat, card, **extra):
    return {"seat": seat, "action": "play", "card": card, **extra}


@pytest.mark.parametrize(
    "setup, action, code, rule",
    [
        ({}, play(1, "KD"), "not_your_turn", "MM4"),
        ({}, play(0, "AS"), "card_not_held", "MM4"),
        ({}, play(0, "8C"), "no_match", "MM5"),
        ({}, play(0, "QS", wish="H"), "wish_not_jack", "MM6"),
        ({}, play(0, "QS", mau=True), "false_mau", "MM9"),
        ({"discard": ["9S", "JS"], "wish": "C"}, play(0, "JD"), "no_jack_on_jack", "MM5"),
        ({"discard": ["9S", "JS"], "wish": "H"}, play(0, "QS"), "must_follow_wish", "MM6"),
        ({"discard": ["7S"], "pending_draw": 2}, play(0, "QS"), "must_answer_seven", "MM6"),
        ({"stock": []}, {"seat": 0, "action": "draw"}, "must_play", "MM7"),
        ({}, {"seat": 1, "action": "interject", "card": "KS"}, "interject_off", "MM10"),
        ({}, {"seat": 1, "action": "deal"}, "not_now", "MM2"),
    ],
)
def test_refusals_have_a_stable_code_and_rule(setup, action, code, rule):
    state = mid_game(**{**POS, "stock": ["7C"], **setup})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, action)
    assert (refused.value.code, refused.value.rule) == (code, rule)


@pytest.mark.parametrize(
    "action",
    [None, [], {"seat": "0"}, {"seat": 5, "action": "draw"}, {"seat": 0, "action": "pass"},
     play(0, "1S"), play(0, "JD", wish="X"), play(0, "QS", mau="yes")],
)  # fmt: skip
def test_what_is_not_an_action_is_malformed(action):
    with pytest.raises(MalformedAction):
        GAME.apply(mid_game(**{**POS, "stock": ["7C"]}), action)


def interject_table():
    return mid_game(
        [["10D", "KC", "9S"], ["AS", "8C", "KH"], ["QD", "7S", "JC"], ["10S", "AC", "8H"]],
        ["KD", "QD"],
        0,
        stock=["7C", "9C"],
        options={"interject": True},
    )


def test_interjecting_is_an_optional_move_offered_to_every_other_seat():
    """MM10: Status.optional names every seat not to move, twin or not; legal_actions lists
    a seat's interjections only when it holds the twin."""
    state = interject_table()
    status = GAME.status(state)
    assert status.to_act == (0,) and status.optional == (1, 2, 3)
    assert GAME.legal_actions(state, 2) == [{"seat": 2, "action": "interject", "card": "QD"}]
    assert GAME.legal_actions(state, 3) == []
    assert GAME.status(mid_game(**{**POS, "stock": []})).optional == ()


def test_a_race_for_the_moment_the_second_is_refused_and_loses_nothing():
    """MM10: actions apply in the order they arrive; one that is no longer legal is refused."""
    state = interject_table()
    first = GAME.apply(state, {"seat": 2, "action": "interject", "card": "QD"})
    assert first.to_move == 3 and first.log[-1]["skipped"] == [0, 1]  # MM14: named
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(first, play(0, "10D"))  # seat 0 clicked while it was its turn
    assert refused.value.code == "not_your_turn"
    covered = GAME.apply(state, play(0, "10D"))  # the other order: the top changes first
    with pytest.raises(IllegalAction) as late:
        GAME.apply(covered, {"seat": 2, "action": "interject", "card": "QD"})
    assert late.value.code == "stale_interjection"
    assert late.value.params == {"card": "QD", "top": "10D"}
    assert covered.hands[2] == ["QD", "7S", "JC"]  # it keeps its card


def test_an_interjection_on_a_special_card_is_refused():
    state = mid_game([["8H", "KC"], ["8H", "KD"], ["10C"]], ["KH"], 0, stock=["7C"],
                     options={"interject": True})  # fmt: skip
    after = GAME.apply(state, play(0, "8H"))
    assert GAME.legal_actions(after, 1) == []
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(after, {"seat": 1, "action": "interject", "card": "8H"})
    assert refused.value.code == "interject_special"


def test_the_timeout_draws_or_plays_the_first_fitting_card_with_mau_and_wish():
    """MM14 Decided."""
    state = mid_game(**{**POS, "stock": ["7C"]})
    assert GAME.timeout_actions(state, 0, random.Random()) == [{"seat": 0, "action": "draw"}]
    assert GAME.timeout_actions(state, 1, random.Random()) == []
    stuck = mid_game([["JD", "AH", "9H"], ["KD"]], ["8C"], 0)
    assert GAME.timeout_actions(stuck, 0, random.Random()) == [play(0, "JD", wish="H")]
    last = mid_game([["QS", "JD"], ["KD"]], ["KS"], 0)
    want = play(0, "JD", wish="S", mau=True)  # sort order: diamonds before spades
    assert GAME.timeout_actions(last, 0, random.Random()) == [want]
    none = mid_game([["8D", "9D"], ["KD"]], ["KS"], 0)
    [action] = GAME.timeout_actions(none, 0, random.Random())
    assert GAME.apply(none, action).to_move == 1  # a pass


def test_deal_and_reshuffles_come_from_public_seed_labels():
    """MM2/MM3/MM8: anyone with the seed can replay every shuffle."""
    state = GAME.new(3, "verify", {})
    assert state.dealer == Stream("verify", "dealer").below(3)
    cards = shuffled(pack("auto", 3, False), "verify", "round-1")
    for i in range(15):
        assert cards[i] in state.hands[(state.dealer + 1 + i) % 3]
    assert state.discard == [cards[15]] and state.stock == cards[16:]
    rng = random.Random(0)
    while not state.reshuffles:
        before = state
        action = rng.choice(GAME.legal_actions(state, state.to_move))
        state = GAME.apply(state, action)
    pile = before.discard[:-1] if action["action"] == "draw" else before.discard
    order = shuffled(pile, "verify", f"reshuffle-{state.round}-1")
    assert state.stock == order[len(order) - len(state.stock) :] and state.stock


def test_the_match_deals_clockwise_and_counts_wins():
    state = mid_game([["QH"], ["KD", "8H"], ["10C", "AH"]], ["10H"], 0, stock=["7C"])
    state.seed, state.scores = "next", [3, 0, 0]
    state = GAME.apply(state, play(0, "QH"))
    status = GAME.status(state)
    assert status.round_over and not status.over and status.scores == (4, 0, 0)
    assert status.server_step == {"seat": 1, "action": "deal"} and status.to_act == ()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, {"seat": 2, "action": "draw"})
    assert refused.value.code == "game_over"
    dealt = GAME.apply(state, status.server_step)
    assert dealt.dealer == 1 and dealt.round == 2 and GAME.status(dealt).round == 2
    assert all(len(h) == 5 for h in dealt.hands) and dealt.mau_missed == [0, 0, 0]


def test_points_scoring_ranks_the_fewest_first():
    assert points(["2C", "6D", "10H", "QS", "KC", "AD", "7H", "8S", "9C", "JD"]) == (
        2 + 6 + 10 + 10 + 10 + 11 + 15 + 15 + 15 + 20
    )
    state = mid_game([["QH"], ["JS"], ["AD"]], ["10H"], 0, stock=["7C"],
                     options={"scoring": "points", "points_limit": 50})  # fmt: skip
    state.scores = [45, 40, 30]
    over = GAME.apply(state, play(0, "QH"))
    status = GAME.status(over)
    assert status.over and status.scores == (45, 60, 41) and status.ranking == (2, 3, 1)


def test_the_match_stops_at_max_actions_on_its_score_so_far():
    state = GAME.new(2, "limit", {})
    state.actions, state.scores = MAX_ACTIONS - 1, [2, 3]
    after = GAME.apply(state, GAME.legal_actions(state, state.to_move)[0])
    status = GAME.status(after)
    assert status.over and status.round_void and status.ranking == (2, 1)
    assert GAME.legal_actions(after, 0) == GAME.legal_actions(after, 1) == []


def test_packs_and_deal_sizes_follow_the_table():
    """MM2/MM3/MM10."""
    sizes = [
        (2, {}, 32, 7),
        (4, {"hand_size": 6}, 32, 6),
        (5, {}, 52, 5),
        (3, {"deck": "52"}, 52, 5),
        (4, {"interject": True}, 64, 5),
        (7, {"interject": True, "hand_size": 6}, 104, 6),
    ]
    for players, options, cards, size in sizes:
        state = GAME.new(players, "pack", options)
        held = sum(map(len, state.hands)) + len(state.stock) + len(state.discard)
        assert held == cards
        assert all(len(h) == size for h in state.setup["hands"])
    with pytest.raises(ValueError):
        GAME.new(5, "pack", {"deck": "32"})
    with pytest.raises(ValueError):
        GAME.new(8, "pack", {})
