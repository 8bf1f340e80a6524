"""The Räuber und Gendarm engine (RAEUBER_UND_GENDARM.md) behind the game protocol
(games.core.protocol).

Option: move_limit, 1-1000 moves per player, default 200 (RG5).

Actions:
    {"seat": 0, "action": "move", "move": "c3-e5-c7"}   RG1 notation, exactly a legal move
    {"seat": 1, "action": "resign"}                      either seat, any time (RG4)

Refusals (IllegalAction.code: when; params):
    game_over       the game has ended (RG4, RG5)
    not_your_turn   a move by the seat not to move (RG2); seat
    not_own_stone   the move starts on a square without a stone of the mover (RG3); move, square
    square_again    the move lands twice on one square, its start included (RG3); move
    jump_over_own   the move jumps over a stone of the mover's own colour (RG3); move
    illegal_move    any other move that is not legal here (RG3); move
MalformedAction: not an object, a seat other than 0 or 1, an unknown verb, a move that is not
squares joined by "-".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core.checkerboard import SQUARES, coords, parse_path, square_at
from games.core.errors import IllegalAction, MalformedAction
from games.core.protocol import Option, Status, Traits, resolve_options
from games.core.scenario import is_int

from .bots import BOTS
from .conformance import OUTCOME_KEYS, run
from .rules import STONE, STONES_PER_SIDE, Path, after, at_home, move_name
from .state import (
    DEFAULT_MOVE_LIMIT,
    STANDARD_BOARD,
    RaeuberState,
    board_to_dict,
    position_key,
)

REPETITIONS_DRAW = 3  # RG5
MOVE_LIMITS = tuple(range(1, 1001))  # RG5: the option's allowed values


class RaeuberUndGendarmGame:
    slug = "raeuber_und_gendarm"
    player_counts = (2,)
    options: tuple[Option, ...] = (Option("move_limit", MOVE_LIMITS, DEFAULT_MOVE_LIMIT),)
    # RG5: at most 2 x 1000 moves at the largest move limit, and one resignation.
    traits = Traits(perfect_information=True, chance=False, max_actions=2 * MOVE_LIMITS[-1] + 1)

    def __init__(self) -> None:
        self.bots = BOTS

    # --- Starting and storing ---------------------------------------------------------------

    def new(
        self, players: int, seed: str, options: Mapping[str, Any] | None = None
    ) -> RaeuberState:
        """The standard start (RG2); the seed is not needed, nothing is random."""
        if players != 2:
            raise ValueError("raeuber_und_gendarm is played by 2 players")
        move_limit = resolve_options(self.options, options)["move_limit"]
        return self.position(STANDARD_BOARD, 0, move_limit=move_limit)

    def position(
        self, board: str, to_move: int, plies: int = 0, move_limit: int = DEFAULT_MOVE_LIMIT
    ) -> RaeuberState:
        """A game from any position (a scenario's setup), which counts as its first occurrence
        (RG5). Over at once if the seat to move is blocked (RG4)."""
        start = None
        if (board, to_move, plies) != (STANDARD_BOARD, 0, 0):
            start = {"board": board_to_dict(board), "to_move": to_move}
            if plies:
                start["plies"] = plies
        state = RaeuberState(
            board=board,
            to_move=to_move,
            move_limit=move_limit,
            plies=plies,
            history=(position_key(board, to_move),),
            start=start,
        )
        return self._settle(state)

    def load(self, data: dict) -> RaeuberState:
        return RaeuberState.from_dict(data)

    def dump(self, state: RaeuberState) -> dict:
        return state.to_dict()

    # --- Asking -----------------------------------------------------------------------------

    def status(self, state: RaeuberState) -> Status:
        if not state.over:
            return Status(to_act=(state.to_move,), scores=(0, 0))
        ranking = tuple(1 if seat in state.winners else 2 for seat in (0, 1))
        return Status(round_over=True, over=True, ranking=ranking, scores=self._scores(state))

    def legal_actions(self, state: RaeuberState, seat: int) -> list[dict]:
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

    def apply(self, state: RaeuberState, action: dict) -> RaeuberState:
        if not isinstance(action, dict):
            raise MalformedAction("an action must be a JSON object")
        seat = action.get("seat")
        if not is_int(seat) or seat not in (0, 1):
            raise MalformedAction("an action needs a 'seat' of 0 or 1")
        verb = action.get("action")
        if verb not in ("move", "resign"):
            raise MalformedAction(f"unknown action {verb!r} (move or resign)")
        if state.over:
            raise IllegalAction("game_over", "the game is over", "RG4")
        if verb == "resign":  # RG4: either seat, on its turn or not; not a move
            return dataclasses.replace(
                state, result="win", end_reason="resigned", winners=(1 - seat,)
            )
        if seat != state.to_move:
            raise IllegalAction(
                "not_your_turn", f"it is seat {state.to_move}'s turn", "RG2", seat=seat
            )
        text = action.get("move")
        try:
            path = parse_path(text)
        except ValueError as e:
            raise MalformedAction(str(e)) from None
        if path in state.moves():
            return self._play(state, path)
        raise self._refusal(state, path, text)

    def _play(self, state: RaeuberState, path: Path) -> RaeuberState:
        board = after(state.board, path)
        seat = state.to_move
        moved = dataclasses.replace(
            state,
            board=board,
            to_move=1 - seat,
            plies=state.plies + 1,
            history=state.history + (position_key(board, 1 - seat),),
            last_move=move_name(path),
        )
        if at_home(board, seat) == STONES_PER_SIDE:  # RG4: home, checked first
            return dataclasses.replace(moved, result="win", end_reason="home", winners=(seat,))
        return self._settle(moved)

    def _settle(self, state: RaeuberState) -> RaeuberState:
        """RG4's order of checks once a position is reached (after the mover's home): the seat to
        move is blocked and loses; then threefold repetition; then the move limit (RG5)."""
        if not state.moves():
            end = ("win", "blocked", (1 - state.to_move,))
        elif state.repetitions >= REPETITIONS_DRAW:
            end = ("draw", "repetition", (0, 1))
        elif state.plies >= 2 * state.move_limit:
            end = ("draw", "move_limit", (0, 1))
        else:
            return state
        result, reason, winners = end
        return dataclasses.replace(state, result=result, end_reason=reason, winners=winners)

    def _refusal(self, state: RaeuberState, path: tuple[int, ...], text: str) -> IllegalAction:
        seat = state.to_move
        if state.board[path[0]] != STONE[seat]:
            return IllegalAction(
                "not_own_stone",
                f"{text} does not start on one of your stones",
                "RG3",
                move=text,
                square=SQUARES[path[0]],
            )
        if len(set(path)) < len(path):
            return IllegalAction(
                "square_again", f"{text} lands twice on one square", "RG3", move=text
            )
        for a, b in zip(path, path[1:], strict=False):
            (fa, ra), (fb, rb) = coords(a), coords(b)
            if abs(fa - fb) == abs(ra - rb) == 2:
                over = square_at((fa + fb) // 2, (ra + rb) // 2)
                if state.board[over] == STONE[seat]:
                    return IllegalAction(
                        "jump_over_own",
                        f"{text} jumps over your own stone on {SQUARES[over]}",
                        "RG3",
                        move=text,
                    )
        return IllegalAction("illegal_move", f"{text} is not a legal move", "RG3", move=text)

    def timeout_actions(self, state: RaeuberState, seat: int, rng: Random) -> list[dict]:
        """RG6: the easiest bot's move, a random legal move."""
        if state.over or seat != state.to_move:
            return []
        return [self.bots.choose(self.bots.levels[0], self.view(state, seat), rng)]

    # --- Showing ----------------------------------------------------------------------------

    def view(self, state: RaeuberState, seat: int | None) -> dict:
        """Everything (RG6: perfect information); only "seat" differs between viewers.

        For the table: the board ({"c3": "b", ...}), the seat to move (None once over), the
        counts (plies, moves left before the move limit, the repetitions of the current
        position, stones at home), the last move and the legal moves of the seat to move: as
        sorted strings, grouped by stone then final square ("movable", "destinations": several
        chains to one square mean the landing squares must be asked for). "positions" are the
        positions so far (RG5), for the bots."""
        over = state.over
        names = [] if over else sorted(move_name(m) for m in state.moves())
        destinations: dict[str, dict[str, list[str]]] = {}
        for name in names:
            squares = name.split("-")
            destinations.setdefault(squares[0], {}).setdefault(squares[-1], []).append(name)
        last = None
        if state.last_move is not None:
            last = {
                "seat": 1 - state.to_move,
                "move": state.last_move,
                "path": state.last_move.split("-"),
            }
        return {
            "game": self.slug,
            "seat": seat,
            "board": board_to_dict(state.board),
            "to_move": None if over else state.to_move,
            "plies": state.plies,
            "move_limit": state.move_limit,
            "moves_left": state.moves_left,
            "repetitions": state.repetitions,
            "positions": list(state.history),  # RG5: every position so far, the current last
            "at_home": state.at_home(),
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

    def _scores(self, state: RaeuberState) -> tuple[float, float]:
        if state.result == "draw":
            return 0.5, 0.5
        if state.result == "win":
            return tuple(1 if seat in state.winners else 0 for seat in (0, 1))
        return 0, 0

    # --- Records ----------------------------------------------------------------------------

    def round_setup(self, state: RaeuberState) -> dict:
        """The position the game began from, in the scenario format's "setup"."""
        if state.start is not None:
            return state.start
        return {"board": board_to_dict(STANDARD_BOARD), "to_move": 0}

    def round_result(self, state: RaeuberState) -> dict:
        return {
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": list(self._scores(state)),
            "plies": state.plies,
            "at_home": state.at_home(),
        }

    def scenarios(self, record: dict) -> list[dict]:
        """The match as a scenario of shared/scenarios/raeuber_und_gendarm/README.md's format,
        its expected outcome worked out by replaying it."""
        options = resolve_options(self.options, record.get("options"))
        out = []
        for rnd in record["rounds"]:
            scenario = {
                "game": self.slug,
                "note": "raeuber_und_gendarm: a game from the site's records",
                "players": 2,
                "options": options,
                "setup": rnd.get("setup") or self.round_setup(self.new(2, "")),
                "actions": list(rnd["actions"]),
            }
            got = run(self, scenario)
            expect = {key: got[key] for key in OUTCOME_KEYS}
            if got["status"] == "illegal":
                expect["illegal_index"] = got["illegal"]["index"]
            out.append({**scenario, "expect": expect})
        return out
