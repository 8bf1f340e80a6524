"""A sparring partner for measuring the levels (GAMES.md item 2), not a level itself: written
from the rules file alone, apart from the bots (it shares none of their code), the way a club
player plays Einauge by rules of thumb:

- buy into your longest row (every card of it pays again, EA5), the cheaper the better; lead
  the chests of a colour if you can (EA12); a ship joins your longest row;
- fight One-Eye when the card joins a row of two or more, or is a jewel card (EA7);
- give One-Eye the card that fits none of the others' rows (EA8);
- in the final round take what you can and sell every card without chests (EA11, EA12);
- when short of ducats, sell jewels first (EA6).
"""

from __future__ import annotations

from random import Random

from ..rules import legal_actions
from ..state import BUY, FIGHT, FINAL, TABLE, State

CHESTS = {2: 3, 3: 2, 4: 1, 5: 1}  # EA1


def _colour(card: str) -> str | None:
    return None if card.startswith("ship") else card.rsplit("-", 1)[0]


def _price(card: str) -> int:
    return 5 if card.startswith("ship") else int(card.rsplit("-", 1)[1])


def _row_after(state: State, seat: int, action: dict) -> int:
    rows = state.players[seat].rows
    card = action["card"]
    if card.startswith("ship"):
        return len(rows.get(action["row"], [])) + 1 if action["row"] != "alone" else 0
    return 1 if action.get("onto_ships") else len(rows.get(_colour(card), [])) + 1


def _chest_lead(state: State, seat: int, card: str) -> int:
    colour = _colour(card)
    if colour is None or _price(card) not in CHESTS:
        return 0

    def chests(p) -> int:
        return sum(CHESTS.get(_price(c), 0) for c in p.rows.get(colour, []) if _colour(c))

    mine = chests(state.players[seat]) + CHESTS[_price(card)]
    best_other = max(chests(p) for i, p in enumerate(state.players) if i != seat)
    return 3 if mine > best_other else 0


def choose(state: State, seat: int, rng: Random) -> dict:
    legal = legal_actions(state, seat)
    by_verb: dict[str, list[dict]] = {}
    for action in legal:
        by_verb.setdefault(action["action"], []).append(action)
    if state.phase == BUY:
        if "buy" not in by_verb:
            jewels = [a for a in by_verb["sell"] if a.get("jewels") == 1]
            return jewels[0] if jewels else by_verb["sell"][-1]
        return max(
            by_verb["buy"],
            key=lambda a: (
                2 * _row_after(state, seat, a)
                - _price(a["card"]) / 2
                + _chest_lead(state, seat, a["card"])
                + rng.random() / 10
            ),
        )
    if state.phase in (FIGHT, FINAL):
        fights = [
            a
            for a in by_verb.get("fight", [])
            if _row_after(state, seat, a) >= 3 or _price(a["card"]) >= 7 or state.phase == FINAL
        ]
        if fights:
            return max(fights, key=lambda a: _row_after(state, seat, a))
        if state.phase == FINAL:
            spare = [
                a
                for a in by_verb.get("sell", [])
                if "card" in a and CHESTS.get(_price(a["card"]), 0) == 0
            ]
            if spare:
                return spare[0]
        return {"seat": seat, "action": "pass"}
    if state.phase == TABLE:
        others = [p for i, p in enumerate(state.players) if i != seat]

        def use(card: str) -> int:
            return sum(len(p.rows.get(_colour(card) or "", [])) for p in others) + (
                3 if card.startswith("ship") else 0
            )

        return min(by_verb["table"], key=lambda a: (use(a["card"]), _price(a["card"])))
    return legal[0]
