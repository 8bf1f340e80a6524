"""Unit tests of single rules, each citing its section of RULES.md."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.korsaren import (
    ALL_CARDS,
    ANNULLED,
    DISCARD,
    DRAW,
    SCORED,
    Attach,
    Deal,
    Draw,
    IllegalAction,
    MalformedAction,
    SetSail,
    apply,
    default_laydown,
    from_deal,
    lay_down,
    laydown_options,
    legal_actions,
    new_match,
    seats_to_act,
    seed_hash,
    to_json,
    view,
)
from games.korsaren.shuffle import first_dealer, shuffled_deck

from .helpers import cards_in, play_random_match, random_step

# The rulebook's figure 2 (R5): the closer's twelve cards after discarding yellow 6.
FIG2 = ["blue-4", "blue-6", "blue-11", "orange-1", "orange-2", "orange-7", "orange-8",
        "violet-3", "violet-10", "violet-2", "grey-2", "green-1"]  # fmt: skip


def deal_fig2():
    """Scenario 01's deal: seat 0 holds figure 2's cards, the pier colour is blue."""
    hands = [
        FIG2,
        ["orange-9", "violet-9", *(f"red-{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11))],
    ]
    pier = ["blue-1", "pink-10", "brown-3", "orange-10", "blue-10", "grey-5", "grey-1"]
    used = {c for h in hands for c in h} | set(pier) | {"pink-5"}
    stock = ["yellow-6"] + [c for c in ALL_CARDS if c not in used and c != "yellow-6"]
    return from_deal(2, 1, hands, pier, ["pink-5"], stock)


# --- R1, R2, R3: cards, seeded deal ----------------------------------------------------------


def test_r1_there_are_110_distinct_cards():
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 110


@pytest.mark.parametrize("players, pier", [(2, 7), (3, 8), (4, 9)])
def test_r3_deal_sizes_and_first_player(players, pier):
    state = new_match(players, "some seed")
    r = state.round
    assert [len(h) for h in r.hands] == [12] * players
    assert len(r.pier) == pier and len(r.discard) == 1
    assert len(r.stock) == 110 - 12 * players - pier - 1
    assert r.to_move == (r.dealer + 1) % players
    assert r.dealer == first_dealer("some seed", players)  # R2: drawn from the seed


def test_r2_same_seed_same_deal_other_seed_other_deal():
    assert to_json(new_match(3, "abc")) == to_json(new_match(3, "abc"))
    assert new_match(3, "abc").round.hands != new_match(3, "abd").round.hands


def test_r2_first_dealer_is_spread_over_the_seats():
    dealers = {first_dealer(str(i), 4) for i in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_deal_is_verifiable_from_the_published_seed():
    """Anyone holding the revealed seed can rebuild a deal with the documented procedure."""
    seed = "c0ffee"
    state = new_match(2, seed)
    deck = shuffled_deck(seed, 1)
    r = state.round
    assert r.hands == [deck[:12], deck[12:24]]
    assert r.pier == deck[24:31] and r.discard == deck[31:32] and r.stock == deck[32:]
    assert seed_hash(seed) == hashlib.sha256(b"c0ffee").hexdigest()


def test_deals_stay_byte_for_byte_what_stored_matches_were_dealt():
    """Pinned from the engine before the shared streams (games/core/rng.py) took over: every
    stored match must still verify, so the labels and the procedure never change."""
    deck = shuffled_deck("c0ffee", 3, frozenset(["red-1", "blue-7"]))
    assert deck[:6] == ["blue-3", "yellow-5", "black-7", "black-1", "black-4", "red-7"]
    assert hashlib.sha256(",".join(deck).encode()).hexdigest()[:16] == "2e56dcf9d5ea63a0"
    assert [first_dealer("c0ffee", n) for n in (2, 3, 4)] == [1, 1, 3]


def test_r2_r8_penalty_cards_leave_the_deck_and_the_deal_rotates():
    rng = random.Random(7)
    state = new_match(3, "rotate")
    while state.round.phase != SCORED or not any(state.penalties()):
        state = apply(state, random_step(state, rng))
    assert not state.match_over
    penalty = {c for cards in state.penalty_cards for c in cards}
    dealer = state.round.dealer
    nxt = apply(state, Deal((dealer + 1) % 3))
    dealt = set(c for h in nxt.round.hands for c in h) | set(nxt.round.pier)
    dealt |= set(nxt.round.discard) | set(nxt.round.stock)
    assert dealt == set(ALL_CARDS) - penalty
    assert nxt.round.dealer == (dealer + 1) % 3 and nxt.round.number == state.round.number + 1


def test_only_the_next_dealer_deals_and_only_between_rounds():
    state = new_match(2, "x")
    with pytest.raises(IllegalAction):
        apply(state, Deal(state.round.to_move))


# --- R4: a turn --------------------------------------------------------------------------------


def test_r4_draw_then_discard_passes_the_turn():
    state = deal_fig2()
    assert seats_to_act(state) == [0] and state.round.phase == DRAW
    state = apply(state, {"seat": 0, "action": "draw", "from": "discard"})
    assert state.round.phase == DISCARD and "pink-5" in state.round.hands[0]
    state = apply(state, {"seat": 0, "action": "discard", "card": "pink-5"})  # the card just drawn
    assert state.round.discard == ["pink-5"] and state.round.to_move == 1


def test_r4_the_last_pier_card_annuls_and_nothing_scores():
    state = from_deal(2, 0, [FIG2, [f"red-{n}" for n in range(1, 12)] + ["pink-1"]],
                      ["grey-9"], ["pink-5"], ["yellow-1"], [3, 4])  # fmt: skip
    state = apply(state, Draw(1, "pier"))
    assert state.round.phase == ANNULLED and state.round.to_move is None
    assert state.penalties() == [3, 4] and not state.match_over
    assert seats_to_act(state) == [1]  # the next dealer deals the next round
    assert legal_actions(state, 1) == [Deal(1)] and legal_actions(state, 0) == []


def test_r4_last_stock_card_forces_sail():
    state = from_deal(2, 0, [FIG2, [f"red-{n}" for n in range(1, 12)] + ["pink-1"]],
                      ["grey-9", "grey-8"], ["pink-5"], ["yellow-1"])  # fmt: skip
    state = apply(state, Draw(1, "stock"))
    assert state.round.must_sail
    actions = legal_actions(state, 1)
    assert actions and all(isinstance(a, SetSail) for a in actions)
    with pytest.raises(IllegalAction, match="R4"):
        apply(state, {"seat": 1, "action": "discard", "card": "yellow-1"})


# --- R5: setting sail --------------------------------------------------------------------------


def test_r5_figure_2():
    ld = lay_down(FIG2, "blue", ["orange", "violet"])
    assert ld.prisoners == ("blue-4", "blue-6", "blue-11")
    assert ld.crew == ("orange-1", "orange-2", "orange-7", "orange-8", "violet-3", "violet-10")
    assert sorted(ld.stowaways) == ["green-1", "grey-2", "violet-2"]
    assert ld.limit == 5


def test_r5_default_is_the_lowest_limit():
    best = default_laydown(FIG2, "blue")
    assert best.limit == 5 and set(best.crew_colours) == {"orange", "violet"}
    options = laydown_options(FIG2, "blue")
    assert len(options) == 46  # no crew, 9 single colours, 36 pairs; never the pier colour
    assert [o.limit for o in options] == sorted(o.limit for o in options)


def test_r5_ties_broken_by_fewer_stowaways_then_fewer_attachable_cards():
    hand = ["red-1", "red-2", "red-3", "orange-6", "yellow-3", "yellow-2", "yellow-1",
            "blue-1", "blue-2", "blue-3", "blue-4", "blue-5"]  # fmt: skip
    # Pier blue: the blue cards are prisoners. Crew red+orange leaves yellow 1 2 3 and crew
    # orange+yellow leaves red 1 2 3: limit 6 and three cards each, and 14 attachable cards each
    # (numbers 4 5 7-11 of both colours), so the listed order decides, deterministically.
    options = laydown_options(hand, "blue")
    assert options[0].limit == 6 and len(options[0].stowaways) == 3
    # Crew red+yellow leaves orange 6 and the duplicate numbers 1 2 3: limit 12, four cards.
    red_yellow = next(o for o in options if o.crew_colours == ("red", "yellow"))
    assert red_yellow.limit == 12 and options.index(red_yellow) > 0


def test_r5_a_worse_crew_is_legal_and_the_pier_colour_never_is():
    state = deal_fig2()
    state = apply(state, Draw(0, "stock"))
    worse = apply(state, SetSail(0, "yellow-6", ("green",)))
    assert worse.round.laydowns[0].limit > 5
    with pytest.raises(IllegalAction, match="R5"):
        apply(state, SetSail(0, "yellow-6", ("blue",)))
    with pytest.raises(IllegalAction, match="R5"):
        apply(state, {"seat": 0, "action": "sail", "card": "yellow-6", "crew": ["red", "red"]})


# --- R6: attaching -----------------------------------------------------------------------------


def sailed_fig2():
    state = apply(deal_fig2(), Draw(0, "stock"))
    return apply(state, SetSail(0, "yellow-6", ("orange", "violet")))


def test_r6_attachable_cards_and_defaults():
    state = sailed_fig2()
    closer = state.round.laydowns[0]
    hand = state.round.hands[1]
    options = laydown_options(hand, "blue", closer)
    best = options[0]
    # R6 default: a sweep when one exists. Attaching violet 9 (the closer's crew has no 9) and
    # taking a red crew with orange 9 as its 9 leaves no stowaway at all.
    assert best.attached == ("violet-9",) and set(best.crew_colours) == {"red", "orange"}
    assert best.limit == 0 and best.stowaways == ()
    # Scenario 01's choice (attach orange 9, red crew) is legal and leaves violet 9: limit 9.
    assert lay_down(hand, "blue", ["red"], ["orange-9"], closer).limit == 9
    with pytest.raises(IllegalAction, match="R6"):
        lay_down(hand, "blue", ["red"], ["violet-9", "orange-9"], closer)  # two 9s


def test_r6_one_colour_crew_takes_only_that_colour():
    closer = lay_down(
        ["orange-1", "grey-2"] + [f"blue-{n}" for n in range(1, 11)], "blue", ["orange"]
    )
    with pytest.raises(IllegalAction, match="R6"):
        lay_down(
            ["grey-3"] + [f"red-{n}" for n in range(1, 12)], "blue", ["red"], ["grey-3"], closer
        )


def test_r6_default_prefers_a_sweep_then_sinking():
    closer = lay_down([f"red-{n}" for n in range(1, 11)] + ["green-1", "green-2"], "blue", ["red"])
    assert closer.limit == 3
    hand = ["red-11"] + [f"orange-{n}" for n in range(1, 12)]
    assert default_laydown(hand, "blue", closer).limit == 0  # attach red 11, orange crew: sweep
    hand = [f"orange-{n}" for n in range(1, 11)] + ["grey-1", "grey-2"]
    ld = default_laydown(hand, "blue", closer)
    assert ld.limit == 3  # sinks the closer (3 <= 3)


def test_r6_opponents_lay_down_in_any_order_and_hidden_until_scored():
    state = from_deal(
        3, 2,
        [[f"red-{n}" for n in range(1, 12)] + ["blue-1"],
         [f"orange-{n}" for n in range(1, 12)] + ["grey-1"],
         [f"green-{n}" for n in range(1, 12)] + ["grey-2"]],
        ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "blue-7", "blue-8", "blue-9"],
        ["pink-1"], ["pink-2", "pink-3"],
    )  # fmt: skip
    state = apply(state, Draw(0, "stock"))
    state = apply(state, SetSail(0, "pink-2", ("red",)))
    assert sorted(seats_to_act(state)) == [1, 2]
    state = apply(state, Attach(2, (), ("green",)))
    # Seat 1 sees the closer's lay-down but not seat 2's, nor its cards.
    v1 = view(state, 1)
    assert v1["laydowns"][0] is not None and v1["laydowns"][2] is None
    assert "grey-2" not in cards_in(v1) and "green-5" not in cards_in(v1)
    assert v1["laid_down"] == [True, False, True]
    state = apply(state, Attach(1, (), ("orange",)))
    assert state.round.phase == SCORED
    assert all(ld is not None for ld in view(state, None)["laydowns"])  # R10: public now


# --- R7, R8, R9 over whole matches ---------------------------------------------------------


def test_matches_end_with_a_ranking_that_follows_penalty_cards():
    for n in (2, 3, 4):
        final, _ = play_random_match(new_match(n, f"rank-{n}"), random.Random(n))
        p = final.penalties()
        for a in range(n):
            for b in range(n):
                if a not in final.winners and b not in final.winners and p[a] < p[b]:
                    assert final.ranking[a] < final.ranking[b]
                if p[a] == p[b] and (a in final.winners) == (b in final.winners):
                    assert final.ranking[a] == final.ranking[b]  # ties share a rank
        assert all(final.ranking[w] == 1 for w in final.winners)
        with pytest.raises(IllegalAction, match="R8"):
            apply(final, Deal(0))


# --- Errors and views ---------------------------------------------------------------------


def test_illegal_and_malformed_actions_leave_the_state_unchanged():
    state = deal_fig2()
    before = to_json(state)
    for bad in (
        {"seat": 1, "action": "draw", "from": "stock"},
        {"seat": 0, "action": "discard", "card": "blue-4"},
        {"seat": 7, "action": "draw", "from": "stock"},
    ):
        with pytest.raises(IllegalAction):
            apply(state, bad)
    for bad in ({"seat": 0, "action": "draw", "from": "sea"}, {"action": "draw"}, [], "draw"):
        with pytest.raises(MalformedAction):
            apply(state, bad)
    assert to_json(state) == before


def test_view_shows_own_hand_counts_and_keeps_stock_draws_private():
    state = apply(deal_fig2(), Draw(0, "stock"))
    mine, theirs, public = view(state, 0), view(state, 1), view(state, None)
    assert mine["hand"] == sorted(mine["hand"], key=ALL_CARDS.index) and "yellow-6" in mine["hand"]
    assert mine["drawn"] == "yellow-6" and mine["log"][-1]["card"] == "yellow-6"
    assert theirs["hand_counts"] == [13, 12] and public["hand"] is None
    for v in (theirs, public):
        assert not cards_in(v) & set(FIG2 + ["yellow-6"])
        assert "card" not in v["log"][-1]
    assert public["stock_count"] == len(state.round.stock)
    json.dumps(public)  # views are plain JSON


def test_pier_and_discard_draws_are_public():
    state = apply(deal_fig2(), Draw(0, "pier"))
    assert view(state, 1)["log"][-1] == {
        "seat": 0,
        "action": "draw",
        "from": "pier",
        "card": "blue-1",
    }
    assert view(state, 1)["pier_colour"] == "pink"
