"""The scenario format of shared/scenarios/raeuber_und_gendarm/README.md: checking a scenario,
building its setup position, playing its actions through the engine and describing the outcome.
`python -m games.raeuber_und_gendarm.scenario` calls `run`; the engine's `scenarios()` exports
records with it.
"""

from __future__ import annotations

from typing import Any

from games.core.checkerboard import parse_square
from games.core.errors import GameError
from games.core.protocol import resolve_options
from games.core.scenario import MalformedScenario, is_int

from .rules import EMPTY, STONE, STONES_PER_SIDE, at_home, count_stones, move_name
from .state import RaeuberState, board_to_dict

SETUP_KEYS = {"board", "to_move", "plies"}
OUTCOME_KEYS = (
    "status",
    "to_move",
    "over",
    "winners",
    "scores",
    "result",
    "end_reason",
    "board",
    "plies",
    "repetitions",
    "in_target",
    "legal_moves",
)


def parse_options(game, options: Any) -> int:
    """The move limit (RG5) of a scenario's "options"; MalformedScenario for another key or a
    value that is not an integer 1-1000."""
    if not isinstance(options, dict):
        raise MalformedScenario("'options' must be an object")
    limit = options.get("move_limit", 200)
    if not is_int(limit):
        raise MalformedScenario("'move_limit' must be an integer from 1 to 1000")
    try:
        return resolve_options(game.options, options)["move_limit"]
    except ValueError as e:
        raise MalformedScenario(f"options: {e}") from None


def parse_setup(setup: Any, move_limit: int) -> tuple[str, int, int]:
    """(board, to_move, plies) of a scenario's "setup"; MalformedScenario for anything the
    README calls malformed."""
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise MalformedScenario(f"unknown key {sorted(unknown)[0]!r} in 'setup'")
    stones = setup.get("board")
    if not isinstance(stones, dict):
        raise MalformedScenario("'board' must be an object of square -> stone")
    cells = [EMPTY] * 32
    for name, stone in stones.items():
        try:
            sq = parse_square(name)
        except ValueError as e:
            raise MalformedScenario(f"board: {e}") from None
        if not isinstance(stone, str) or stone not in STONE:
            raise MalformedScenario(f"board: {stone!r} on {name} is not a stone (b w)")
        cells[sq] = stone
    board = "".join(cells)
    for seat, count in enumerate(count_stones(board)):
        if count != STONES_PER_SIDE:  # RG2
            raise MalformedScenario(f"board: seat {seat} has {count} stones, not 12")
        if at_home(board, seat) == STONES_PER_SIDE:  # RG4: that game is already won
            raise MalformedScenario(f"board: seat {seat} already has all 12 at home")
    to_move = setup.get("to_move")
    if not is_int(to_move) or to_move not in (0, 1):
        raise MalformedScenario("'to_move' must be 0 or 1")
    plies = setup.get("plies", 0)
    if not is_int(plies) or not 0 <= plies < 2 * move_limit:
        raise MalformedScenario("'plies' must be an integer from 0 to 2 x move_limit - 1")
    return board, to_move, plies


def load(game, scenario: Any) -> tuple[RaeuberState, list]:
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    if scenario.get("game") != game.slug:
        raise MalformedScenario(f"'game' must be {game.slug!r}")
    players = scenario.get("players")
    if not is_int(players) or players != 2:
        raise MalformedScenario("'players' must be 2")
    move_limit = parse_options(game, scenario.get("options", {}))
    if "setup" not in scenario:
        raise MalformedScenario("'setup' is missing")
    board, to_move, plies = parse_setup(scenario["setup"], move_limit)
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    return game.position(board, to_move, plies, move_limit), actions


def outcome(game, state: RaeuberState, illegal: dict | None = None) -> dict:
    out: dict[str, Any] = {"status": "illegal" if illegal else "ok"}
    if illegal:
        out["illegal"] = illegal
    moves = [] if state.over else state.moves()
    out.update(
        to_move=[] if state.over else [state.to_move],
        over=state.over,
        winners=list(state.winners),
        scores=list(game.status(state).scores),
        result=state.result,
        end_reason=state.end_reason,
        board=board_to_dict(state.board),
        plies=state.plies,
        repetitions=state.repetitions,
        in_target=state.at_home(),
        legal_moves=sorted(move_name(m) for m in moves),
    )
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
