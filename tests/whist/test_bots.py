"""The bots: legal cards only, from the view only, the club player's rules, the search's parts."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from games.whist import GAME
from games.whist.bots import LEVEL_NAMES, LEVELS, choose_action, club, hoyle, sparring
from games.whist.bots.cards import SUIT_MASKS, cards_of, mask_of, to_int, to_str
from games.whist.bots.knowledge import read
from games.whist.bots.sim import legal_mask, playout, winning_index
from games.whist.bots.solver import Solver
from games.whist.bots.worlds import sample

from .helpers import position, random_step


def random_positions(count: int, seed: int, trump: str = "turn_up", deal: int = 0) -> list:
    """Positions in play at every stage of deal number `deal`, from random play."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = GAME.new(4, f"pos-{seed}-{len(out)}-{rng.random()}", {"trump": trump})
        while state.deal.number < deal and not state.over:
            state = GAME.apply(state, random_step(state, rng))
        if state.over:
            continue
        for _ in range(rng.randrange(52)):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, state.deal.to_move)))
        out.append(state)
    return out


def test_levels_easiest_first_with_names():
    assert LEVELS == GAME.bots.levels == ("dabbler", "club", "hoyle")
    assert set(LEVEL_NAMES) == set(LEVELS)
    state = GAME.new(4, "x", {})
    with pytest.raises(ValueError):
        choose_action("grandmaster", GAME.view(state, state.deal.to_move), random.Random(1))
    with pytest.raises(ValueError):
        choose_action("club", GAME.view(state, (state.deal.to_move + 1) % 4), random.Random(1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_cards(level):
    for i, state in enumerate(random_positions(12 if level == "hoyle" else 60, 1)):
        seat = state.deal.to_move
        action = GAME.bots.choose(level, GAME.view(state, seat), random.Random(i))
        assert action in GAME.legal_actions(state, seat)


def _hidden_cards_moved(state, rng: random.Random):
    """The same state with the cards of the other three hands shared out anew (same sizes; the
    turned-up card stays with the dealer): every view of `seat` is unchanged."""
    seat = state.deal.to_move
    other = state.copy()
    deal = other.deal
    others = [s for s in range(4) if s != seat]
    fixed = {deal.dealer: deal.trump_card} if deal.trump_card in deal.hands[deal.dealer] else {}
    pool = [c for s in others for c in deal.hands[s] if c != fixed.get(s)]
    rng.shuffle(pool)
    for s in others:
        keep = [fixed[s]] if s in fixed else []
        n = len(deal.hands[s]) - len(keep)
        deal.hands[s] = keep + pool[:n]
        pool = pool[n:]
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_the_view_only(level):
    """Moving the cards a seat cannot see never changes its choice (same random source)."""
    rng = random.Random(5)
    changed = 0
    for i, state in enumerate(random_positions(10 if level == "hoyle" else 40, 2)):
        seat = state.deal.to_move
        other = _hidden_cards_moved(state, rng)
        changed += other.deal.hands != state.deal.hands
        view = GAME.view(state, seat)
        assert GAME.view(other, seat) == view
        first = GAME.bots.choose(level, view, random.Random(i))
        second = GAME.bots.choose(level, GAME.view(other, seat), random.Random(i))
        assert first == second
    assert changed >= 5  # the test did move hidden cards


@pytest.mark.parametrize("trump, deal", [("fixed_no_trump", 4), ("second_pack", 1)])
def test_every_level_plays_legal_cards_with_other_trumps(trump, deal):
    for i, state in enumerate(random_positions(8, 6, trump, deal)):
        assert (state.deal.trump is None) == (trump == "fixed_no_trump")
        seat = state.deal.to_move
        for level in LEVELS:
            action = GAME.bots.choose(level, GAME.view(state, seat), random.Random(i))
            assert action in GAME.legal_actions(state, seat)


def test_hoyle_without_a_clock_repeats_itself():
    for i, state in enumerate(random_positions(6, 3)):
        view = GAME.view(state, state.deal.to_move)
        choices = {GAME.bots.choose("hoyle", view, random.Random(i))["card"] for _ in range(2)}
        assert len(choices) == 1


def test_hoyle_stays_within_its_time_budget():
    ticks = iter(range(10**6))

    def clock() -> float:  # a fake clock: one tick per reading, 0.01 s each
        return next(ticks) * 0.01

    state = GAME.new(4, "budget", {})
    view = GAME.view(state, state.deal.to_move)
    choose_action("hoyle", view, random.Random(1), time_budget=0.05, clock=clock)
    assert 5 <= next(ticks) <= 12  # a few worlds, then the deadline stopped the search


# --- the club player's rules --------------------------------------------------------------------


def club_card(hands, leader, plays, trump="S", **kw):
    state = position(hands, leader, trump, plays=plays, **kw)
    return club.choose(GAME.view(state, state.deal.to_move), random.Random(0))


def test_club_second_hand_low():
    hands = [["5H", "2C", "3C"], ["KH", "2H", "4C"], ["9H", "5C", "6C"], ["7H", "7C", "8C"]]
    assert club_card(hands, 0, ["5H"]) == "2H"


def test_club_third_hand_high_lowest_of_equals():
    hands = [["2H", "2C", "3C"], ["3H", "4C", "5C"], ["KH", "QH", "4H"], ["AH", "7C", "8C"]]
    assert club_card(hands, 0, ["2H", "3H"]) == "QH"


def test_club_fourth_hand_wins_cheaply_and_never_overtakes_its_partner():
    hands = [["9H", "2C", "3C"], ["2H", "4C", "5C"], ["3H", "6C", "7C"], ["AH", "10H", "4H"]]
    assert club_card(hands, 0, ["9H", "2H", "3H"]) == "10H"  # the opponent's 9H: beat it cheaply
    hands = [["KH", "2C", "3C"], ["2H", "4C", "5C"], ["AH", "6C", "7C"], ["QH", "10H", "4H"]]
    assert club_card(hands, 0, ["KH", "2H", "AH"]) == "4H"  # cannot beat the ace: play low
    hands = [["2H", "2C", "3C"], ["9H", "4C", "5C"], ["3H", "6C", "7C"], ["KH", "10H", "4H"]]
    assert club_card(hands, 0, ["2H", "9H", "3H"]) == "4H"  # partner's 9H wins: play low


def test_club_ruffs_what_the_opponents_win_and_discards_on_its_partners_winner():
    hands = [["AH", "2C", "3C"], ["6D", "7D", "2S"], ["3H", "6C", "7C"], ["4H", "8C", "9C"]]
    assert club_card(hands, 2, ["3H", "4H", "AH"]) == "2S"  # seat 0's ace: ruff it
    hands = [["4H", "2C", "3C"], ["6D", "7D", "2S"], ["3H", "6C", "7C"], ["AH", "8C", "9C"]]
    assert club_card(hands, 2, ["3H", "AH", "4H"]) == "6D"  # partner's ace: discard low


def test_club_draws_trumps_when_strong():
    hands = [
        ["AS", "KS", "7S", "6S", "5S", "2H"],
        ["2C", "3C", "4C", "5C", "6C", "7C"],
        ["8C", "9C", "10C", "JC", "QC", "KC"],
        ["2D", "3D", "4D", "5D", "8S", "3H"],
    ]
    assert club_card(hands, 0, []) == "AS"


def test_club_returns_its_partners_suit():
    hands = [["AC", "4C", "2H"], ["2C", "3H", "4H"], ["KC", "6D", "5H"], ["3C", "7H", "8H"]]
    state = position(hands, 2, "S", plays=["KC", "3C", "AC", "2C"])  # seat 0 won partner's lead
    assert state.deal.to_move == 0
    assert club.choose(GAME.view(state, 0), random.Random(0)) == "4C"


# --- the search's parts -------------------------------------------------------------------------


def brute_force(hands, leader, trick, trump, team) -> int:
    """Tricks `team` takes from here with best play on both sides: plain minimax."""
    if len(trick) == 4:
        winner = (leader + winning_index(trick, trump)) % 4
        won = int(winner % 2 == team)
        if not any(hands):
            return won
        return won + brute_force(hands, winner, [], trump, team)
    seat = (leader + len(trick)) % 4
    values = []
    for card in cards_of(legal_mask(hands[seat], trick)):
        h = hands[:]
        h[seat] ^= 1 << card
        values.append(brute_force(h, leader, [*trick, card], trump, team))
    return max(values) if seat % 2 == team else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_plain_minimax(seed):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    n = rng.choice([2, 3])
    hands = [sum(1 << c for c in deck[i * n : (i + 1) * n]) for i in range(4)]
    trump = rng.choice([-1, 0, 1, 2, 3])
    leader = rng.randrange(4)
    trick = []
    for i in range(rng.randrange(3)):  # part of a trick already played
        seat = (leader + i) % 4
        card = cards_of(legal_mask(hands[seat], trick))[0]
        hands[seat] ^= 1 << card
        trick.append(card)
    for team in (0, 1):
        assert Solver(trump, team).value(hands, leader, trick) == brute_force(
            hands, leader, trick, trump, team
        )


def test_playout_takes_all_thirteen_tricks():
    rng = random.Random(2)
    for _ in range(20):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i::4]) for i in range(4)]
        won = playout(hands, rng.randrange(4), [], rng.choice([-1, 0, 1, 2, 3]))
        assert sum(won) == 13 and hands == [0, 0, 0, 0]


def test_sampled_deals_fit_everything_the_seat_has_seen():
    for state in random_positions(30, 4):
        seat = state.deal.to_move
        k = read(GAME.view(state, seat))
        rng = random.Random(1)
        for _ in range(5):
            hands = sample(k, rng)
            assert hands[seat] == k.hand
            assert [h.bit_count() for h in hands] == [len(h) for h in state.deal.hands]
            everything = 0
            for s, h in enumerate(hands):
                assert not everything & h
                everything |= h
                assert h & k.known[s] == k.known[s]
                for suit in range(4):
                    if (k.voids[s] >> suit) & 1:
                        assert not h & SUIT_MASKS[suit]
            assert everything == mask_of(c for h in state.deal.hands for c in h)


def test_knowledge_reads_voids_and_the_turned_up_card():
    hands = [["AH", "3C", "KD"], ["5D", "2S", "QD"], ["4H", "6D", "JC"], ["7H", "9C", "KS"]]
    state = position(hands, 0, "S", plays=["AH", "5D", "4H", "7H"], dealer=3, trump_card="KS")
    k = read(GAME.view(state, 0))
    heart = 2
    assert k.voids[1] == 1 << heart and k.voids[2] == k.voids[3] == 0
    assert k.known[3] == 1 << to_int("KS")
    assert to_str(cards_of(k.hand)[0]) == "3C"


def test_hoyle_cashes_its_winner_before_losing_the_lead():
    """No trump, two tricks left, the rest of the pack played: the ace of diamonds first takes a
    trick; the heart first loses both (the opponents then lead a spade and the ace falls)."""
    hands = [["AD", "2H"], ["KH", "3H"], ["4H", "5C"], ["6H", "QS"]]
    state = position(hands, 0, None, history=True)
    view = GAME.view(state, 0)
    assert hoyle.choose(view, random.Random(1), clock=None) == "AD"
    assert Solver(-1, 0).value([mask_of(h) for h in hands], 0, []) == 1


def test_distinct_cards_treat_touching_cards_as_one():
    hands = [["KH", "QH", "10H"], ["AH", "2C", "3C"], ["JH", "4C", "5C"], ["6C", "7C", "8C"]]
    k = read(GAME.view(position(hands, 0, "S"), 0))
    assert sorted(to_str(c) for c in hoyle.distinct_cards(k)) == ["10H", "KH"]
    k = read(GAME.view(position(hands, 1, "S", plays=["AH"], tricks=[10, 0]), 2))
    assert [to_str(c) for c in hoyle.distinct_cards(k)] == ["JH"]


# --- the sparring partner (GAMES.md 2: written apart from the levels, tournament only) ----------


def sparring_card(hands, leader, plays, trump="S", **kw):
    state = position(hands, leader, trump, plays=plays, **kw)
    return sparring.choose(GAME.view(state, state.deal.to_move))


def test_the_sparring_partner_plays_legal_cards_from_its_view_only():
    rng = random.Random(7)
    for trump, deal in (("turn_up", 0), ("fixed_no_trump", 4)):
        for state in random_positions(40, 8, trump, deal):
            seat = state.deal.to_move
            view = GAME.view(state, seat)
            card = sparring.choose(view)
            assert {"seat": seat, "action": "play", "card": card} in GAME.legal_actions(state, seat)
            assert sparring.choose(GAME.view(_hidden_cards_moved(state, rng), seat)) == card


def test_the_sparring_partner_is_no_level_of_the_site_and_shares_no_bot_code():
    assert "sparring" not in LEVELS and "sparring" not in GAME.bots.levels
    tree = ast.parse(Path(sparring.__file__).read_text())
    imported = {
        (node.level, node.module) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }
    assert imported == {(0, "__future__"), (2, "cards")}  # the engine's notation only (WH2)


def test_sparring_rules_of_thumb():
    # second hand low; but an honour is covered with an honour
    hands = [["5H", "2C", "3C"], ["KH", "2H", "4C"], ["9H", "5C", "6C"], ["7H", "7C", "8C"]]
    assert sparring_card(hands, 0, ["5H"]) == "2H"
    hands = [["QH", "2C", "3C"], ["KH", "2H", "4C"], ["9H", "5C", "6C"], ["7H", "7C", "8C"]]
    assert sparring_card(hands, 0, ["QH"]) == "KH"
    # third hand high, the lowest of equal cards
    hands = [["2H", "2C", "3C"], ["3H", "4C", "5C"], ["KH", "QH", "4H"], ["AH", "7C", "8C"]]
    assert sparring_card(hands, 0, ["2H", "3H"]) == "QH"
    # fourth hand wins as cheaply as it can
    hands = [["9H", "2C", "3C"], ["2H", "4C", "5C"], ["3H", "6C", "7C"], ["AH", "10H", "4H"]]
    assert sparring_card(hands, 0, ["9H", "2H", "3H"]) == "10H"
    # WH5 without the suit led: ruff the opponents' winner, never the partner's
    hands = [["AH", "2C", "3C"], ["6D", "7D", "2S"], ["3H", "6C", "7C"], ["4H", "8C", "9C"]]
    assert sparring_card(hands, 2, ["3H", "4H", "AH"]) == "2S"
    hands = [["4H", "2C", "3C"], ["6D", "7D", "2S"], ["3H", "6C", "7C"], ["AH", "8C", "9C"]]
    assert sparring_card(hands, 2, ["3H", "AH", "4H"]) == "6D"


def test_sparring_leads():
    others = [
        ["2D", "3D", "4D", "5D", "6D", "7D"],
        ["8D", "9D", "10D", "JD", "QD", "KD"],
        ["2S", "3S", "4S", "5S", "6S", "7S"],
    ]
    # the longest suit: fourth best, or the top of a sequence
    assert sparring_card([["KH", "10H", "7H", "5H", "3H", "2C"], *others], 0, []) == "5H"
    assert sparring_card([["KH", "QH", "JH", "5H", "3H", "2C"], *others], 0, []) == "KH"
    # strong in trumps (spades): draw them
    hands = [
        ["AS", "KS", "7S", "6S", "5S", "2H"],
        ["2C", "3C", "4C", "5C", "6C", "7C"],
        ["8C", "9C", "10C", "JC", "QC", "KC"],
        ["2D", "3D", "4D", "5D", "8S", "3H"],
    ]
    assert sparring_card(hands, 0, []) == "AS"
    # return the partner's suit
    hands = [["AC", "4C", "2H"], ["2C", "3H", "4H"], ["KC", "6D", "5H"], ["3C", "7H", "8H"]]
    assert sparring_card(hands, 2, ["KC", "3C", "AC", "2C"]) == "4C"


def test_sparring_counts_cards_and_cashes_its_masters():
    """No trump; the ace and king of diamonds are gone (in earlier tricks), so the queen is the
    master: cashed before the longer, hopeless hearts."""
    hands = [["2H", "3H", "QD"], ["4H", "2C", "3C"], ["5H", "6H", "4C"], ["5C", "6C", "2S"]]
    state = position(hands, 0, None, history=True)
    assert sparring.choose(GAME.view(state, 0)) == "QD"
