"""The Merchant (greedy): the purchase with the best immediate yield per ducat, a fight when its
yield is worth the sabres, and the pirate-table card the others would gain least from. In the
final round it sells every card its chest awards do not need (EA11, EA12: each card sold is
5 ducats, so 1 jewel). Works on a full State (the captain's rollouts use it for every seat)."""

from __future__ import annotations

from random import Random

from ..cards import colour, fight_cost, is_ship, price, shows
from ..rules import ALONE, buys, fights, row_yield
from ..scoring import CHEST_AWARDS, chests
from ..state import BUY, FIGHT, FINAL, TABLE, Player, State

SABRE, JEWEL = 3, 5  # ducats a sabre and a jewel are worth in the end (EA12)
CARD = 5  # EA6: a card can always be sold for 5 ducats


def gain(state: State, seat: int, card: str, way: dict) -> float:
    """What `card` laid as `way` brings `seat` at once, in ducats: the row's yield (EA5) and
    the change of its chest award if the game ended now (EA12)."""
    player = state.players[seat]
    if is_ship(card):
        if way.get("row", ALONE) == ALONE:
            return 0.0
        row = player.rows[way["row"]]
        s, d, j = row_yield(row)
        return d + SABRE * s + JEWEL * j
    own = colour(card)
    row = [] if way.get("onto_ships") else player.rows.get(own, [])
    s, d, j = row_yield(row)
    v = shows(card)
    value = d + v.ducats + SABRE * (s + v.sabres) + JEWEL * (j + v.jewels)
    if v.chests:
        value += JEWEL * chest_gain(state, seat, own, v.chests) + 1.0
    return value


def chest_gain(state: State, seat: int, colour_name: str, more: int) -> int:
    """EA12.3: jewels the seat's award in a colour would change by with `more` chests."""
    counts = [chests(p.rows.get(colour_name, ())) for p in state.players]
    before = award(counts, seat)
    counts[seat] += more
    return award(counts, seat) - before


def award(counts: list[int], seat: int) -> int:
    own = counts[seat]
    if not own:
        return 0
    return CHEST_AWARDS.get(1 + sum(c > own for c in counts), 0)


def best_buy(state: State, seat: int) -> dict | None:
    best, best_ratio = None, -1.0
    for option in buys(state, state.players[seat]):
        ratio = gain(state, seat, option["card"], option) / price(option["card"])
        if ratio > best_ratio:
            best, best_ratio = option, ratio
    return best


def best_fight(state: State, seat: int) -> tuple[dict | None, float]:
    best, best_net = None, 0.0
    for option in fights(state, state.players[seat]):
        card = option["card"]
        net = gain(state, seat, card, option) + CARD - SABRE * fight_cost(card)
        if net > best_net:
            best, best_net = option, net
    return best, best_net


def forced_sale(player: Player) -> dict:
    """EA4: a sale towards a purchase: a jewel first (3 ducats), else the card that shows the
    fewest chests (a ship before an island)."""
    if player.jewels:
        return {"action": "sell", "jewels": 1}
    card = min(sorted(player.cards()), key=lambda c: (not is_ship(c), shows(c).chests))
    return {"action": "sell", "card": card}


def table_card(state: State, seat: int) -> str:
    """EA8: the display card the other seats would gain least from."""
    others = [s for s in range(state.n) if s != seat]

    def danger(card: str) -> float:
        return max(
            (gain(state, o, card, way) for o in others for way in _ways(state.players[o], card)),
            default=0.0,
        )

    return min(sorted(state.display), key=danger)


def _ways(player: Player, card: str) -> list[dict]:
    if is_ship(card):
        return [{"row": c} for c in player.rows] or [{"row": ALONE}]
    return [{}]


def final_sale(state: State, seat: int) -> dict | None:
    """EA11/EA12: a card whose sale (5 ducats: one more jewel) costs no chest award."""
    player = state.players[seat]
    for name, row in player.rows.items():
        for card in row:
            lost = shows(card).chests
            if not lost or chest_gain(state, seat, name, -lost) == 0:
                return {"action": "sell", "card": card}
    if player.loose_ships:
        return {"action": "sell", "card": player.loose_ships[0]}
    return None


def decide(state: State, seat: int) -> dict:
    """The Merchant's action, without the seat (deterministic)."""
    phase = state.phase
    player = state.players[seat]
    if phase == BUY:
        option = best_buy(state, seat)
        return {"action": "buy", **option} if option else forced_sale(player)
    if phase == FIGHT:
        option, _ = best_fight(state, seat)
        return {"action": "fight", **option} if option else {"action": "pass"}
    if phase == TABLE:
        return {"action": "table", "card": table_card(state, seat)}
    if phase == FINAL:
        if not state.took:
            option, _ = best_fight(state, seat)
            if option:
                return {"action": "fight", **option}
        return final_sale(state, seat) or {"action": "pass"}
    raise ValueError(f"no decision in phase {phase}")


def choose(state: State, seat: int, rng: Random) -> dict:
    return {"seat": seat, **decide(state, seat)}
