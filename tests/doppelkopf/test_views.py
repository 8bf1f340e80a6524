"""Hidden information (DK17): the secret parties, the other hands, the losing reservations, the
card points taken and older tricks never reach a seat's view; resample() gives states the seat
cannot tell apart; Status.optional names seats by public knowledge only."""

from __future__ import annotations

import json
import random

from games.doppelkopf import GAME
from games.doppelkopf.cards import sort_cards
from games.doppelkopf.scenario import load
from games.doppelkopf.trumps import card_class
from games.doppelkopf.worlds import voids

from .helpers import play_random_match

HANDS = [
    ["QC", "10H", "QS", "JD", "AD", "KD", "AC", "10C", "KC", "AS", "9S", "AH"],
    ["10H", "QH", "JC", "JS", "10D", "9D", "9C", "KS", "10S", "KH", "9H", "KC"],
    ["QC", "QS", "QD", "JH", "JH", "AD", "AC", "9C", "AS", "10S", "9H", "KH"],
    ["QH", "QD", "JC", "JS", "JD", "10D", "KD", "9D", "10C", "KS", "9S", "AH"],
]
HEALTHY = [{"seat": s, "action": "reserve", "reservation": "healthy"} for s in (0, 1, 2, 3)]


def start(hands, actions=HEALTHY, dealer=3):
    match, _ = load({"players": 4, "setup": {"dealer": dealer, "hands": hands}})
    for action in actions:
        match = GAME.apply(match, action)
    return match


def moved(hands, card, frm, to, back):
    """The hands with `card` moved from seat frm to seat to, and `back` returned."""
    out = [list(h) for h in hands]
    out[frm].remove(card)
    out[to].append(card)
    out[to].remove(back)
    out[frm].append(back)
    return [sort_cards(h) for h in out]


def test_moving_a_queen_of_clubs_between_two_other_seats_changes_no_view():
    """Seat 1 (Kontra) cannot tell who is Re: the queen of clubs of seat 2 moved to seat 3, or
    to seat 0 (who then plays a silent wedding), gives seat 1 the same view and status."""
    real = start(HANDS)
    to_three = start(moved(HANDS, "QC", 2, 3, "QH"))
    to_zero = start(moved(HANDS, "QC", 2, 0, "QS"))
    assert real.deal.contract == to_three.deal.contract == "normal"
    assert to_zero.deal.contract == "silent_wedding"
    assert real.deal.parties != to_three.deal.parties != to_zero.deal.parties
    for state in (to_three, to_zero):
        assert GAME.view(state, 1) == GAME.view(real, 1)
        assert GAME.view(state, None) == GAME.view(real, None)
        assert GAME.status(state) == GAME.status(real)
    # and after a card that shows nothing (seat 0 leads a fehl ace)
    lead = {"seat": 0, "action": "play", "card": "AC"}
    assert GAME.view(GAME.apply(to_three, lead), 1) == GAME.view(GAME.apply(real, lead), 1)


def test_a_seat_knows_its_own_party_and_no_one_elses():
    state = start(HANDS)
    assert GAME.view(state, 0)["party"] == "re"  # DK7.1: from its own queen of clubs
    assert GAME.view(state, 1)["party"] == "kontra"
    assert GAME.view(state, None)["party"] is None
    text = json.dumps(GAME.view(state, 1))
    assert "parties" not in text
    call = GAME.apply(state, {"seat": 2, "action": "announce", "call": "re"})
    assert GAME.view(call, 1)["calls"] == [{"seat": 2, "call": "re", "party": "re"}]  # DK10.2


def test_the_silent_wedding_looks_like_a_normal_game_to_the_others():
    state = start(moved(HANDS, "QC", 2, 0, "QS"))
    assert GAME.view(state, 0)["contract"] == "silent_wedding"
    for seat in (1, 2, 3, None):
        seen = GAME.view(state, seat)
        assert (seen["contract"], seen["solo"], seen["declarer"]) == ("normal", None, None)


def test_losing_reservations_stay_secret():
    """DK5: only the winning reservation is made public."""
    actions = [
        {"seat": 0, "action": "reserve", "reservation": "healthy"},
        {"seat": 1, "action": "reserve", "reservation": "jacks"},
        {"seat": 2, "action": "reserve", "reservation": "queens"},
        {"seat": 3, "action": "reserve", "reservation": "healthy"},
    ]
    state = start(HANDS, actions)
    assert GAME.view(state, 0)["reservations"] == ["healthy", "jacks", "reservation", "healthy"]
    assert GAME.view(state, 2)["reservations"] == ["healthy", "jacks", "queens", "healthy"]
    half = start(HANDS, actions[:2])
    assert GAME.view(half, 3)["reservations"] == ["healthy", "reservation", None, None]


def test_card_points_and_older_tricks_are_never_shown_during_a_deal():
    state = start(HANDS)
    rng = random.Random(3)
    for _ in range(13):  # three tricks and a card
        seat = GAME.status(state).to_act[0]
        plays = [a for a in GAME.legal_actions(state, seat) if a["action"] == "play"]
        state = GAME.apply(state, rng.choice(plays))
    first = state.deal.played[0]
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert "points" not in json.dumps({k: v for k, v in seen.items() if k != "options"})
        assert seen["last_trick"]["cards"] == [
            {"seat": (state.deal.played[-1]["leader"] + i) % 4, "card": c}
            for i, c in enumerate(state.deal.played[-1]["cards"])
        ]
        assert seen["result"] is None and seen["tricks_played"] == 3
        assert first["cards"] != state.deal.played[-1]["cards"]
        assert not any(k in seen for k in ("played", "tricks", "dealt"))


def test_resample_keeps_every_view_and_status_and_redeals_the_unseen_cards():
    rng = random.Random(11)
    changed = 0
    for n in range(12):
        state, _ = play_random_match(
            GAME.new(4, f"rs-{n}", {"deals": 4}), rng, limit=rng.randrange(1, 70)
        )
        for seat in (0, 1, 2, 3, None):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.status(other) == GAME.status(state)
            assert GAME.dump(state) == GAME.dump(GAME.load(GAME.dump(state)))  # unchanged
            if seat is not None:
                assert other.deal.hands[seat] == state.deal.hands[seat]
            # DK9: nobody holds a card of a class it showed out of
            for s, void in enumerate(voids(other.deal)):
                kind = other.deal.order_kind
                assert not {card_class(c, kind) for c in other.deal.hands[s]} & void
            changed += other.deal.hands != state.deal.hands
    assert changed > 20


def test_resample_redraws_the_parties():
    """From seat 1's side the queens of clubs go anywhere among seats 0, 2 and 3."""
    state = start(HANDS)
    rng = random.Random(1)
    seen = {tuple(GAME.resample(state, 1, rng).deal.parties) for _ in range(60)}
    assert len(seen) >= 3
    assert all(p[1] == "kontra" for p in seen)


def test_resample_respects_calls_and_the_wedding():
    called = GAME.apply(start(HANDS), {"seat": 3, "action": "announce", "call": "kontra"})
    rng = random.Random(2)
    for _ in range(20):
        other = GAME.resample(called, 1, rng)
        assert other.deal.parties[3] == "kontra" and "QC" not in other.deal.dealt[3]
    wedding_hands = moved(HANDS, "QC", 2, 0, "QS")
    actions = [{"seat": 0, "action": "reserve", "reservation": "wedding"}, *HEALTHY[1:]]
    wedding = start(wedding_hands, actions)
    for _ in range(20):
        other = GAME.resample(wedding, 2, rng)
        assert other.deal.dealt[0].count("QC") == 2 and other.deal.contract == "wedding"


def test_optional_names_seats_by_public_knowledge():
    """Status.optional: every seat but the one to play may call before the first card (either
    party could), whatever the parties really are."""
    state = start(HANDS)
    assert GAME.status(state).optional == (1, 2, 3)
    legal = {s: [a.get("call") for a in GAME.legal_actions(state, s)] for s in range(4)}
    assert legal[1][0] == "kontra" and legal[2][0] == "re"
    assert "re" in legal[0] and {"seat": 0, "action": "play", "card": "AC"} in (
        GAME.legal_actions(state, 0)
    )
    # after two cards each, without calls nobody can call: no seat is named
    rng = random.Random(4)
    for _ in range(8):
        seat = GAME.status(state).to_act[0]
        plays = [a for a in GAME.legal_actions(state, seat) if a["action"] == "play"]
        state = GAME.apply(state, rng.choice(plays))
    assert GAME.status(state).optional == ()
    assert all(a["action"] == "play" for s in range(4) for a in GAME.legal_actions(state, s))
