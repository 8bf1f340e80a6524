"""What a seat (or a spectator) sees (EA13): the only way information leaves the engine.

Everything lies open in this game: every row, every seat's sabres, ducats and jewels, the
display, the pirate table, the colours in play, the draw pile's size and (as anyone can work
out from the rest) which cards it still holds. The one secret is the pile's order.
"""

from __future__ import annotations

import json
from random import Random

from .cards import is_ship, sort_cards
from .rules import legal_actions
from .state import OVER, Player, State


def summary(state: State) -> dict:
    """The position in the scenario output's terms (scenarios/einauge/README.md)."""
    over = state.over
    result = state.result or {}
    out = {
        "to_move": [] if over else [state.turn],
        "over": over,
        "winners": list(result.get("winners", [])),
        "scores": list(result["scores"]) if over else [p.jewels for p in state.players],
        "phase": OVER if over else state.phase,
        "stage": state.stage,
        "turn": None if over else state.turn,
        "ducats": [p.ducats for p in state.players],
        "sabres": [p.sabres for p in state.players],
        "jewels": [p.jewels for p in state.players],
        "rows": [{c: sort_cards(r) for c, r in p.rows.items() if r} for p in state.players],
        "loose_ships": [sort_cards(p.loose_ships) for p in state.players],
        "display": sort_cards(state.display),
        "table": sort_cards(state.table),
        "deck_size": len(state.deck),
    }
    if over:
        out["ducat_jewels"] = list(result["ducat_jewels"])
        out["chest_jewels"] = list(result["chest_jewels"])
    return out


def view(state: State, seat: int | None) -> dict:
    seen = {
        "seat": seat,
        "players": state.n,
        "options": dict(state.options),
        "colours": list(state.colours),
        "start_player": state.start_player,
        **summary(state),
        "took": state.took,  # EA11: the seat on turn took its final-round card
        "deck_cards": sort_cards(state.deck),  # the pile's contents, never its order
        "result": state.result,
        "legal": legal_actions(state, seat) if seat is not None else [],
    }
    return json.loads(json.dumps(seen))  # shares nothing with the state


def shuffled_deck(cards, rng: Random) -> list[str]:
    """A draw pile of these cards in a fresh order: islands above, ships below (EA2)."""
    islands = [c for c in cards if not is_ship(c)]
    ships = [c for c in cards if is_ship(c)]
    rng.shuffle(islands)
    rng.shuffle(ships)
    return islands + ships


def state_from_view(seen: dict, rng: Random) -> State:
    """A full state consistent with a view: the draw pile's order drawn at random (the bots'
    determinization; `resample` for a seat that sees only its view)."""
    players = [
        Player(
            seen["ducats"][i],
            seen["sabres"][i],
            seen["jewels"][i],
            {c: r[:] for c, r in seen["rows"][i].items()},
            seen["loose_ships"][i][:],
        )
        for i in range(seen["players"])
    ]
    return State(
        players=players,
        colours=list(seen["colours"]),
        start_player=seen["start_player"],
        turn=seen["turn"],
        stage=seen["stage"],
        phase=seen["phase"],
        display=seen["display"][:],
        table=seen["table"][:],
        deck=shuffled_deck(seen["deck_cards"], rng),
        options=dict(seen["options"]),
        took=seen["took"],
        result=seen["result"],
    )
