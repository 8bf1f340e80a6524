"""Rule by rule: the card order (DK8), following and winning (DK9), the deadlines (DK10), who
wins (DK11), the game value with the worked examples of DK14, the timeout's card (DK17)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from games.doppelkopf.announcements import calls_for
from games.doppelkopf.cards import pack, points
from games.doppelkopf.engine import timeout_card
from games.doppelkopf.reservations import forced_seat
from games.doppelkopf.scoring import score_deal
from games.doppelkopf.state import PLAY, Deal
from games.doppelkopf.trumps import card_class, legal_cards, trumps, winning_index


def test_pack_and_card_points():
    """DK2: 48 cards (40 without nines), 240 card points either way."""
    assert len(pack()) == 48 and len(pack(False)) == 40
    assert sum(map(points, pack())) == sum(map(points, pack(False))) == 240


@pytest.mark.parametrize(
    "kind, expected",
    [
        ("diamonds", "10H QC QS QH QD JC JS JH JD AD 10D KD 9D"),
        ("clubs", "10H QC QS QH QD JC JS JH JD AC 10C KC 9C"),
        ("hearts", "10H QC QS QH QD JC JS JH JD AH KH 9H"),
        ("queens", "QC QS QH QD"),
        ("jacks", "JC JS JH JD"),
        ("fleischlos", ""),
    ],
)
def test_trump_order(kind, expected):
    """DK8's table, highest first."""
    assert " ".join(trumps(kind)) == expected


def test_following_uses_the_class_not_the_printed_suit():
    """DK9: a hearts lead is followed by fehl hearts only; the 10H is a trump; in a queens solo
    the QS follows spades and the 10H is a heart again."""
    hand = ["10H", "QS", "AH", "KS"]
    assert legal_cards(hand, ["9H"], "diamonds") == ["AH"]
    assert legal_cards(hand, ["AS"], "diamonds") == ["KS"]
    assert legal_cards(hand, ["JD"], "diamonds") == ["10H", "QS"]
    assert sorted(legal_cards(hand, ["AS"], "queens")) == ["KS"]
    assert sorted(legal_cards(hand, ["9H"], "queens")) == ["10H", "AH"]
    assert card_class("QS", "queens") == "T" and card_class("JC", "queens") == "C"


def test_the_first_of_two_equal_cards_wins():
    """DK9 (TSR 5.3): also the Dullen; a higher card of another fehl suit never wins."""
    assert winning_index(["10H", "QC", "10H", "9D"], "diamonds") == 0
    assert winning_index(["KS", "AC", "AS", "AS"], "diamonds") == 2
    assert winning_index(["KS", "AS", "9D", "QD"], "diamonds") == 3
    assert winning_index(["AC", "AC", "9C", "10C"], "fleischlos") == 0


def _deal(contract="normal", levels=(0, 0), shift=None) -> Deal:
    deal = Deal(round=1, dealer=3, dealt=[["x"] * 12] * 4, hands=[["x"] * 12] * 4, phase=PLAY)
    deal.contract = contract
    deal.levels = {"re": levels[0], "kontra": levels[1]}
    if shift is not None:
        deal.clarification_trick = shift + 1
    return deal


@pytest.mark.parametrize(
    "level, other, played, shift, expected",
    [
        (0, 0, 0, 0, ["re", "no90", "no60", "no30", "black"]),
        (0, 0, 1, 0, ["re", "no90", "no60", "no30", "black"]),  # DK10.4 at most L + s cards
        (0, 0, 2, 0, []),
        (1, 0, 2, 0, ["no90", "no60", "no30", "black"]),
        (1, 0, 3, 0, []),
        (4, 0, 5, 0, ["black"]),
        (0, 2, 3, 0, ["re"]),  # DK10.7: the reply, one card later than the other's call
        (0, 2, 4, 0, []),
        (0, 0, 3, 2, ["re", "no90", "no60", "no30", "black"]),  # DK10.6 wedding shift
        (0, 0, 4, 2, []),
    ],
)
def test_call_deadlines(level, other, played, shift, expected):
    contract = "wedding" if shift else "normal"
    deal = _deal(contract, (level, other), shift if shift else None)
    assert calls_for(deal, "re", played) == expected


def test_forced_seat():
    """DK6: owing solos equal to the counting deals left; the first owing seat from the
    dealer's left, the dealer last."""
    assert forced_seat(0, [True, False, True, False], True, 2) == 2
    assert forced_seat(1, [True, False, False, False], True, 1) == 0
    assert forced_seat(0, [True, False, True, False], True, 3) is None
    assert forced_seat(0, [True, True, True, True], False, 4) is None


# --- DK14's worked examples -----------------------------------------------------------------------

PLAIN = {11: "AC", 10: "10C", 4: "KC", 3: "QS", 2: "JS", 0: "9C"}  # no fox, no Karlchen
TRICKS = {}
for combo in combinations_with_replacement(PLAIN, 4):
    TRICKS.setdefault(sum(combo), [PLAIN[v] for v in combo])


def tricks_worth(total: int, winner: int, count: int) -> list[dict]:
    """`count` tricks won by `winner` worth `total` card points, none a Doppelkopf (< 40)."""
    out = []
    for n in range(count, 0, -1):
        share = next(v for v in sorted(TRICKS, reverse=True) if v < 40 and v <= total and (
            n == 1 and v == total or n > 1 and (total - v) in _reachable(n - 1)))  # fmt: skip
        out.append({"leader": winner, "cards": TRICKS[share], "winner": winner})
        total -= share
    return out


def _reachable(n: int) -> set[int]:
    sums = {0}
    for _ in range(n):
        sums = {a + b for a in sums for b in TRICKS if b < 40}
    return sums


def scored(parties, re_points, contract="normal", levels=(0, 0), re_tricks=6, extra=()):
    """A finished deal with Re taking `re_points` in `re_tricks` tricks, `extra` tricks (foxes,
    Karlchen: the last trick) included in the counts."""
    re_seat, kontra_seat = parties.index("re"), parties.index("kontra")
    deal = _deal(contract, levels)
    deal.parties = list(parties)
    deal.declarer = re_seat if contract != "normal" else None
    worth = {"re": re_points, "kontra": 240 - re_points}
    count = {"re": re_tricks, "kontra": 12 - re_tricks}
    for trick in extra:
        worth[parties[trick["winner"]]] -= sum(map(points, trick["cards"]))
        count[parties[trick["winner"]]] -= 1
    deal.played = tricks_worth(worth["re"], re_seat, count["re"])
    deal.played += tricks_worth(worth["kontra"], kontra_seat, count["kontra"]) + list(extra)
    return score_deal(deal)


NORMAL = ["re", "kontra", "re", "kontra"]


def test_example_1_re_announced():
    result = scored(NORMAL, 150, levels=(1, 0))
    assert result["score_items"] == {"re": ["won", "re_announced"], "kontra": []}
    assert result["deal_scores"] == [3, -3, 3, -3]
    fox = {"leader": 0, "cards": ["AD", "9C", "9C", "9C"], "winner": 1}  # seat 0's, to Kontra
    result = scored(NORMAL, 150, levels=(1, 0), extra=[fox])
    assert result["re_card_points"] == 150
    assert result["score_items"]["kontra"] == ["fox"] and result["game_value"] == 2


def test_example_2_split_120():
    result = scored(NORMAL, 120)
    assert result["winner_party"] == "kontra"
    assert result["score_items"]["kontra"] == ["won", "against_club_queens"]
    assert result["deal_scores"] == [-2, 2, -2, 2]


def test_example_3_re_no90_fails():
    result = scored(NORMAL, 130, levels=(2, 0))
    assert result["score_items"]["kontra"] == [
        "won",
        "re_announced",
        "re_no90",
        "against_club_queens",
    ]
    assert result["game_value"] == -5


def test_example_4_queens_solo():
    result = scored(["kontra", "re", "kontra", "kontra"], 185, contract="solo", re_tricks=9)
    assert result["score_items"]["re"] == ["won", "under_90", "under_60"]
    assert result["deal_scores"] == [-3, 9, -3, -3]


def test_example_5_no_winner():
    result = scored(NORMAL, 135, levels=(2, 2))
    assert result["winner_party"] is None and result["winners"] == []
    assert result["score_items"] == {"re": ["reached_120_vs_no90"], "kontra": []}
    assert result["game_value"] == 1


def test_example_6_black_refused_karlchen():
    karlchen = {"leader": 0, "cards": ["JC", "9C", "9C", "9C"], "winner": 0}
    result = scored(NORMAL, 207, levels=(0, 5), re_tricks=8, extra=[karlchen])
    assert result["winner_party"] == "re"
    assert result["score_items"]["re"] == [
        "won", "under_90", "under_60", "kontra_announced", "kontra_no90", "kontra_no60",
        "kontra_no30", "kontra_black", "reached_120_vs_no90", "reached_90_vs_no60",
        "reached_60_vs_no30", "reached_30_vs_black", "karlchen",
    ]  # fmt: skip
    assert result["game_value"] == 14
    assert scored(NORMAL, 207, levels=(1, 5), re_tricks=8, extra=[karlchen])["game_value"] == 16


def test_the_timeout_card():
    """DK17: the cheapest legal fehl card, else the cheapest trump; ties by rank, then sort."""
    deal = _deal()
    deal.hands = [["10H", "AC", "KS", "9S", "9C", "JD"], [], [], []]
    deal.trick = []
    assert timeout_card(deal, 0) == "9C"
    deal.trick = ["QD"]
    deal.leader = 3
    assert timeout_card(deal, 0) == "JD"
