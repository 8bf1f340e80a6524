"""Who wins the deal (DK11), the game value (DK12), the extra points (DK13), the scores (DK14)."""

from __future__ import annotations

from .announcements import REFUSALS
from .cards import points
from .state import PARTIES, Deal, other
from .trumps import winning_index

ORDER = (  # the scenario format's fixed order of score items
    "won", "under_90", "under_60", "under_30", "black", "re_announced", "kontra_announced",
    "re_no90", "re_no60", "re_no30", "re_black", "kontra_no90", "kontra_no60", "kontra_no30",
    "kontra_black", "reached_120_vs_no90", "reached_90_vs_no60", "reached_60_vs_no30",
    "reached_30_vs_black", "against_club_queens", "doppelkopf", "fox", "karlchen",
)  # fmt: skip
VALUES = {"re_announced": 2, "kontra_announced": 2}  # DK12.1 c); every other item is 1
CLAIMS = {2: 151, 3: 181, 4: 211}  # DK11: a refusing party's own claim (5: all tricks)
AGAINST = {2: 90, 3: 60, 4: 30}  # DK11: what the other party needs against it (5: one trick)
REACHED = ((2, 120, "reached_120_vs_no90"), (3, 90, "reached_90_vs_no60"),
           (4, 60, "reached_60_vs_no30"), (5, 30, "reached_30_vs_black"))  # fmt: skip
EXTRA_CONTRACTS = ("normal", "wedding")  # DK13: extra points only there
SOLO_CONTRACTS = ("solo", "silent_wedding", "wedding_solo")  # DK14: the soloist x3


def trick_points(cards: list[str]) -> int:
    return sum(points(c) for c in cards)


def reaches(party: str, levels: dict, pts: dict, tricks: dict) -> bool:
    """DK11: whether `party` reaches what it needs to win."""
    mine, theirs = levels[party], levels[other(party)]
    if mine >= 2:
        return tricks[other(party)] == 0 if mine == 5 else pts[party] >= CLAIMS[mine]
    if theirs >= 2:
        return tricks[party] >= 1 if theirs == 5 else pts[party] >= AGAINST[theirs]
    only_kontra = levels["kontra"] == 1 and levels["re"] == 0
    need = {"re": 120 if only_kontra else 121, "kontra": 121 if only_kontra else 120}
    return pts[party] >= need[party]


def under_items(loser_pts: int, loser_tricks: int, with_black: bool) -> list[str]:
    items = [f"under_{n}" for n in (90, 60, 30) if loser_pts < n]
    return items + (["black"] if with_black and loser_tricks == 0 else [])


def extra_points(deal: Deal) -> dict[str, list[str]]:
    """DK13: per party, its Doppelkopf tricks, foxes caught and Karlchen."""
    out: dict[str, list[str]] = {"re": [], "kontra": []}
    if deal.contract not in EXTRA_CONTRACTS:
        return out
    for n, trick in enumerate(deal.played):
        winner = deal.parties[trick["winner"]]
        if trick_points(trick["cards"]) >= 40:
            out[winner].append("doppelkopf")
        for i, card in enumerate(trick["cards"]):
            if card == "AD" and deal.parties[(trick["leader"] + i) % 4] != winner:
                out[winner].append("fox")
        last = n == len(deal.played) - 1
        if last and trick["cards"][winning_index(trick["cards"], deal.order_kind)] == "JC":
            out[winner].append("karlchen")
    return out


def score_deal(deal: Deal) -> dict:
    """The deal's result (the scenario format's names), once all tricks are played."""
    pts = {p: 0 for p in PARTIES}
    tricks = {p: 0 for p in PARTIES}
    per_seat = [0, 0, 0, 0]
    for trick in deal.played:
        party = deal.parties[trick["winner"]]
        pts[party] += trick_points(trick["cards"])
        tricks[party] += 1
        per_seat[trick["winner"]] += trick_points(trick["cards"])
    levels = deal.levels
    wins = {p: reaches(p, levels, pts, tricks) for p in PARTIES}
    winner = next((p for p in PARTIES if wins[p]), None)  # DK11: at most one can
    items: dict[str, list[str]] = {"re": [], "kontra": []}
    if winner:  # DK12.1
        loser = other(winner)
        items[winner] += ["won", *under_items(pts[loser], tricks[loser], True)]
        items[winner] += [f"{p}_announced" for p in PARTIES if levels[p] >= 1]
        for p in PARTIES:
            items[winner] += [f"{p}_{r}" for r in REFUSALS[: max(0, levels[p] - 1)]]
    else:  # DK12.3: b) for the limits the other party stayed under
        for p in PARTIES:
            items[p] += under_items(pts[other(p)], tricks[other(p)], False)
    for p in PARTIES:  # DK12.1 e)
        items[p] += [name for lvl, need, name in REACHED if levels[other(p)] >= lvl and (
            pts[p] >= need)]  # fmt: skip
    if winner == "kontra" and deal.contract in EXTRA_CONTRACTS:
        items["kontra"].append("against_club_queens")  # DK13
    for p, extra in extra_points(deal).items():
        items[p] += extra
    for p in PARTIES:
        items[p].sort(key=ORDER.index)
    value = sum(VALUES.get(i, 1) for i in items["re"]) - sum(
        VALUES.get(i, 1) for i in items["kontra"]
    )
    if deal.contract in SOLO_CONTRACTS:  # DK14
        scores = [3 * value if s == deal.declarer else -value for s in range(4)]
    else:
        scores = [value if deal.parties[s] == "re" else -value for s in range(4)]
    return {
        "card_points": per_seat,
        "re_card_points": pts["re"],
        "kontra_card_points": pts["kontra"],
        "winner_party": winner,
        "winners": [s for s in range(4) if winner and deal.parties[s] == winner],
        "score_items": items,
        "game_value": value,
        "deal_scores": scores,
    }
