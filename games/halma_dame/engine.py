"""The Halma-Dame engine (HALMA_DAME.md) behind the game protocol (games.core.protocol).

Actions:
    {"seat": 0, "action": "move", "move": "c3-e5-g7"}   HD1 notation, exactly a legal move
    {"seat": 1, "action": "resign"}                      either seat, any time (HD5)
There is no pass action: a seat without a move passes automatically (HD5).

Refusals (IllegalAction.code: when; params):
    game_over       the game has ended (HD4, HD5)
    not_your_turn   a move by the seat not to move (HD2, HD5); seat
    not_own_stone   the move starts on a square without a stone of the mover (HD3); move, square
    not_forward     the move goes backwards or sideways (HD3); move
    illegal_move    any other move that is not legal here (HD3); move
MalformedAction: not an object, a seat other than 0 or 1, an unknown verb, a move that is not
squares joined by "-".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core.checkerboard import SQUARES, parse_path, relative_rank
from games.core.errors import IllegalAction, MalformedAction
from games.core.protocol import Option, Status, Traits, resolve_options
from games.core.scenario import is_int

from .bots import BOTS
from .conformance import OUTCOME_KEYS, run
from .rules import STONE, STONES_PER_SIDE, Path, after, can_move, in_target, move_name
from .state import STANDARD_BOARD, HalmaState, board_to_dict

# HD5: every move takes a stone at least one rank forward, and each side's stones can advance
# 4 x 7 + 4 x 6 = 52 ranks in all: at most 104 moves, and one resignation.
MAX_MOVES = 2 * (4 * 7 + 4 * 6)


class HalmaDameGame:
    slug = "halma_dame"
    player_counts = (2,)
    options: tuple[Option, ...] = ()
    traits = Traits(perfect_information=True, chance=False, max_actions=MAX_MOVES + 1)

    def __init__(self) -> None:
        self.bots = BOTS

    # --- Starting and storing ---------------------------------------------------------------

    def new(self, players: int, seed: str, options: Mapping[str, Any] | None = None) -> HalmaState:
        """The standard start (HD2); the seed is not needed, nothing is random."""
        if players != 2:
            raise ValueError("halma_dame is played by 2 players")
        resolve_options(self.options, options)
        return self.position(STANDARD_BOARD, 0)

    def position(self, board: str, to_move: int, plies: int = 0) -> HalmaState:
        """A game from any position (a scenario's setup). HD5 applies at once: the seat to move
        passes if it cannot move, and the game is over if neither can."""
        start = None
        if (board, to_move, plies) != (STANDARD_BOARD, 0, 0):
            start = {"board": board_to_dict(board), "to_move": to_move}
            if plies:
                start["plies"] = plies
        return self._settle(HalmaState(board=board, to_move=to_move, plies=plies, start=start))

    def load(self, data: dict) -> HalmaState:
        return HalmaState.from_dict(data)

    def dump(self, state: HalmaState) -> dict:
        return state.to_dict()

    # --- Asking -----------------------------------------------------------------------------

    def status(self, state: HalmaState) -> Status:
        if not state.over:
            return Status(to_act=(state.to_move,), scores=(0, 0))
        ranking = tuple(1 if seat in state.winners else 2 for seat in (0, 1))
        return Status(round_over=True, over=True, ranking=ranking, scores=self._scores(state))

    def legal_actions(self, state: HalmaState, seat: int) -> list[dict]:
        if state.over:
            return []
        actions = [{"seat": seat, "action": "resign"}]
        if seat == state.to_move:
            names = sorted(move_name(m) for m in state.moves())
            actions = [{"seat": seat, "action": "move", "move": n} for n in names] + actions
        return actions

    def teams(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        return None

    # --- Playing ----------------------------------------------------------------------------

    def apply(self, state: HalmaState, action: dict) -> HalmaState:
        if not isinstance(action, dict):
            raise MalformedAction("an action must be a JSON object")
        seat = action.get("seat")
        if not is_int(seat) or seat not in (0, 1):
            raise MalformedAction("an action needs a 'seat' of 0 or 1")
        verb = action.get("action")
        if verb not in ("move", "resign"):
            raise MalformedAction(f"unknown action {verb!r} (move or resign)")
        if state.over:
            raise IllegalAction("game_over", "the game is over", "HD5")
        if verb == "resign":  # HD5: either seat, on its turn or not; not a move
            return dataclasses.replace(
                state, result="win", end_reason="resigned", winners=(1 - seat,), passed=None
            )
        if seat != state.to_move:
            raise IllegalAction(
                "not_your_turn", f"it is seat {state.to_move}'s turn", "HD2", seat=seat
            )
        text = action.get("move")
        try:
            path = parse_path(text)
        except ValueError as e:
            raise MalformedAction(str(e)) from None
        if path in state.moves():
            return self._play(state, path)
        raise self._refusal(state, path, text)

    def _play(self, state: HalmaState, path: Path) -> HalmaState:
        board = after(state.board, path)
        seat = state.to_move
        moved = dataclasses.replace(
            state,
            board=board,
            to_move=1 - seat,
            plies=state.plies + 1,
            last_move=move_name(path),
            last_seat=seat,
            passed=None,
        )
        if in_target(board, seat) == STONES_PER_SIDE:  # HD4: home, at once
            return dataclasses.replace(moved, result="win", end_reason="home", winners=(seat,))
        return self._settle(moved)

    def _settle(self, state: HalmaState) -> HalmaState:
        """HD5 once a position is reached: a seat to move without a move passes automatically
        while the other can move; when neither can, more stones in the target area win."""
        if state.moves():
            return state
        other = 1 - state.to_move
        if can_move(state.board, other):
            passes = list(state.passes)
            passes[state.to_move] += 1
            return dataclasses.replace(
                state, to_move=other, passes=tuple(passes), passed=state.to_move
            )
        black, white = state.in_target()
        if black == white:
            return dataclasses.replace(state, result="draw", end_reason="stuck", winners=(0, 1))
        winner = 0 if black > white else 1
        return dataclasses.replace(state, result="win", end_reason="stuck", winners=(winner,))

    def _refusal(self, state: HalmaState, path: tuple[int, ...], text: str) -> IllegalAction:
        seat = state.to_move
        if state.board[path[0]] != STONE[seat]:
            return IllegalAction(
                "not_own_stone",
                f"{text} does not start on one of your stones",
                "HD3",
                move=text,
                square=SQUARES[path[0]],
            )
        ranks = [relative_rank(sq, seat) for sq in path]
        if any(b <= a for a, b in zip(ranks, ranks[1:], strict=False)):
            return IllegalAction(
                "not_forward", f"{text} does not go forward all the way", "HD3", move=text
            )
        return IllegalAction("illegal_move", f"{text} is not a legal move", "HD3", move=text)

    def timeout_actions(self, state: HalmaState, seat: int, rng: Random) -> list[dict]:
        """HD6: the easiest bot's move, a random legal move (an automatic pass needs none)."""
        if state.over or seat != state.to_move:
            return []
        return [self.bots.choose(self.bots.levels[0], self.view(state, seat), rng)]

    # --- Showing ----------------------------------------------------------------------------

    def view(self, state: HalmaState, seat: int | None) -> dict:
        """Everything (HD6: perfect information); only "seat" differs between viewers.

        For the table: the board ({"c3": "b", ...}), the seat to move (None once over), the
        counts (plies, passes, stones in each target area), the last move and who played it,
        the seat that then passed automatically, and the legal moves of the seat to move: as
        sorted strings, grouped by stone then final square ("movable", "destinations": several
        chains to one square mean the landing squares must be asked for)."""
        over = state.over
        names = [] if over else sorted(move_name(m) for m in state.moves())
        destinations: dict[str, dict[str, list[str]]] = {}
        for name in names:
            squares = name.split("-")
            destinations.setdefault(squares[0], {}).setdefault(squares[-1], []).append(name)
        last = None
        if state.last_move is not None:
            last = {
                "seat": state.last_seat,
                "move": state.last_move,
                "path": state.last_move.split("-"),
            }
        return {
            "game": self.slug,
            "seat": seat,
            "board": board_to_dict(state.board),
            "to_move": None if over else state.to_move,
            "plies": state.plies,
            "passes": list(state.passes),
            "passed": state.passed,
            "in_target": state.in_target(),
            "last_move": last,
            "legal_moves": names,
            "movable": sorted(destinations),
            "destinations": destinations,  # from -> final square -> the chains ending there
            "over": over,
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": list(self._scores(state)),
        }

    def _scores(self, state: HalmaState) -> tuple[float, float]:
        if state.result == "draw":
            return 0.5, 0.5
        if state.result == "win":
            return tuple(1 if seat in state.winners else 0 for seat in (0, 1))
        return 0, 0

    # --- Records ----------------------------------------------------------------------------

    def round_setup(self, state: HalmaState) -> dict:
        """The position the game began from, in the scenario format's "setup"."""
        if state.start is not None:
            return state.start
        return {"board": board_to_dict(STANDARD_BOARD), "to_move": 0}

    def round_result(self, state: HalmaState) -> dict:
        return {
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": list(self._scores(state)),
            "plies": state.plies,
            "passes": list(state.passes),
            "in_target": state.in_target(),
        }

    def scenarios(self, record: dict) -> list[dict]:
        """The match as a scenario of shared/scenarios/halma_dame/README.md's format, its
        expected outcome worked out by replaying it."""
        out = []
        for rnd in record["rounds"]:
            scenario = {
                "game": self.slug,
                "note": "halma_dame: a game from the site's records",
                "players": 2,
                "options": {},
                "setup": rnd.get("setup") or self.round_setup(self.new(2, "")),
                "actions": list(rnd["actions"]),
            }
            got = run(self, scenario)
            expect = {key: got[key] for key in OUTCOME_KEYS}
            if got["status"] == "illegal":
                expect["illegal_index"] = got["illegal"]["index"]
            out.append({**scenario, "expect": expect})
        return out
