"""What one seat (or a spectator) may see (DK17): the only way information leaves the engine.

Public during a deal: the dealer, each seat's "healthy" or "reservation", the settled contract
(a silent wedding looks like a normal game to the others), every call with its caller and party,
the current trick with who played each card, the last completed trick, the tricks won per seat,
the hand sizes, the match. Private: the seat's own hand, its own reservation, its own party as
it knows it (from its cards or the clarification trick). Never during a deal: other hands, other
seats' parties beyond the contract and the calls, the losing reservations, older tricks, card
points taken. After the deal everything of it is public (`result`).
"""

from __future__ import annotations

import json

from . import announcements as ann
from .cards import sort_cards
from .engine import next_dealer
from .reservations import legal_reservations
from .state import FINISHED, FORCED_SOLO, PLAY, RESERVATIONS, Deal, Match
from .trumps import legal_cards


def public_contract(deal: Deal, seat: int | None) -> dict:
    """The contract as `seat` knows it: a silent wedding is a normal game to everyone but its
    holder until the deal is over (DK7.3, DK17)."""
    hidden = deal.contract == "silent_wedding" and seat != deal.declarer and deal.phase != FINISHED
    if hidden:
        return {"contract": "normal", "solo": None, "declarer": None}
    shown = deal.contract is not None or deal.phase == FORCED_SOLO
    return {
        "contract": deal.contract,
        "solo": deal.solo,
        "declarer": deal.declarer if shown else None,
    }


def own_party(deal: Deal, seat: int | None) -> str | None:
    """The seat's party as it knows it: from its own queens of clubs (DK7.1), from a solo or a
    wedding's clarification (DK7.2-DK7.4). None during the reservations and for a wedding's
    others before the clarification trick."""
    if seat is None or deal.contract is None:
        return None
    return deal.parties[seat]


def public_parties(deal: Deal) -> list[str | None]:
    """Parties everyone knows: the contract's (a solo, a clarified wedding) and each caller's.
    Used for Status.optional; never a queen of clubs in a hand."""
    known: list[str | None] = [None] * 4
    if deal.contract in ("solo", "wedding_solo") or (
        deal.contract == "wedding" and deal.clarification_trick
    ):
        known = deal.parties[:]
    elif deal.contract == "wedding":
        known[deal.declarer] = "re"
    for call in deal.calls:
        known[call["seat"]] = call["party"]
    return known


def reservation_seen(deal: Deal, seat: int | None, other: int) -> str | None:
    """DK5: the exact declaration to its own seat, to all once the deal is over, and the winning
    one once settled; otherwise only "healthy" or "reservation"."""
    declared = deal.reservations[other]
    if declared is None or declared == "healthy" or other == seat or deal.phase == FINISHED:
        return declared
    if deal.contract is not None and other == deal.declarer and deal.contract != "silent_wedding":
        return declared
    return "reservation"


def _trick(trick: dict) -> dict:
    leader = trick["leader"]
    return {
        "leader": leader,
        "cards": [{"seat": (leader + i) % 4, "card": c} for i, c in enumerate(trick["cards"])],
        "winner": trick["winner"],
    }


def legal_for(deal: Deal, seat: int | None) -> dict:
    """The seat's own choices now: reservations, calls, cards."""
    out = {"reservations": [], "calls": [], "cards": []}
    if seat is None or deal.phase == FINISHED:
        return out
    if seat == deal.to_move and deal.phase == RESERVATIONS:
        out["reservations"] = legal_reservations(deal.hands[seat])
    elif seat == deal.to_move and deal.phase == FORCED_SOLO:
        out["reservations"] = [r for r in legal_reservations(deal.hands[seat]) if r not in (
            "healthy", "wedding")]  # fmt: skip
    elif deal.phase == PLAY:
        out["calls"] = ann.legal_calls(deal, seat)
        if seat == deal.to_move:
            out["cards"] = sort_cards(
                set(legal_cards(deal.hands[seat], deal.trick, deal.order_kind))
            )
    return out


def view(match: Match, seat: int | None) -> dict:
    deal = match.deal
    finished = deal.phase == FINISHED
    contract = public_contract(deal, seat)
    seen = {
        "seat": seat,
        "options": dict(match.options),
        "round": deal.round,
        "phase": deal.phase,
        "dealer": deal.dealer,
        "vorhand": deal.vorhand,
        "hand": sort_cards(deal.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "to_move": deal.to_move,
        "legal": legal_for(deal, seat),
        "reservations": [reservation_seen(deal, seat, s) for s in range(4)],
        **contract,
        "compulsory": deal.compulsory if contract["contract"] or deal.forced else False,
        "forced": deal.forced,
        "party": own_party(deal, seat),
        "wedding_partner": deal.wedding_partner,
        "clarification_trick": deal.clarification_trick,
        "calls": [dict(c) for c in deal.calls],
        "levels": dict(deal.levels),
        "late_reply": dict(deal.late_reply),
        "leader": deal.leader,
        "trick": [{"seat": (deal.leader + i) % 4, "card": c} for i, c in enumerate(deal.trick)],
        "last_trick": _trick(deal.played[-1]) if deal.played else None,
        "tricks_played": len(deal.played),
        "tricks_won": [sum(t["winner"] == s for t in deal.played) for s in range(4)],
        "result": _result(deal) if finished else None,
        "match": {
            "deals": match.options["deals"],
            "deals_played": match.deals_played,
            "scores": match.scores[:],
            "compulsory_owed": match.compulsory_owed[:],
            "sheet": list(match.sheet),
            "next_dealer": next_dealer(match),
            "over": match.over,
            "winners": match_winners(match),
        },
    }
    return json.loads(json.dumps(seen))  # shares nothing with the state


def _result(deal: Deal) -> dict:
    """DK17: after the deal everything is public."""
    return {
        **deal.result,
        "dealt": [sort_cards(h) for h in deal.dealt],
        "reservations": deal.reservations[:],
        "contract": deal.contract,
        "parties": deal.parties[:],
        "tricks": [_trick(t) for t in deal.played],
    }


def match_winners(match: Match) -> list[int]:
    """DK3: the seats with the highest match score, once the match is over."""
    if not match.over:
        return []
    best = max(match.scores)
    return [s for s in range(4) if match.scores[s] == best]
