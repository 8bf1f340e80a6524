"""What a seat may see (RULES.md R3, R10): the only way information leaves the engine.

`view(state, seat)` holds exactly what that player could see at a real table: their own hand,
the pier, the whole discard pile (every card in it was seen face up), how many cards the others
and the stock hold, penalty counts, the closer's lay-down once they set sail, and every lay-down
once the round is scored. `view(state, None)` is the public (spectator) view: no hand at all.
Cards drawn from the stock stay private to the drawer; opponents' lay-downs stay private until
the round is scored (they are submitted simultaneously, R6).
"""

from __future__ import annotations

from .cards import sort_cards
from .engine import seats_to_act
from .state import ATTACH, SCORED, MatchState


def _public_entry(entry: dict, seat: int | None, scored: bool) -> dict:
    mine = seat is not None and entry["seat"] == seat
    if entry["action"] == "draw" and entry["from"] == "stock" and not mine:
        return {k: v for k, v in entry.items() if k != "card"}
    if entry["action"] == "attach" and not (mine or scored):
        return {"seat": entry["seat"], "action": "attach"}
    return dict(entry)


def view(state: MatchState, seat: int | None) -> dict:
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    r = state.round
    scored = r.phase == SCORED
    laydowns = []
    for s, ld in enumerate(r.laydowns):
        visible = ld is not None and (scored or s == r.closer or s == seat)
        laydowns.append(ld.to_dict() if visible else None)
    return {
        "players": state.players,
        "seat": seat,
        "round": r.number,
        "dealer": r.dealer,
        "is_last_round": r.is_last,
        "phase": r.phase,
        "to_move": r.to_move,
        "waiting_for": seats_to_act(state),
        "must_sail": r.must_sail if seat is not None and seat == r.to_move else False,
        "drawn": r.drawn if seat is not None and seat == r.to_move else None,
        "hand": sort_cards(r.hands[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in r.hands],
        "pier": list(r.pier),
        "pier_colour": r.pier_colour,
        "discard": list(r.discard),
        "stock_count": len(r.stock),
        "penalties": state.penalties(),
        "closer": r.closer,
        "laydowns": laydowns,
        "laid_down": [ld is not None for ld in r.laydowns] if r.phase == ATTACH else None,
        "result": dict(r.result) if r.result else None,
        "log": [_public_entry(e, seat, scored) for e in r.log],
        "match_over": state.match_over,
        "winners": list(state.winners),
        "ranking": list(state.ranking),
    }
