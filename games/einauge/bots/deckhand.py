"""The Deckhand (the easiest level): any legal action at random, except that it sells only
when it must (EA4: a purchase it cannot pay for yet). Also the timeout's move (EA13)."""

from __future__ import annotations

from random import Random

from ..rules import buys, legal_actions
from ..state import BUY, FIGHT, FINAL, State


def choose(state: State, seat: int, rng: Random) -> dict:
    acts = legal_actions(state, seat)
    unforced = [a for a in acts if a["action"] != "sell"]
    return rng.choice(unforced or acts)


def timeout_action(state: State, seat: int, rng: Random) -> dict:
    """EA13: a legal purchase with the sales it needs, a table card; a pass in phase 2 and in
    the final round."""
    if state.phase in (FIGHT, FINAL):
        return {"seat": seat, "action": "pass"}
    player = state.players[seat]
    if state.phase == BUY and not buys(state, player):
        if player.jewels:
            return {"seat": seat, "action": "sell", "jewels": 1}
        return {"seat": seat, "action": "sell", "card": rng.choice(sorted(player.cards()))}
    return choose(state, seat, rng)
