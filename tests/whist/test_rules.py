"""The rules of WHIST.md, section by section, through the game protocol (GAME)."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction, MalformedAction
from games.core.rng import shuffled
from games.whist import GAME
from games.whist.cards import DECK, cut_order, sort_cards
from games.whist.engine import cut, timeout_card, trick_winner
from games.whist.game import next_rubber_options, next_rubber_seats
from games.whist.scoring import deal_points, game_value, honours_held

from .helpers import cards_in, play_random_rubber, position

ACE_LOW = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def play(state, seat, card):
    return GAME.apply(state, {"seat": seat, "action": "play", "card": card})


# --- WH1 partnerships ---------------------------------------------------------------------------


def test_wh1_partners_sit_opposite():
    assert GAME.teams(4, {}) == [[0, 2], [1, 3]]
    assert GAME.player_counts == (4,)
    with pytest.raises(ValueError):
        GAME.new(3, "s", {})


# --- WH2 cards ----------------------------------------------------------------------------------


def test_wh2_notation_and_sort_order():
    assert len(DECK) == 52 == len(set(DECK))
    assert DECK[:3] == ("2C", "3C", "4C") and DECK[-1] == "AS" and "10D" in DECK
    assert sort_cards(["AS", "2C", "10H", "JH", "KD"]) == ["2C", "KD", "10H", "JH", "AS"]


# --- WH3 the cut ----------------------------------------------------------------------------------


def test_wh3_cut_ace_is_lowest_then_suits_in_order():
    assert cut_order("AS") < cut_order("2C") < cut_order("2D") < cut_order("3C")
    assert cut_order("AC") < cut_order("AD") < cut_order("AH") < cut_order("AS")
    assert max(DECK, key=cut_order) == "KS"


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e", "f"])
def test_wh3_cut_assigns_seats_from_the_seeded_draw(seed):
    draw, first_dealer = cut(seed, for_seats=True)
    assert draw["cards"] == shuffled(DECK, seed, "cut")[:4]  # lobby place p draws card p
    ranked = sorted(
        range(4),
        key=lambda p: (
            ACE_LOW.index(draw["cards"][p][:-1]),
            "CDHS".index(draw["cards"][p][-1]),
        ),
    )
    # lowest: seat 0 and first dealer; second lowest: partner opposite; third: seat 1
    assert [draw["seats"][p] for p in ranked] == [0, 2, 1, 3]
    assert first_dealer == 0
    kept, dealer = cut(seed, for_seats=False)
    assert kept["seats"] == [0, 1, 2, 3] and dealer == ranked[0]


def test_wh3_new_match_deals_from_the_cut_or_the_given_first_dealer():
    state = GAME.new(4, "seed-1", {})
    assert state.deal.dealer == 0 and state.first_dealer == 0 and state.cut is not None
    state = GAME.new(4, "seed-1", {"cut": False})
    assert state.deal.dealer == cut("seed-1", False)[1]
    state = GAME.new(4, "seed-1", {"first_dealer": 2})
    assert state.cut is None and state.deal.dealer == 2 and state.deal.leader == 3


# --- WH4 the deal and trumps --------------------------------------------------------------------


def test_wh4_deal_one_at_a_time_from_the_eldest_hand_dealer_turns_up_his_last_card():
    state = GAME.new(4, "deal-test", {"first_dealer": 1})
    pack = shuffled(DECK, "deal-test", "deal-1")
    deal = state.deal
    assert deal.hands[2] == pack[0::4] and deal.hands[1] == pack[3::4]
    assert all(len(h) == 13 for h in deal.hands)
    assert deal.trump_card == pack[-1] and pack[-1] in deal.hands[1]
    assert deal.trump == pack[-1][-1]
    assert deal.leader == 2 and GAME.status(state).to_act == (2,)


def test_wh4_turned_up_card_is_seen_by_all_until_the_dealer_plays_it():
    hands = [["2C", "3D"], ["4C", "5D"], ["6C", "7D"], ["8C", "KS"]]
    state = position(hands, leader=0, dealer=3, trump="S", trump_card="KS")
    for seat in (None, 0, 1, 2, 3):
        assert GAME.view(state, seat)["turned_up"] == "KS"
    state = position(hands, 0, "S", 3, ["2C", "4C", "6C", "8C"], trump_card="KS")
    assert state.deal.leader == 3 and GAME.view(state, 1)["turned_up"] == "KS"
    state = play(state, 3, "KS")
    assert GAME.view(state, 0)["turned_up"] is None


def test_wh4_the_deal_passes_to_the_left_and_the_server_deals():
    rng = random.Random(4)
    state = GAME.new(4, "rotation", {"trump": "fixed_no_trump"})
    dealers, trumps = [], []
    while not GAME.status(state).over:
        status = GAME.status(state)
        if status.server_step:
            assert status.server_step == {"seat": (state.deal.dealer + 1) % 4, "action": "deal"}
            assert GAME.legal_actions(state, status.server_step["seat"]) == [status.server_step]
            with pytest.raises(IllegalAction) as e:
                GAME.apply(state, {"seat": state.deal.dealer, "action": "deal"})
            assert e.value.code == "not_your_turn"
            state = GAME.apply(state, status.server_step)
            continue
        if not dealers or dealers[-1] != (state.deal.dealer, state.deal.round):
            dealers.append((state.deal.dealer, state.deal.round))
            trumps.append(state.deal.trump)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, status.to_act[0])))
    assert [d for d, _ in dealers] == [(dealers[0][0] + i) % 4 for i in range(len(dealers))]
    assert [r for _, r in dealers] == list(range(1, len(dealers) + 1))
    expected = ["H", "C", "D", "S", None] * 10
    assert trumps == expected[: len(trumps)]  # WH4 Decided: counted from the rubber's start


def test_wh4_fixed_order_and_second_pack():
    state = GAME.new(4, "x", {"trump": "fixed"})
    assert state.deal.trump == "H" and state.deal.trump_card is None
    state = GAME.new(4, "x", {"trump": "second_pack"})
    drawn = shuffled(DECK, "x", "second-pack-1")[0]
    assert state.deal.trump_card == drawn and state.deal.trump == drawn[-1]
    view = GAME.view(state, 1)
    assert view["second_pack_card"] == drawn and view["turned_up"] is None


# --- WH5 tricks ---------------------------------------------------------------------------------


def test_wh5_must_follow_suit_but_may_ruff_or_discard_when_void():
    hands = [["AH", "3C"], ["5H", "2S"], ["4C", "6D"], ["7H", "9C"]]
    state = position(hands, leader=0, plays=["AH"])
    assert [a["card"] for a in GAME.legal_actions(state, 1)] == ["5H"]
    with pytest.raises(IllegalAction) as e:
        play(state, 1, "2S")
    assert (e.value.code, e.value.rule, e.value.params) == (
        "must_follow_suit",
        "WH5",
        {"suit": "H"},
    )
    state = play(state, 1, "5H")
    assert [a["card"] for a in GAME.legal_actions(state, 2)] == ["4C", "6D"]


def test_wh5_highest_trump_wins_else_highest_of_the_suit_led():
    assert trick_winner(0, ["AH", "5H", "4C", "2S"], "S") == 3
    assert trick_winner(1, ["2D", "AS", "3D", "KD"], None) == 0  # no trump: KD (seat 0)
    assert trick_winner(2, ["2D", "AC", "3D", "10D"], "H") == 1  # 10D by seat 1
    assert trick_winner(0, ["2S", "AH", "3S", "KS"], "H") == 1


def test_wh5_the_winner_leads_the_next_trick_and_takes_it_for_the_team():
    hands = [["AH", "3C"], ["5H", "2S"], ["4C", "6D"], ["7H", "9C"]]
    state = position(hands, 0, "S", plays=["AH", "5H", "4C", "7H"])
    assert state.deal.leader == 0 and state.deal.tricks == [12, 0]
    state = position(hands, 0, "C", plays=["AH", "5H", "4C", "7H"])
    assert state.deal.leader == 2 and GAME.status(state).to_act == (2,)


@pytest.mark.parametrize(
    "action, code",
    [
        ({"seat": 1, "action": "play", "card": "AH"}, "not_your_turn"),
        ({"seat": 0, "action": "play", "card": "KD"}, "card_not_held"),
        ({"seat": 0, "action": "deal"}, "not_now"),
    ],
)
def test_wh5_illegal_actions_have_codes(action, code):
    state = position([["AH"], ["5H"], ["4C"], ["7H"]], leader=0)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, action)
    assert e.value.code == code


@pytest.mark.parametrize(
    "action",
    [
        "AH",
        {"seat": "0", "action": "play", "card": "AH"},
        {"seat": 0, "action": "bid"},
        {"seat": 0, "action": "play", "card": "1H"},
        {"seat": True, "action": "play", "card": "AH"},
    ],
)
def test_malformed_actions(action):
    state = position([["AH"], ["5H"], ["4C"], ["7H"]], leader=0)
    with pytest.raises(MalformedAction):
        GAME.apply(state, action)


# --- WH6-WH9 scoring ----------------------------------------------------------------------------


def test_wh6_book_and_odd_tricks():
    assert deal_points([7, 6], [2, 2], [0, 0], "short") == ([1, 0], [0, 0], None)
    assert deal_points([2, 11], [2, 2], [0, 0], "long") == ([0, 5], [0, 0], None)
    assert deal_points([6, 7], [2, 2], [0, 0], "american") == ([0, 1], [0, 0], None)


def test_wh7_honours_values_and_they_never_win_a_game():
    assert deal_points([7, 6], [3, 1], [0, 0], "short") == ([1, 0], [2, 0], None)
    assert deal_points([6, 7], [4, 0], [0, 0], "short") == ([0, 1], [4, 0], None)
    assert deal_points([6, 7], [5, 0], [0, 0], "long") == ([0, 1], [6, 0], None)
    assert deal_points([6, 7], [3, 2], [7, 0], "long") == ([0, 1], [2, 0], None)
    assert deal_points([6, 7], [3, 2], [8, 0], "long") == ([0, 1], [0, 0], None)  # 8 + 2 = 10
    assert deal_points([7, 6], [3, 1], [3, 0], "short") == ([1, 0], [0, 0], None)
    assert deal_points([6, 7], [4, 0], [0, 4], "short") == ([0, 1], [0, 0], 1)  # game by tricks


def test_wh7_honours_are_counted_from_the_hands_as_dealt():
    hands = [["AS", "KS", "2C"], ["QS", "3C"], ["JS", "10S"], ["4C"]]
    assert honours_held(hands, "S", "short") == [3, 1]
    assert honours_held(hands, "S", "long") == [4, 1]
    assert honours_held(hands, "S", "american") == [0, 0]
    assert honours_held(hands, None, "long") == [0, 0]


@pytest.mark.parametrize(
    "loser, target, value",
    [
        (0, 5, 3),
        (1, 5, 2),
        (2, 5, 2),
        (3, 5, 1),
        (4, 5, 1),
        (0, 10, 3),
        (4, 10, 2),
        (5, 10, 1),
        (9, 10, 1),
        (3, 7, 2),
        (4, 7, 1),
        (6, 7, 1),
    ],
)
def test_wh9_treble_double_single(loser, target, value):
    assert game_value(loser, target) == value


def test_wh8_wh9_a_rubber_is_two_games_and_the_winners_rank_first():
    for seed in ("r1", "r2", "r3"):
        state, _ = play_random_rubber(GAME.new(4, seed, {}), random.Random(seed))
        status = GAME.status(state)
        w = state.winner
        assert state.games_won[w] == 2 and state.games_won[1 - w] <= 1
        assert len(state.completed_games) == sum(state.games_won)
        assert [g["winner"] for g in state.completed_games].count(w) == 2
        assert status.over and status.to_act == () and status.server_step is None
        assert status.ranking == tuple(1 if s % 2 == w else 2 for s in range(4))
        points = state.rubber_points()
        assert points[w] == state.game_points[w] + 2
        assert status.scores == tuple(points[s % 2] for s in range(4))
        assert state.rubber_value() == points[w] - points[1 - w] > 0
        with pytest.raises(IllegalAction) as e:
            GAME.apply(state, {"seat": 0, "action": "play", "card": "AS"})
        assert e.value.code == "rubber_over"


# --- WH10 after the rubber ----------------------------------------------------------------------


def _finished(options: dict, seed: str = "wh10"):
    state, _ = play_random_rubber(GAME.new(4, seed, options), random.Random(1))
    return state


def test_wh10_return_rubber_same_seats_next_dealer():
    state = _finished({"first_dealer": 2})
    assert state.next_rubber() == {"dealer": 3, "swap": []}
    assert next_rubber_seats(state) == [0, 1, 2, 3]
    options = next_rubber_options(state)
    assert options["first_dealer"] == 3 and options["cut"] is False
    assert GAME.new(4, "next", options).deal.dealer == 3


def test_wh10_change_partners_three_rubbers_pair_everyone_once():
    players = ["ann", "bob", "cy", "di"]  # by seat
    first_dealer = 0
    partners = set()
    for rubber in range(3):
        partners |= {frozenset((players[0], players[2])), frozenset((players[1], players[3]))}
        state = _finished(
            {"after_rubber": "change_partners", "first_dealer": first_dealer}, f"cp{rubber}"
        )
        f = state.first_dealer
        assert state.next_rubber()["swap"] == sorted([(f + 2) % 4, (f + 3) % 4])
        seats = next_rubber_seats(state)
        moved = [None] * 4
        for seat, player in enumerate(players):
            moved[seats[seat]] = player
        assert moved[f] == players[f] and moved[(f + 1) % 4] == players[(f + 1) % 4]
        players = moved
        first_dealer = next_rubber_options(state)["first_dealer"]
        assert first_dealer == (f + 1) % 4
    assert len(partners) == 6  # every pair of the four players were partners once


# --- WH12 online play ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands, plays, expected",
    [
        (
            [["9H", "3H", "2S"], ["4D", "5D", "6D"], ["7D", "8D", "9D"], ["10D", "JD", "QD"]],
            [],
            "3H",
        ),  # leading: the lowest non-trump
        (
            [["AS", "2S", "3S"], ["4D", "5D", "6D"], ["7D", "8D", "9D"], ["10D", "JD", "QD"]],
            [],
            "2S",
        ),  # only trumps: the lowest trump
        (
            [["4D", "5D", "6D"], ["9H", "3C", "2S"], ["7D", "8D", "9D"], ["10D", "JD", "QD"]],
            ["6D"],
            "3C",
        ),  # void: the lowest non-trump (3C and 9H are not trumps; 2S is)
        (
            [["4D", "5D", "6D"], ["KD", "3D", "2C"], ["7D", "8D", "9D"], ["10D", "JD", "QD"]],
            ["6D"],
            "3D",
        ),  # can follow: the lowest of the suit led
        (
            [["4D", "5D", "6D"], ["3H", "3C", "9S"], ["7D", "8D", "9D"], ["10D", "JD", "QD"]],
            ["6D"],
            "3C",
        ),  # equal ranks: clubs before hearts
    ],
)
def test_wh12_timeout_plays_the_rules_files_card(hands, plays, expected):
    state = position(hands, leader=0, trump="S", plays=plays)
    seat = state.deal.to_move
    assert timeout_card(state.deal, seat) == expected
    actions = GAME.timeout_actions(state, seat, random.Random(0))
    assert actions == [{"seat": seat, "action": "play", "card": expected}]
    assert GAME.timeout_actions(state, (seat + 1) % 4, random.Random(0)) == []


def test_wh12_view_shows_own_hand_trick_and_last_trick_never_other_hands():
    hands = [["AH", "3C", "KD"], ["5H", "2S", "QD"], ["4C", "6D", "JC"], ["7H", "9C", "2D"]]
    state = position(hands, 0, "S", plays=["AH", "5H", "4C", "7H"])
    view = GAME.view(state, 1)
    assert view["hand"] == ["QD", "2S"] and view["hand_sizes"] == [2, 2, 2, 2]
    assert view["last_trick"]["winner"] == 0 and view["played"] == [view["last_trick"]]
    others = {"3C", "KD", "6D", "JC", "9C", "2D"}
    assert not cards_in(view) & others
    state = play(state, 0, "KD")
    view = GAME.view(state, 1)
    assert view["last_trick"] is None  # WH12 Decided: until the next card is led
    assert view["trick"] == [{"seat": 0, "card": "KD"}]
    assert view["legal"] == ["QD"]
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and not cards_in(spectator) & (others | {"QD", "2S"}) - {"KD"}


def test_wh7_wh12_all_hands_as_dealt_shown_once_the_deal_is_scored():
    hands = [["AH"], ["5H"], ["4C"], ["7H"]]
    state = position(hands, 0, "S", plays=["AH", "5H", "4C"])
    assert GAME.view(state, 0)["dealt"] is None
    state = play(state, 3, "7H")
    assert GAME.view(state, None)["dealt"] == hands
    assert GAME.status(state).round_over


def test_apply_never_changes_its_input():
    state = GAME.new(4, "immutable", {})
    before = GAME.dump(state)
    seat = state.deal.to_move
    GAME.apply(state, GAME.legal_actions(state, seat)[0])
    assert GAME.dump(state) == before


def test_a_view_shares_nothing_with_the_state():
    state = position([["AH"], ["5H"], ["4C"], ["7H"]], 0, "S", plays=["AH", "5H", "4C", "7H"])
    before = GAME.dump(state)
    view = GAME.view(state, 0)
    view["result"]["tricks"][0] = 99
    view["score"]["sheet"][0]["odd_tricks"].append(5)
    view["played"][0]["cards"].clear()
    assert GAME.dump(state) == before
