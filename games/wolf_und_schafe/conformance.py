"""The scenario format of shared/scenarios/wolf_und_schafe/README.md: checking a scenario,
building its setup position, playing its actions through the engine and describing the outcome.
`python -m games.wolf_und_schafe.scenario` calls `run`; the engine's `scenarios()` exports
records with it.
"""

from __future__ import annotations

from typing import Any

from games.core.checkerboard import parse_square
from games.core.errors import GameError
from games.core.scenario import MalformedScenario, is_int

from .rules import PIECE, SHEEP, SHEEP_COUNT, WOLF, broken_through, placements

SETUP_KEYS = {"board", "to_move", "plies"}
OUTCOME_KEYS = (
    "status",
    "to_move",
    "over",
    "winners",
    "scores",
    "result",
    "end_reason",
    "phase",
    "board",
    "plies",
    "legal_moves",
)


def parse_setup(setup: Any) -> tuple[int, int | None, int, int]:
    """(sheep, wolf, to_move, plies) of a scenario's "setup"; MalformedScenario for anything the
    README calls malformed."""
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise MalformedScenario(f"unknown key {sorted(unknown)[0]!r} in 'setup'")
    board = setup.get("board")
    if not isinstance(board, dict):
        raise MalformedScenario("'board' must be an object of square -> piece")
    sheep, wolves = 0, []
    for name, piece in board.items():
        try:
            sq = parse_square(name)
        except ValueError as e:
            raise MalformedScenario(f"board: {e}") from None
        if piece == PIECE[SHEEP]:
            sheep |= 1 << sq
        elif piece == PIECE[WOLF]:
            wolves.append(sq)
        else:
            raise MalformedScenario(f"board: {piece!r} on {name} is not a piece (s or w)")
    if sheep.bit_count() != SHEEP_COUNT:
        raise MalformedScenario(f"board: {sheep.bit_count()} sheep, not {SHEEP_COUNT} (WS2)")
    if len(wolves) > 1:
        raise MalformedScenario(f"board: {len(wolves)} wolves (WS2: one)")
    wolf = wolves[0] if wolves else None
    to_move = setup.get("to_move")
    if not is_int(to_move) or to_move not in (SHEEP, WOLF):
        raise MalformedScenario("'to_move' must be 0 or 1")
    plies = setup.get("plies", 0)
    if not is_int(plies) or plies < 0:
        raise MalformedScenario("'plies' must be an integer >= 0")
    if wolf is None:
        if to_move != SHEEP:
            raise MalformedScenario("before the wolf is placed 'to_move' must be 0 (WS2)")
        if not placements(sheep):
            raise MalformedScenario("no free square among b8 d8 f8 h8 for the wolf (WS2)")
    elif broken_through(sheep, wolf):
        raise MalformedScenario("the wolf has already broken through (WS4)")
    return sheep, wolf, to_move, plies


def load(game, scenario: Any):
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    if scenario.get("game") != game.slug:
        raise MalformedScenario(f"'game' must be {game.slug!r}")
    players = scenario.get("players")
    if not is_int(players) or players != 2:
        raise MalformedScenario("'players' must be 2")
    options = scenario.get("options", {})
    if not isinstance(options, dict) or options:
        raise MalformedScenario(f"{game.slug} has no options: 'options' must be {{}}")
    if "setup" not in scenario:
        raise MalformedScenario("'setup' is missing")
    sheep, wolf, to_move, plies = parse_setup(scenario["setup"])
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    return game.position(sheep, wolf, to_move, plies), actions


def outcome(game, state, illegal: dict | None = None) -> dict:
    out: dict[str, Any] = {"status": "illegal" if illegal else "ok"}
    if illegal:
        out["illegal"] = illegal
    view = game.view(state, None)
    out.update({key: view[key] for key in OUTCOME_KEYS if key in view})
    out["to_move"] = [] if state.over else [view["to_move"]]
    return out


def run(game, scenario: Any) -> dict:
    """Play a scenario; the first refused action (illegal or not an action at all: never
    malformed, README) stops it."""
    state, actions = load(game, scenario)
    for index, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except GameError as e:
            return outcome(game, state, {"index": index, "reason": str(e)})
    return outcome(game, state)
