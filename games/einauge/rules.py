"""The rules of a turn (EA3-EA11): what a seat may do, and doing it.

Actions are plain dicts carrying the seat:
    {"seat": s, "action": "buy", "card": "red-4"}                  EA4, phase 1
    {"seat": s, "action": "buy", "card": "ship-2", "row": "red"}   a ship joins a row (EA10),
                                                                   or "row": "alone"
    {"seat": s, "action": "buy", "card": "green-6", "onto_ships": true}   onto the lone ships
    {"seat": s, "action": "fight", "card": "blue-8"}               EA7, phase 2 or final round;
                                                                   placed like a bought card
    {"seat": s, "action": "pass"}                                  no fight / end a final turn
    {"seat": s, "action": "table", "card": "green-2"}              EA8, phase 3
    {"seat": s, "action": "sell", "jewels": k}  or  "card": c      EA6, any phase of s's turn
Phases that cannot be played are skipped here (`settle`), phase 4 (refill) is automatic.

IllegalAction codes (params), with the rules section:
    game_over          ()                   EA12: the game is over
    not_your_turn      (seat, to_move)      EA2: another seat is on turn
    not_now            (phase)              EA3: that action belongs to another phase
    not_in_display     (card)               EA4/EA8: the card is not in the display
    not_on_table       (card)               EA7: the card is not on the pirate table
    cannot_afford      (card, price)        EA4: too few ducats (sell first, EA6)
    too_few_sabres     (card, cost)         EA7: 3 sabres, 4 for a card showing a sabre
    one_card_only      ()                   EA11: one card per final-round turn
    wrong_row          (card, row)          EA5/EA10: an island joins its own colour's row;
                                            a ship needs one of the seat's rows or "alone"
    row_full           (row)                EA5: a row holds at most 7 cards
    not_onto_ships     (card)               EA10: only a new colour, onto lone ships with room
    not_enough_jewels  (jewels)             EA6
    card_not_owned     (card)               EA6
MalformedAction: not a dict, no valid seat, unknown verb or card, a bad `jewels`, `row`,
`onto_ships`, or a sale naming both or neither of jewels and card.
"""

from __future__ import annotations

from games.core import IllegalAction, MalformedAction

from .cards import (
    COLOURS,
    DISPLAY_SIZE,
    ROW_LIMIT,
    TABLE_SIZE,
    colour,
    fight_cost,
    is_card,
    is_ship,
    price,
    shows,
    sort_cards,
)
from .scoring import final_scoring
from .state import BUY, ENDING, FIGHT, FINAL, NORMAL, OVER, TABLE, Player, State

VERBS = ("buy", "fight", "pass", "table", "sell")
ALONE = "alone"

# --- Placing a card in a row (EA5, EA10) --------------------------------------------------------


def placements(player: Player, card: str) -> list[dict]:
    """The ways `card` may join `player`'s rows, as the action keys that choose them."""
    if is_ship(card):  # EA10: onto any row with room, or alone
        ways = [{"row": c} for c, row in player.rows.items() if len(row) < ROW_LIMIT]
        if len(player.loose_ships) < ROW_LIMIT:
            ways.append({"row": ALONE})
        return ways
    row = player.rows.get(colour(card))
    if row is not None:
        return [{}] if len(row) < ROW_LIMIT else []
    ways = [{}]
    if player.loose_ships and len(player.loose_ships) < ROW_LIMIT:
        ways.append({"onto_ships": True})
    return ways


def can_place(player: Player, card: str) -> bool:
    return bool(placements(player, card))


def place(player: Player, card: str, action: dict) -> None:
    """Lay `card` as `action` says and take the yields of the whole row at once (EA5)."""
    onto_ships = action.get("onto_ships", False)
    row_name = action.get("row")
    if is_ship(card):
        if onto_ships:
            raise IllegalAction("not_onto_ships", "a ship is not put onto ships", "EA10", card=card)
        if row_name is None:
            raise IllegalAction(
                "wrong_row",
                "a ship needs a row: one of yours or alone",
                "EA10",
                card=card,
                row=None,
            )
        if row_name == ALONE:
            if len(player.loose_ships) >= ROW_LIMIT:
                raise IllegalAction("row_full", "the lone ships are 7 already", "EA10", row=ALONE)
            player.loose_ships.append(card)
            player.loose_ships[:] = sort_cards(player.loose_ships)
            return  # EA10: lone ships yield nothing
        if row_name not in player.rows:
            raise IllegalAction(
                "wrong_row", f"you have no {row_name} row", "EA10", card=card, row=row_name
            )
        _join(player, row_name, card)
        return
    own = colour(card)
    if row_name is not None and row_name != own:
        raise IllegalAction(
            "wrong_row", f"{card} joins the {own} row", "EA5", card=card, row=row_name
        )
    if onto_ships:
        if own in player.rows or not player.loose_ships or len(player.loose_ships) >= ROW_LIMIT:
            raise IllegalAction(
                "not_onto_ships", f"{card} cannot be put onto your lone ships", "EA10", card=card
            )
        player.rows[own] = player.loose_ships  # EA10: the lone ships become a colour row
        player.loose_ships = []
        player.rows = {c: player.rows[c] for c in COLOURS if c in player.rows}
    elif own not in player.rows:
        player.rows[own] = []
        player.rows = {c: player.rows[c] for c in COLOURS if c in player.rows}
    _join(player, own, card)


def _join(player: Player, row_name: str, card: str) -> None:
    row = player.rows[row_name]
    if len(row) >= ROW_LIMIT:
        raise IllegalAction("row_full", f"the {row_name} row holds 7 cards", "EA5", row=row_name)
    row.append(card)
    row[:] = sort_cards(row)
    gain = row_yield(row)  # EA5: every card of the row, the new one included
    player.sabres += gain[0]
    player.ducats += gain[1]
    player.jewels += gain[2]


def row_yield(row) -> tuple[int, int, int]:
    """EA5: (sabres, ducats, jewels) shown on the cards of a row."""
    s = d = j = 0
    for card in row:
        v = shows(card)
        s += v.sabres
        d += v.ducats
        j += v.jewels
    return s, d, j


# --- What a seat may do -------------------------------------------------------------------------


def can_buy_something(state: State, player: Player) -> bool:
    """EA4 Decided: phase 1 is played when some display card the player can place can be paid
    for, selling everything if need be (EA6; sales only ever make room)."""
    wealth = player.wealth()
    return any(price(c) <= wealth and can_place(player, c) for c in state.display)


def fights(state: State, player: Player) -> list[dict]:
    """EA7: the table cards the player can take now (sabres, room), with their placements."""
    return [
        {"card": card, **way}
        for card in sort_cards(state.table)
        if fight_cost(card) <= player.sabres
        for way in placements(player, card)
    ]


def buys(state: State, player: Player) -> list[dict]:
    """EA4: the display cards the player can pay for now and place, with their placements."""
    return [
        {"card": card, **way}
        for card in sort_cards(state.display)
        if price(card) <= player.ducats
        for way in placements(player, card)
    ]


def sales(player: Player) -> list[dict]:
    """EA6: every sale open to the player."""
    out = [{"action": "sell", "jewels": k} for k in range(1, player.jewels + 1)]
    return out + [{"action": "sell", "card": c} for c in sort_cards(player.cards())]


def legal_actions(state: State, seat: int) -> list[dict]:
    if state.over or seat != state.turn:
        return []
    player = state.players[seat]
    acts: list[dict] = []
    if state.phase == BUY:
        acts = [{"action": "buy", **b} for b in buys(state, player)]
    elif state.phase == FIGHT:
        acts = [{"action": "fight", **f} for f in fights(state, player)] + [{"action": "pass"}]
    elif state.phase == TABLE:
        acts = [{"action": "table", "card": c} for c in sort_cards(state.display)]
    elif state.phase == FINAL:
        if not state.took:
            acts = [{"action": "fight", **f} for f in fights(state, player)]
        acts.append({"action": "pass"})
    return [{"seat": seat, **a} for a in acts + sales(player)]


# --- Applying an action -------------------------------------------------------------------------


def check_shape(state: State, action: object) -> None:
    """MalformedAction for anything that is not an action of this game."""
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.n:
        raise MalformedAction(f"'seat' must be a seat from 0 to {state.n - 1}")
    verb = action.get("action")
    if verb not in VERBS:
        raise MalformedAction(f"unknown action {verb!r}; one of {', '.join(VERBS)}")
    if verb in ("buy", "fight", "table") and not is_card(action.get("card")):
        raise MalformedAction(f"unknown card {action.get('card')!r}")
    if verb == "sell":
        has_card, has_jewels = "card" in action, "jewels" in action
        if has_card == has_jewels:
            raise MalformedAction("a sale names either 'jewels' or 'card'")
        if has_card and not is_card(action["card"]):
            raise MalformedAction(f"unknown card {action['card']!r}")
        k = action.get("jewels", 1)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise MalformedAction("'jewels' must be a whole number, 1 or more")
    row = action.get("row")
    if row is not None and row not in COLOURS and row != ALONE:
        raise MalformedAction(f"unknown row {row!r}")
    if not isinstance(action.get("onto_ships", False), bool):
        raise MalformedAction("'onto_ships' must be true or false")


def step(state: State, action: dict) -> None:
    """Apply a checked action to `state` in place (raises IllegalAction, leaving the state as it
    was only when the caller works on a copy, as `apply` does)."""
    if state.over:
        raise IllegalAction("game_over", "the game is over", "EA12")
    seat = action["seat"]
    if seat != state.turn:
        raise IllegalAction(
            "not_your_turn", f"it is seat {state.turn}'s turn", "EA2", seat=seat, to_move=state.turn
        )
    player = state.players[seat]
    verb = action["action"]
    if verb == "sell":
        _sell(player, action)
    elif verb == "buy":
        _require_phase(state, BUY, "EA4")
        card = action["card"]
        if card not in state.display:
            raise IllegalAction("not_in_display", f"{card} is not in the display", "EA4", card=card)
        if price(card) > player.ducats:
            raise IllegalAction(
                "cannot_afford", f"{card} costs {price(card)} ducats", "EA4", card=card,
                price=price(card),
            )  # fmt: skip
        place(player, card, action)
        player.ducats -= price(card)
        state.display.remove(card)
        state.phase = FIGHT
    elif verb == "fight":
        if state.phase == FINAL and state.took:
            raise IllegalAction("one_card_only", "one card per final-round turn", "EA11")
        if state.phase not in (FIGHT, FINAL):
            _require_phase(state, FIGHT, "EA7")
        card = action["card"]
        if card not in state.table:
            raise IllegalAction(
                "not_on_table", f"{card} is not on the pirate table", "EA7", card=card
            )
        cost = fight_cost(card)
        if cost > player.sabres:
            raise IllegalAction(
                "too_few_sabres", f"{card} costs {cost} sabres", "EA7", card=card, cost=cost
            )
        player.sabres -= cost  # paid first: the new row's sabres are a yield on top
        place(player, card, action)
        state.table.remove(card)
        if state.phase == FINAL:
            state.took = True
        else:
            state.phase = TABLE
    elif verb == "pass":
        if state.phase == FINAL:
            _end_final_turn(state)
        else:
            _require_phase(state, FIGHT, "EA7")
            state.phase = TABLE
    elif verb == "table":
        _require_phase(state, TABLE, "EA8")
        card = action["card"]
        if card not in state.display:
            raise IllegalAction("not_in_display", f"{card} is not in the display", "EA8", card=card)
        state.display.remove(card)
        state.table.append(card)
        _end_turn(state)
    settle(state)


def _require_phase(state: State, phase: str, rule: str) -> None:
    if state.phase != phase:
        raise IllegalAction("not_now", f"not in phase {state.phase}", rule, phase=state.phase)


def _sell(player: Player, action: dict) -> None:
    """EA6: jewels for 3 ducats each, a card for 5; yields taken are kept."""
    if "jewels" in action:
        k = action["jewels"]
        if k > player.jewels:
            raise IllegalAction(
                "not_enough_jewels", f"you hold {player.jewels} jewels", "EA6", jewels=k
            )
        player.jewels -= k
        player.ducats += 3 * k
        return
    card = action["card"]
    if card in player.loose_ships:
        player.loose_ships.remove(card)
    else:
        for name, row in player.rows.items():
            if card in row:
                row.remove(card)
                if not row:  # EA6 Decided: a row with no card left disappears
                    del player.rows[name]
                break
        else:
            raise IllegalAction("card_not_owned", f"you do not own {card}", "EA6", card=card)
    player.ducats += 5


# --- The turn's automatic parts (EA3, EA9, EA11) ------------------------------------------------


def settle(state: State) -> None:
    """Skip the phases that cannot be played (EA4, EA7, EA8 Decided), ending turns as needed.

    Engine decision for positions a real game never reaches (a scenario's pile without ships,
    seats without money): when every seat in a row had a turn with nothing to do, nothing can
    change any more, and the game goes on to the final round (EA11)."""
    empty_turns = 0
    while state.stage in (NORMAL, ENDING):
        player = state.players[state.turn]
        if state.phase == BUY and not can_buy_something(state, player):
            state.phase = FIGHT
        elif state.phase == FIGHT and not fights(state, player):
            state.phase = TABLE
        elif state.phase == TABLE and (len(state.table) >= TABLE_SIZE or not state.display):
            empty_turns += 1
            _end_turn(state)
            if empty_turns >= state.n and state.stage in (NORMAL, ENDING):
                _start_final_round(state)
        else:
            return


def _end_turn(state: State) -> None:
    """EA9: refill the display (the first ship turned up triggers the end, EA11), then the next
    seat; after the seat before the start player, once the end is triggered, the final round."""
    while len(state.display) < DISPLAY_SIZE and state.deck:
        card = state.deck.pop(0)
        state.display.append(card)
        if is_ship(card) and state.stage == NORMAL:
            state.stage = ENDING
    nxt = (state.turn + 1) % state.n
    if state.stage == ENDING and nxt == state.start_player:
        _start_final_round(state)
    else:
        state.turn = nxt
        state.phase = BUY


def _start_final_round(state: State) -> None:
    """EA11: beginning with the start player, each seat may take one card from the table."""
    state.stage = FINAL
    state.phase = FINAL
    state.turn = state.start_player
    state.took = False


def _end_final_turn(state: State) -> None:
    nxt = (state.turn + 1) % state.n
    state.took = False
    if nxt == state.start_player:
        state.stage = state.phase = OVER
        state.turn = None
        state.result = final_scoring(state.players, state.colours)
    else:
        state.turn = nxt
