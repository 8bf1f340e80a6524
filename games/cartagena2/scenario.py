"""The conformance runner: `python -m games.cartagena2.scenario FILE.json` (or `-` for stdin).

Plays a scenario (shared/scenarios/cartagena2/README.md) from its explicit position through this
engine and prints the outcome as one JSON object. An illegal action is an outcome (exit 0); a
malformed scenario, including an action naming an unknown card or position, exits 2 with one
line on stderr.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.scenario import MalformedScenario, is_int, main

from .board import (
    BOAT,
    BOAT_LIMIT,
    FACES,
    NEST,
    PIRATES,
    SPACE_LIMIT,
    STANDARD,
    START,
    SYMBOLS,
    parse_position,
)
from .cards import COPIES, is_card
from .engine import apply, begin_turn
from .state import State
from .views import outcome


def _tiles(raw: Any) -> list:
    if not isinstance(raw, list) or len(raw) != 5:
        raise MalformedScenario("'board' must list 5 tiles (CG2)")
    for tile in raw:
        named = isinstance(tile, str) and tile in FACES
        listed = isinstance(tile, list) and sorted(map(str, tile)) == sorted(SYMBOLS)
        if not named and not (listed and len(tile) == 7):
            raise MalformedScenario(f"tile {tile!r} is neither a face name nor the seven symbols")
    return [t if isinstance(t, str) else list(t) for t in raw]


def _per_seat(setup: dict, key: str, players: int, default) -> list:
    value = setup.get(key, default)
    if not isinstance(value, list) or len(value) != players:
        raise MalformedScenario(f"'{key}' must hold one list per seat")
    if not all(isinstance(v, list) for v in value):
        raise MalformedScenario(f"'{key}' must hold one list per seat")
    return value


def _cards(raw: Any, what: str) -> list[str]:
    if not isinstance(raw, list):
        raise MalformedScenario(f"'{what}' must be a list of cards")
    for card in raw:
        if not is_card(card):
            raise MalformedScenario(f"unknown card {card!r} in {what}")
    return list(raw)


def _pirates(raw: list, boat: int) -> list[list[int]]:
    pirates = []
    for seat, names in enumerate(raw):
        if len(names) != PIRATES:
            raise MalformedScenario(f"seat {seat} must have exactly 6 pirates")
        try:
            positions = sorted(parse_position(p) for p in names)
        except ValueError as e:
            raise MalformedScenario(str(e)) from None
        if positions.count(BOAT) > BOAT_LIMIT:
            raise MalformedScenario(f"seat {seat} has more than 3 pirates in the boat (CG2)")
        if positions.count(NEST) == PIRATES:
            raise MalformedScenario(f"seat {seat} already has all 6 pirates in the nest")
        pirates.append(positions)
    crowd = Counter(p for ps in pirates for p in ps if p not in (START, BOAT, NEST))
    if crowd and max(crowd.values()) > SPACE_LIMIT:
        raise MalformedScenario("more than 3 pirates on one space (CG2)")
    return pirates


def load(scenario: Any) -> tuple[State, list]:
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    players = scenario.get("players")
    if not is_int(players) or not 2 <= players <= 5:
        raise MalformedScenario("'players' must be 2 to 5")
    if not isinstance(scenario.get("options", {}), dict):
        raise MalformedScenario("'options' must be an object")
    setup = scenario.get("setup", {})
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    tiles = _tiles(setup.get("board", list(STANDARD)))
    boat = setup.get("boat", 1)
    if not is_int(boat) or boat not in (1, 2):
        raise MalformedScenario("'boat' must be 1 or 2")
    start = [["start"] * PIRATES for _ in range(players)]
    pirates = _pirates(_per_seat(setup, "pirates", players, start), boat)
    hands = [_cards(h, "hands") for h in _per_seat(setup, "hands", players, [[]] * players)]
    deck = _cards(setup.get("deck", []), "deck")
    discard = _cards(setup.get("discard", []), "discard")
    counts = Counter(deck) + Counter(discard) + sum(map(Counter, hands), Counter())
    for card, n in counts.items():
        if n > COPIES[card]:
            raise MalformedScenario(f"{n} cards {card}: the game has {COPIES[card]} (CG1)")
    preset = setup.get("reshuffles")
    if preset is not None:
        if not isinstance(preset, list):
            raise MalformedScenario("'reshuffles' must be a list of draw-pile orders")
        preset = [_cards(order, "reshuffles") for order in preset]
    turn = setup.get("turn", 0)
    if not is_int(turn) or not 0 <= turn < players:
        raise MalformedScenario("'turn' must be a seat")
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    state = State(
        players=players,
        tiles=tiles,
        boat=boat,
        pirates=pirates,
        hands=hands,
        deck=deck,
        discard=discard,
        turn=turn,
        preset=preset,
    )
    begin_turn(state, turn)  # a scenario begins at the start of a turn (CG8 decided now)
    return state, actions


def run(scenario: Any) -> dict:
    state, actions = load(scenario)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as e:
            return {
                **outcome(state),
                "status": "illegal",
                "illegal": {"index": index, "reason": str(e)},
            }
        except MalformedAction as e:
            raise MalformedScenario(f"action {index}: {e}") from None
    return outcome(state)


if __name__ == "__main__":
    sys.exit(main("cartagena2", run))
