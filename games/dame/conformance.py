"""The scenario format of shared/scenarios/dame/README.md (Schlagdame's is the same): checking a
scenario, building its setup position, playing its actions through the engine and describing
the outcome. `python -m games.dame.scenario` and `python -m games.schlagdame.scenario` call
`run`; the engine's `scenarios()` exports records with it.
"""

from __future__ import annotations

from typing import Any

from games.core.checkerboard import FAR_ROW, SQUARES, parse_square
from games.core.errors import GameError
from games.core.scenario import MalformedScenario, is_int

from .rules import MAN, SEAT_OF, count_pieces, move_name
from .state import DameState, board_to_dict

SETUP_KEYS = {"board", "to_move", "plies", "king_plies"}
OUTCOME_KEYS = (
    "status",
    "to_move",
    "over",
    "winners",
    "scores",
    "result",
    "end_reason",
    "board",
    "pieces",
    "plies",
    "king_plies",
    "repetitions",
    "last_captured",
    "legal_moves",
)


def parse_setup(setup: Any) -> tuple[str, int, int, int]:
    """(board, to_move, plies, king_plies) of a scenario's "setup"; MalformedScenario for
    anything the README calls malformed."""
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise MalformedScenario(f"unknown key {sorted(unknown)[0]!r} in 'setup'")
    pieces = setup.get("board")
    if not isinstance(pieces, dict):
        raise MalformedScenario("'board' must be an object of square -> piece")
    cells = ["."] * 32
    for name, piece in pieces.items():
        try:
            sq = parse_square(name)
        except ValueError as e:
            raise MalformedScenario(f"board: {e}") from None
        if not isinstance(piece, str) or piece not in SEAT_OF:
            raise MalformedScenario(f"board: {piece!r} on {name} is not a piece (w W b B)")
        if piece in MAN and sq in FAR_ROW[SEAT_OF[piece]]:
            raise MalformedScenario(f"board: a man {piece!r} on its own far row ({name})")
        cells[sq] = piece
    board = "".join(cells)
    for seat, count in enumerate(count_pieces(board)):
        if not 1 <= count <= 12:
            raise MalformedScenario(f"board: seat {seat} has {count} pieces (1 to 12)")
    to_move = setup.get("to_move")
    if not is_int(to_move) or to_move not in (0, 1):
        raise MalformedScenario("'to_move' must be 0 or 1")
    plies = setup.get("plies", 0)
    if not is_int(plies) or plies < 0:
        raise MalformedScenario("'plies' must be an integer >= 0")
    king_plies = setup.get("king_plies", 0)
    if not is_int(king_plies) or not 0 <= king_plies <= 39:
        raise MalformedScenario("'king_plies' must be an integer from 0 to 39")
    return board, to_move, plies, king_plies


def load(game, scenario: Any) -> tuple[DameState, list]:
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
    board, to_move, plies, king_plies = parse_setup(scenario["setup"])
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    return game.position(board, to_move, plies, king_plies), actions


def outcome(game, state: DameState, illegal: dict | None = None) -> dict:
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
        pieces=list(count_pieces(state.board)),
        plies=state.plies,
        king_plies=state.king_plies,
        repetitions=state.repetitions,
        last_captured=[SQUARES[sq] for sq in state.last_captured],
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
