"""The conformance runner: `python -m games.einauge.scenario FILE.json` (or `-` for stdin).

Plays (the rest of) one game from an explicit position through this engine and prints the
outcome as one JSON object (shared/scenarios/einauge/README.md). An illegal action is an
outcome (exit 0); a malformed scenario exits 2 with one line on stderr.
"""

from __future__ import annotations

import sys
from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.scenario import MalformedScenario, is_int, main

from .cards import COLOURS, DISPLAY_SIZE, ROW_LIMIT, TABLE_SIZE, colour, is_card, is_ship
from .game import GAME, from_setup
from .state import ENDING, FINAL, NORMAL
from .views import summary

PLAYER_DEFAULTS = {"ducats": 20, "sabres": 2, "jewels": 1}  # EA2
SETUP_STAGES = (NORMAL, ENDING, FINAL)


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise MalformedScenario(f"{what} must be a list of cards")
    for card in value:
        if not is_card(card):
            raise MalformedScenario(f"unknown card {card!r} in {what}")
    return value


def _player(raw: Any, seat: int) -> dict:
    if not isinstance(raw, dict):
        raise MalformedScenario(f"player {seat} must be an object")
    out = {}
    for key, default in PLAYER_DEFAULTS.items():
        value = raw.get(key, default)
        if not is_int(value) or value < 0:
            raise MalformedScenario(f"player {seat}: {key} must be a whole number, 0 or more")
        out[key] = value
    rows = raw.get("rows", {})
    if not isinstance(rows, dict):
        raise MalformedScenario(f"player {seat}: 'rows' must be an object")
    out["rows"] = {}
    for name in COLOURS:  # EA1 order
        if name not in rows:
            continue
        row = _cards(rows[name], f"player {seat}'s {name} row")
        if len(row) > ROW_LIMIT:
            raise MalformedScenario(f"player {seat}: the {name} row holds more than 7 cards")
        if any(not is_ship(c) and colour(c) != name for c in row):
            raise MalformedScenario(f"player {seat}: the {name} row holds another colour")
        if row:
            out["rows"][name] = list(row)
    unknown = set(rows) - set(COLOURS)
    if unknown:
        raise MalformedScenario(f"player {seat}: unknown row {sorted(unknown)[0]!r}")
    loose = _cards(raw.get("loose_ships", []), f"player {seat}'s loose_ships")
    if len(loose) > ROW_LIMIT or any(not is_ship(c) for c in loose):
        raise MalformedScenario(f"player {seat}: loose_ships holds at most 7 ships, only ships")
    out["loose_ships"] = list(loose)
    return out


def load(scenario: Any) -> tuple[Any, list]:
    """Validate a scenario; its starting state and its actions."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    n = scenario.get("players")
    if not is_int(n) or n not in GAME.player_counts:
        raise MalformedScenario("'players' must be 2 to 5 (EA2)")
    options = scenario.get("options", {})
    if options is not None and not isinstance(options, dict):
        raise MalformedScenario("'options' must be an object")
    setup = scenario.get("setup")
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    raw_players = setup.get("players", [{}] * n)
    if not isinstance(raw_players, list) or len(raw_players) != n:
        raise MalformedScenario(f"setup 'players' must hold one object per seat ({n})")
    players = [_player(p, seat) for seat, p in enumerate(raw_players)]
    stage = setup.get("stage", NORMAL)
    if stage not in SETUP_STAGES:
        raise MalformedScenario(f"unknown stage {stage!r}")
    start = setup.get("start_player", 0)
    if not is_int(start) or not 0 <= start < n:
        raise MalformedScenario("'start_player' must be a seat")
    turn = setup.get("turn", start)
    if not is_int(turn) or not 0 <= turn < n:
        raise MalformedScenario("'turn' must be a seat")
    if stage == ENDING and turn == start:
        raise MalformedScenario("with stage 'ending' the start player's turn is over (EA11)")
    display = _cards(setup.get("display", []), "the display")
    table = _cards(setup.get("table", []), "the pirate table")
    deck = _cards(setup.get("deck", []), "the deck")
    if len(display) > DISPLAY_SIZE or (len(display) < DISPLAY_SIZE and deck):
        raise MalformedScenario("the display holds 6 cards (fewer only when the deck is empty)")
    if len(table) > TABLE_SIZE:
        raise MalformedScenario("the pirate table holds at most 6 cards")
    ships_seen = False
    for card in deck:
        ships_seen = ships_seen or is_ship(card)
        if ships_seen and not is_ship(card):
            raise MalformedScenario(f"island card {card} lies below a ship in the deck (EA2)")
    owned = [c for p in players for row in p["rows"].values() for c in row]
    owned += [c for p in players for c in p["loose_ships"]]
    named = display + table + deck + owned
    twice = {c for c in named if named.count(c) > 1}
    if twice:
        raise MalformedScenario(f"card {sorted(twice)[0]} is named twice")
    if stage == NORMAL and any(is_ship(c) for c in display + table + owned):
        raise MalformedScenario("with stage 'normal' every ship is still in the deck (EA11)")
    colours = setup.get("colours")
    if colours is None:
        present = {colour(c) for c in named if not is_ship(c)}
        colours = [c for c in COLOURS if c in present]
    elif not isinstance(colours, list) or any(c not in COLOURS for c in colours):
        raise MalformedScenario("'colours' must list colours of EA1")
    else:
        stray = [c for c in named if not is_ship(c) and colour(c) not in colours]
        if stray:
            raise MalformedScenario(f"card {stray[0]} is of a colour not in play")
        colours = [c for c in COLOURS if c in colours]
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    position = {
        "colours": colours,
        "start_player": start,
        "turn": turn,
        "stage": stage,
        "display": display,
        "table": table,
        "deck": deck,
        "players": players,
    }
    return from_setup(n, position, {"left_out": "random"}), actions


def run(scenario: Any) -> dict:
    state, actions = load(scenario)
    for index, action in enumerate(actions):
        try:
            state = GAME.apply(state, action)
        except (IllegalAction, MalformedAction) as e:
            return {
                "status": "illegal",
                "illegal": {"index": index, "reason": str(e)},
                **summary(state),
            }
    return {"status": "ok", **summary(state)}


if __name__ == "__main__":
    sys.exit(main("einauge", run))
