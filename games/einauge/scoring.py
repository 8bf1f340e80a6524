"""The final scoring (EA12): sabres and ducats into jewels, the treasure-chest majorities."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import ranking_from_scores

from .cards import COLOURS, shows

CHEST_AWARDS = {1: 7, 2: 4, 3: 1}  # EA12.3: jewels for the first, second and third place


def chests(row) -> int:
    """EA12.3: the chests shown on a row's island cards (ships show none)."""
    return sum(shows(card).chests for card in row)


def ducat_jewels(player) -> int:
    """EA12.1-2: each sabre is 3 ducats, each full 5 ducats 1 jewel."""
    return (player.ducats + 3 * player.sabres) // 5


def chest_jewels(players: Sequence) -> list[int]:
    """EA12.3: colour by colour, place = 1 + the players with strictly more chests; players
    without chests in a colour take no part in it."""
    out = [0] * len(players)
    for c in COLOURS:
        counts = [chests(p.rows.get(c, ())) for p in players]
        for seat, own in enumerate(counts):
            if own:
                out[seat] += CHEST_AWARDS.get(1 + sum(other > own for other in counts), 0)
    return out


def final_scoring(players: Sequence, colours: Sequence[str] = COLOURS) -> dict:
    """EA12: the jewels per seat after the exchange and the chests, and the winners (EA12.4
    Decided: all seats sharing the most jewels)."""
    from_ducats = [ducat_jewels(p) for p in players]
    from_chests = chest_jewels(players)
    totals = [p.jewels + d + c for p, d, c in zip(players, from_ducats, from_chests, strict=True)]
    best = max(totals)
    return {
        "ducat_jewels": from_ducats,
        "chest_jewels": from_chests,
        "scores": totals,
        "winners": [seat for seat, t in enumerate(totals) if t == best],
        "ranking": ranking_from_scores(totals),
    }
