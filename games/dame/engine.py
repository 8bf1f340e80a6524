"""The Dame engine (DAME.md), and Schlagdame's with the goal turned round (SCHLAGDAME.md SD1),
behind the game protocol (games.core.protocol).

Actions:
    {"seat": 0, "action": "move", "move": "c3-e5-c7"}   DA1 notation, exactly a legal move
    {"seat": 1, "action": "resign"}                      either seat, any time (DA7)

Refusals (IllegalAction.code: when; params):
    game_over       the game has ended (DA7)
    not_your_turn   a move by the seat not to move (DA2); seat
    must_capture    a move without capture while capturing is compulsory (DA4); move, most
    majority_rule   a capture of fewer pieces than the most, or one stopped early (DA4);
                    move, most, captured
    illegal_move    any other move that is not legal here (DA3-DA5); move
MalformedAction: not an object, a seat other than 0 or 1, an unknown verb, a move that is not
squares joined by "-".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core.checkerboard import SQUARES, parse_path
from games.core.errors import IllegalAction, MalformedAction
from games.core.protocol import Option, Status, Traits, resolve_options
from games.core.scenario import is_int

from .bots import BOTS
from .conformance import OUTCOME_KEYS, run
from .rules import (
    after,
    all_capture_prefixes,
    count_pieces,
    is_king_quiet_move,
    move_name,
    quiet_moves,
    record_name,
)
from .state import STANDARD_BOARD, DameState, board_to_dict, position_key

KING_PLIES_DRAW = 40  # DA6: twenty moves by each player
REPETITIONS_DRAW = 3  # DA6


class DameGame:
    """One engine for both lobby entries: `misere` turns DA7's first rule round (SD1)."""

    player_counts = (2,)
    options: tuple[Option, ...] = ()
    # A true bound (DA6): at most 39 king moves without capture follow each man move or
    # capture, the 40th ends the game. Captures remove a piece each (at most 24); a man's step
    # gains a rank (24 men, 7 ranks each) and only its captures' jumps, 2 ranks back each (at
    # most 24 jumps), give ranks back: at most 24 * 7 + 2 * 24 + 24 such moves, plus a resignation.
    traits = Traits(
        perfect_information=True,
        chance=False,
        max_actions=40 * (24 * 7 + 2 * 24 + 24 + 1) + 1,
    )

    def __init__(self, slug: str, misere: bool) -> None:
        self.slug = slug
        self.misere = misere
        self.bots = BOTS

    # --- Starting and storing ---------------------------------------------------------------

    def new(self, players: int, seed: str, options: Mapping[str, Any] | None = None) -> DameState:
        """The standard start (DA2); the seed is not needed, nothing is random."""
        if players != 2:
            raise ValueError(f"{self.slug} is played by 2 players")
        resolve_options(self.options, options)
        return self.position(STANDARD_BOARD, 0)

    def position(self, board: str, to_move: int, plies: int = 0, king_plies: int = 0) -> DameState:
        """A game from any position (a scenario's setup), which counts as its first occurrence
        (DA6). Over at once if the seat to move cannot move (DA7, SD1)."""
        start = None
        if (board, to_move, plies, king_plies) != (STANDARD_BOARD, 0, 0, 0):
            start = {"board": board_to_dict(board), "to_move": to_move}
            if plies or king_plies:
                start.update(plies=plies, king_plies=king_plies)
        state = DameState(
            board=board,
            to_move=to_move,
            plies=plies,
            king_plies=king_plies,
            history=(position_key(board, to_move),),
            start=start,
        )
        return self._settle(state)

    def load(self, data: dict) -> DameState:
        return DameState.from_dict(data)

    def dump(self, state: DameState) -> dict:
        return state.to_dict()

    # --- Asking -----------------------------------------------------------------------------

    def status(self, state: DameState) -> Status:
        over = state.over
        if not over:
            return Status(to_act=(state.to_move,), scores=(0, 0))
        scores = tuple(self._scores(state))
        ranking = tuple(1 if seat in state.winners else 2 for seat in (0, 1))
        return Status(round_over=True, over=True, ranking=ranking, scores=scores)

    def legal_actions(self, state: DameState, seat: int) -> list[dict]:
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

    def apply(self, state: DameState, action: dict) -> DameState:
        if not isinstance(action, dict):
            raise MalformedAction("an action must be a JSON object")
        seat = action.get("seat")
        if not is_int(seat) or seat not in (0, 1):
            raise MalformedAction("an action needs a 'seat' of 0 or 1")
        verb = action.get("action")
        if verb not in ("move", "resign"):
            raise MalformedAction(f"unknown action {verb!r} (move or resign)")
        if state.over:
            raise IllegalAction("game_over", "the game is over", "DA7")
        if verb == "resign":  # DA7: either seat, on its turn or not; not a move
            return dataclasses.replace(
                state, result="win", end_reason="resigned", winners=(1 - seat,)
            )
        if seat != state.to_move:
            raise IllegalAction(
                "not_your_turn", f"it is seat {state.to_move}'s turn", "DA2", seat=seat
            )
        text = action.get("move")
        try:
            path = parse_path(text)
        except ValueError as e:
            raise MalformedAction(str(e)) from None
        for move in state.moves():
            if move[0] == path:
                return self._play(state, move)
        raise self._refusal(state, path, text)

    def _play(self, state: DameState, move) -> DameState:
        board = after(state.board, move)
        to_move = 1 - state.to_move
        key = position_key(board, to_move)
        reversible = is_king_quiet_move(state.board, move)  # DA6: only king moves can repeat
        return self._settle(
            DameState(
                board=board,
                to_move=to_move,
                plies=state.plies + 1,
                king_plies=state.king_plies + 1 if reversible else 0,
                history=state.history + (key,) if reversible else (key,),
                last_move=move_name(move),
                last_captured=tuple(sorted(move[1], key=SQUARES.__getitem__)),  # by name
                start=state.start,
            )
        )

    def _settle(self, state: DameState) -> DameState:
        """DA7's order of checks once a position is reached: a seat to move without a move
        loses (Dame) or wins (Schlagdame, SD1); then threefold repetition; then the twenty-move
        rule (DA6)."""
        if not state.moves():
            winner = state.to_move if self.misere else 1 - state.to_move
            end = ("win", "no_move", (winner,))
        elif state.repetitions >= REPETITIONS_DRAW:
            end = ("draw", "repetition", (0, 1))
        elif state.king_plies >= KING_PLIES_DRAW:
            end = ("draw", "king_moves", (0, 1))
        else:
            return state
        result, reason, winners = end
        return dataclasses.replace(state, result=result, end_reason=reason, winners=winners)

    def _refusal(self, state: DameState, path: tuple[int, ...], text: str) -> IllegalAction:
        moves = state.moves()
        most = len(moves[0][1]) if moves else 0
        if most and path in all_capture_prefixes(state.board, state.to_move):
            return IllegalAction(
                "majority_rule",
                f"{text} captures {len(path) - 1}, but a capture of {most} is possible",
                "DA4",
                move=text,
                most=most,
                captured=len(path) - 1,
            )
        if most and path in {m[0] for m in quiet_moves(state.board, state.to_move)}:
            return IllegalAction(
                "must_capture",
                f"{text} does not capture, and a capture of {most} is compulsory",
                "DA4",
                move=text,
                most=most,
            )
        return IllegalAction("illegal_move", f"{text} is not a legal move", "DA3", move=text)

    def timeout_actions(self, state: DameState, seat: int, rng: Random) -> list[dict]:
        """DA8: the easiest bot's move, a random legal move."""
        if state.over or seat != state.to_move:
            return []
        return [self.bots.choose(self.bots.levels[0], self.view(state, seat), rng)]

    # --- Showing ----------------------------------------------------------------------------

    def view(self, state: DameState, seat: int | None) -> dict:
        """Everything (DA8: perfect information); only "seat" differs between viewers.

        For the table: the board ({"c3": "w", ...}), the seat to move (None once over), the
        counts (plies, king_plies, repetitions), the last move (with its record notation
        "c3xe5" and captured squares) and the legal moves of the seat to move: as sorted
        strings, grouped by piece then final square ("movable", "destinations": several routes
        to one square mean the landing squares must be asked for), with what each captures.
        "positions" are the positions that can still recur (DA6), for the bots."""
        over = state.over
        moves = [] if over else state.moves()
        names = {move_name(m): m for m in moves}
        destinations: dict[str, dict[str, list[str]]] = {}
        for name in sorted(names):
            path = names[name][0]
            destinations.setdefault(SQUARES[path[0]], {}).setdefault(SQUARES[path[-1]], []).append(
                name
            )
        return {
            "game": self.slug,
            "seat": seat,
            "board": board_to_dict(state.board),
            "to_move": None if over else state.to_move,
            "plies": state.plies,
            "king_plies": state.king_plies,
            "repetitions": state.repetitions,
            "positions": list(state.history),  # DA6: the positions that can still recur
            "pieces": list(count_pieces(state.board)),
            "last_move": self._last_move(state),
            "legal_moves": sorted(names),
            "capture_size": len(moves[0][1]) if moves else 0,
            "movable": sorted(destinations),
            "destinations": destinations,  # from -> final square -> the routes ending there
            "captures": {n: sorted(SQUARES[sq] for sq in m[1]) for n, m in names.items()},
            "over": over,
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": self._scores(state),
        }

    def _last_move(self, state: DameState) -> dict | None:
        if state.last_move is None:
            return None
        path = parse_path(state.last_move)
        return {
            "seat": 1 - state.to_move,
            "move": state.last_move,
            "record": record_name((path, state.last_captured)),
            "path": [SQUARES[sq] for sq in path],
            "captured": [SQUARES[sq] for sq in state.last_captured],
        }

    def _scores(self, state: DameState) -> list[float]:
        if state.result == "draw":
            return [0.5, 0.5]
        if state.result == "win":
            return [1 if seat in state.winners else 0 for seat in (0, 1)]
        return [0, 0]

    # --- Records ----------------------------------------------------------------------------

    def round_setup(self, state: DameState) -> dict:
        """The position the game began from, in the scenario format's "setup"."""
        if state.start is not None:
            return state.start
        return {"board": board_to_dict(STANDARD_BOARD), "to_move": 0}

    def round_result(self, state: DameState) -> dict:
        return {
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": self._scores(state),
            "plies": state.plies,
        }

    def scenarios(self, record: dict) -> list[dict]:
        """The match as a scenario of shared/scenarios/dame/README.md's format, its expected
        outcome worked out by replaying it."""
        out = []
        for rnd in record["rounds"]:
            scenario = {
                "game": self.slug,
                "note": f"{self.slug}: a game from the site's records",
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
