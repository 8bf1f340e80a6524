"""What one seat (or a spectator) may see (WH12): the only way information leaves the engine.

Public: the cut, the dealer, the trump suit, the turned-up card while it lies in the dealer's
hand (WH4), the trick with who played each card, every completed trick of this deal (they were
seen), the last trick until the next card is led, tricks per team, the score sheet, and once a
deal is scored the four hands as dealt. Private: the seat's own hand. Never: the other hands
while the deal runs, the seed, the order of either pack.
"""

from __future__ import annotations

import json

from .cards import sort_cards
from .engine import legal_cards, next_dealer
from .state import BETWEEN_DEALS, PLAY, Match


def view(match: Match, seat: int | None) -> dict:
    deal = match.deal
    playing = match.phase == PLAY
    to_move = deal.to_move if playing else None
    face_up = None  # WH4: the turned-up card shows until the dealer plays it
    if match.options["trump"] == "turn_up" and deal.trump_card in deal.hands[deal.dealer]:
        face_up = deal.trump_card
    drawn = deal.trump_card if match.options["trump"] == "second_pack" else None
    last = deal.played[-1] if deal.played and not deal.trick else None  # WH12 Decided
    legal = legal_cards(deal, seat) if seat is not None and seat == to_move else []
    seen = {
        "seat": seat,
        "options": dict(match.options),
        "cut": match.cut,
        "phase": match.phase,
        "round": deal.round,
        "deal_number": deal.number,
        "dealer": deal.dealer,
        "first_dealer": match.first_dealer,
        "trump": deal.trump,
        "turned_up": face_up,
        "second_pack_card": drawn,
        "hand": sort_cards(deal.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "to_move": to_move,
        "legal": sort_cards(legal),
        "leader": deal.leader,
        "trick": [{"seat": (deal.leader + i) % 4, "card": c} for i, c in enumerate(deal.trick)],
        "tricks": deal.tricks[:],
        "played": [_trick(t) for t in deal.played],
        "last_trick": _trick(last) if last else None,
        "dealt": [sort_cards(h) for h in deal.dealt] if deal.result else None,  # WH7, WH12
        "result": deal.result,
        "score": {
            "target": match.target,
            "points": match.points[:],
            "games_won": match.games_won[:],
            "game_points": match.game_points[:],
            "completed_games": list(match.completed_games),
            "sheet": list(match.sheet),
        },
        "next_dealer": next_dealer(match) if match.phase == BETWEEN_DEALS else None,
        "over": match.over,
        "winners": winners(match),
        "rubber_points": match.rubber_points(),
        "rubber_value": match.rubber_value(),
        "next_rubber": match.next_rubber(),
    }
    return json.loads(json.dumps(seen))  # shares nothing with the state


def winners(match: Match) -> list[int]:
    return [] if match.winner is None else [match.winner, match.winner + 2]


def _trick(trick: dict) -> dict:
    leader = trick["leader"]
    return {
        "leader": leader,
        "cards": [{"seat": (leader + i) % 4, "card": c} for i, c in enumerate(trick["cards"])],
        "winner": trick["winner"],
    }
