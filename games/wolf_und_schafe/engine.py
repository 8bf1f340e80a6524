"""The Wolf und Schafe engine (WOLF_UND_SCHAFE.md) behind the game protocol (games.core.protocol).

Seat 0 plays the four sheep, seat 1 the wolf (WS2); which player takes which seat is the
lobby's business.

Actions:
    {"seat": 1, "action": "place", "square": "d8"}     the wolf's first action (WS2)
    {"seat": 0, "action": "move", "move": "c1-d2"}     WS1 notation, exactly a legal move
    {"seat": 1, "action": "resign"}                    either seat, any time (WS4)

Refusals (IllegalAction.code: when; params):
    game_over            the game has ended (WS4)
    wolf_not_placed      a move before the wolf stands on the board (WS2)
    wolf_already_placed  a placement once the wolf stands on the board (WS2)
    not_your_turn        an action by the seat not to act (WS2); seat
    not_a_wolf_start     a placement off b8 d8 f8 h8 (WS2); square
    square_taken         a placement or move onto an occupied square (WS2, WS3); square
    not_your_piece       a move from a square without a piece of the mover (WS3); square
    not_a_step           a move that is not one diagonal step, e.g. a jump (WS3); move
    sheep_backwards      a sheep stepping back towards rank 1 (WS3); move
MalformedAction: not an object, a seat other than 0 or 1, an unknown verb, a square that is not
a dark square's name, a move that is not squares joined by "-".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core.checkerboard import SQUARES, parse_path, parse_square
from games.core.errors import IllegalAction, MalformedAction
from games.core.protocol import Option, Status, Traits, resolve_options
from games.core.scenario import is_int

from .bots import BOTS
from .conformance import OUTCOME_KEYS, run
from .rules import (
    MAX_PLIES,
    SHEEP,
    SHEEP_STEPS,
    START_SHEEP,
    WOLF,
    WOLF_STARTS,
    WOLF_STEPS,
    after,
    ending,
    move_name,
    placements,
)
from .state import WolfState, board_dict

STANDARD_SETUP = {"board": board_dict(START_SHEEP, None), "to_move": SHEEP}


class WolfGame:
    slug = "wolf_und_schafe"
    player_counts = (2,)
    options: tuple[Option, ...] = ()  # the rules have no table options; sides: the lobby (WS2)
    # The placement, at most MAX_PLIES moves (WS4) and a resignation: a bound for any setup.
    # (From the standard start the longest game possible is 54 moves, found by a search over
    # every reachable position: 55 actions.)
    traits = Traits(perfect_information=True, chance=False, max_actions=1 + MAX_PLIES + 1)

    def __init__(self) -> None:
        self.bots = BOTS

    # --- Starting and storing ---------------------------------------------------------------

    def new(self, players: int, seed: str, options: Mapping[str, Any] | None = None) -> WolfState:
        """The standard start (WS2): four sheep on rank 1, the wolf still to be placed. Nothing
        is random, the seed is not needed."""
        if players != 2:
            raise ValueError(f"{self.slug} is played by 2 players")
        resolve_options(self.options, options)
        return WolfState(sheep=START_SHEEP, wolf=None, to_move=SHEEP)

    def position(self, sheep: int, wolf: int | None, to_move: int, plies: int = 0) -> WolfState:
        """A game from any position (a scenario's setup). With the wolf on the board it is over
        at once if the line is broken or the seat to move is blocked (WS4)."""
        start = None
        if (sheep, wolf, to_move, plies) != (START_SHEEP, None, SHEEP, 0):
            start = {"board": board_dict(sheep, wolf), "to_move": to_move}
            if plies:
                start["plies"] = plies
        state = WolfState(sheep=sheep, wolf=wolf, to_move=to_move, plies=plies, start=start)
        return state if wolf is None else self._settle(state)

    def load(self, data: dict) -> WolfState:
        return WolfState.from_dict(data)

    def dump(self, state: WolfState) -> dict:
        return state.to_dict()

    # --- Asking -----------------------------------------------------------------------------

    def status(self, state: WolfState) -> Status:
        if not state.over:
            return Status(to_act=(self._to_act(state),), scores=(0, 0))
        ranking = tuple(1 if seat in state.winners else 2 for seat in (SHEEP, WOLF))
        return Status(round_over=True, over=True, ranking=ranking, scores=self._scores(state))

    def legal_actions(self, state: WolfState, seat: int) -> list[dict]:
        if state.over:
            return []
        actions = []
        if seat == self._to_act(state):
            actions = [self._action(seat, state.placing, name) for name in self._legal(state)]
        return actions + [{"seat": seat, "action": "resign"}]

    def teams(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        return None

    @staticmethod
    def _to_act(state: WolfState) -> int:
        return WOLF if state.wolf is None else state.to_move

    @staticmethod
    def _legal(state: WolfState) -> list[str]:
        """The seat to act's moves, or while placing the free wolf starts, sorted (WS5)."""
        if state.over:
            return []
        if state.wolf is None:
            return sorted(SQUARES[sq] for sq in placements(state.sheep))
        return sorted(move_name(m) for m in state.moves())

    @staticmethod
    def _action(seat: int, placing: bool, name: str) -> dict:
        if placing:
            return {"seat": seat, "action": "place", "square": name}
        return {"seat": seat, "action": "move", "move": name}

    # --- Playing ----------------------------------------------------------------------------

    def apply(self, state: WolfState, action: dict) -> WolfState:
        if not isinstance(action, dict):
            raise MalformedAction("an action must be a JSON object")
        seat = action.get("seat")
        if not is_int(seat) or seat not in (SHEEP, WOLF):
            raise MalformedAction("an action needs a 'seat' of 0 or 1")
        verb = action.get("action")
        if verb not in ("place", "move", "resign"):
            raise MalformedAction(f"unknown action {verb!r} (place, move or resign)")
        if state.over:
            raise IllegalAction("game_over", "the game is over", "WS4")
        if verb == "resign":  # WS4: either seat, any time, also before the placement
            return dataclasses.replace(
                state, result="win", end_reason="resigned", winners=(1 - seat,)
            )
        if verb == "place":
            return self._place(state, seat, action.get("square"))
        return self._move(state, seat, action.get("move"))

    def _place(self, state: WolfState, seat: int, name: Any) -> WolfState:
        if state.wolf is not None:
            raise IllegalAction("wolf_already_placed", "the wolf is already on the board", "WS2")
        if seat != WOLF:
            raise IllegalAction(
                "not_your_turn", "the wolf's player places the wolf first", "WS2", seat=seat
            )
        try:
            square = parse_square(name)
        except ValueError as e:
            raise MalformedAction(str(e)) from None
        if square not in WOLF_STARTS:
            raise IllegalAction(
                "not_a_wolf_start",
                f"the wolf starts on b8, d8, f8 or h8, not {name}",
                "WS2",
                square=name,
            )
        if state.sheep >> square & 1:
            raise IllegalAction("square_taken", f"{name} is taken", "WS2", square=name)
        placed = dataclasses.replace(state, wolf=square, to_move=SHEEP, last_move=name)
        return self._settle(placed)  # WS4: the checks are made after the placement too

    def _move(self, state: WolfState, seat: int, text: Any) -> WolfState:
        if state.wolf is None:
            raise IllegalAction("wolf_not_placed", "the wolf must be placed first", "WS2")
        if seat != state.to_move:
            raise IllegalAction(
                "not_your_turn", f"it is seat {state.to_move}'s turn", "WS2", seat=seat
            )
        try:
            path = parse_path(text)
        except ValueError as e:
            raise MalformedAction(str(e)) from None
        if len(path) == 2 and path in state.moves():
            sheep, wolf = after(state.sheep, state.wolf, path)
            moved = dataclasses.replace(
                state,
                sheep=sheep,
                wolf=wolf,
                to_move=1 - seat,
                plies=state.plies + 1,
                last_move=text,
            )
            return self._settle(moved)
        raise self._refusal(state, path, text)

    def _refusal(self, state: WolfState, path: tuple[int, ...], text: str) -> IllegalAction:
        """Why a move that is not legal here is refused, most basic reason first (WS3)."""
        frm, to = path[0], path[-1]
        mover = state.to_move
        own = state.sheep >> frm & 1 if mover == SHEEP else frm == state.wolf
        if not own:
            piece = "sheep" if mover == SHEEP else "wolf"
            return IllegalAction(
                "not_your_piece",
                f"{text}: there is no {piece} on {SQUARES[frm]}",
                "WS3",
                square=SQUARES[frm],
            )
        if len(path) != 2 or to not in WOLF_STEPS[frm]:  # the four diagonal neighbours
            return IllegalAction(
                "not_a_step",
                f"{text}: a piece steps to a neighbouring dark square; nothing jumps",
                "WS3",
                move=text,
            )
        if mover == SHEEP and to not in SHEEP_STEPS[frm]:
            return IllegalAction(
                "sheep_backwards", f"{text}: sheep only move forward", "WS3", move=text
            )
        return IllegalAction(
            "square_taken", f"{text}: {SQUARES[to]} is taken", "WS3", square=SQUARES[to]
        )

    def _settle(self, state: WolfState) -> WolfState:
        """WS4's checks once a position is reached: the breakthrough, then a blocked seat."""
        end = ending(state.sheep, state.wolf, state.to_move)
        if end is None:
            return state
        reason, winner = end
        return dataclasses.replace(state, result="win", end_reason=reason, winners=(winner,))

    def timeout_actions(self, state: WolfState, seat: int, rng: Random) -> list[dict]:
        """WS5: the easiest bot's choice, a random move or a random free wolf start."""
        if state.over or seat != self._to_act(state):
            return []
        return [self.bots.choose(self.bots.levels[0], self.view(state, seat), rng)]

    # --- Showing ----------------------------------------------------------------------------

    def view(self, state: WolfState, seat: int | None) -> dict:
        """Everything (WS5: perfect information); only "seat" differs between viewers.

        For the table: the board ({"a1": "s", "d8": "w"}), the phase ("place", "move",
        "over"), the seat to act (None once over), the moves played, the last move or
        placement, and the legal actions of the seat to act as sorted strings (the free wolf
        starts while placing), also grouped by piece ("destinations": from -> to squares)."""
        legal = self._legal(state)
        destinations: dict[str, list[str]] = {}
        if state.wolf is not None:
            for name in legal:
                frm, to = name.split("-")
                destinations.setdefault(frm, []).append(to)
        return {
            "game": self.slug,
            "seat": seat,
            "roles": ["sheep", "wolf"],  # by seat (WS2)
            "board": board_dict(state.sheep, state.wolf),
            "phase": state.phase,
            "to_move": None if state.over else self._to_act(state),
            "plies": state.plies,
            "last_move": self._last_move(state),
            "legal_moves": legal,
            "movable": sorted(destinations),
            "destinations": destinations,
            "over": state.over,
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": list(self._scores(state)),
        }

    @staticmethod
    def _last_move(state: WolfState) -> dict | None:
        if state.last_move is None:
            return None
        if "-" not in state.last_move:
            return {"seat": WOLF, "action": "place", "square": state.last_move}
        return {"seat": 1 - state.to_move, "action": "move", "move": state.last_move}

    @staticmethod
    def _scores(state: WolfState) -> tuple[int, int]:
        """WS4: 1 for the winner, 0 for the loser; there are no draws."""
        if state.result == "win":
            return tuple(1 if seat in state.winners else 0 for seat in (SHEEP, WOLF))
        return (0, 0)

    # --- Records ----------------------------------------------------------------------------

    def round_setup(self, state: WolfState) -> dict:
        """The position the game began from, in the scenario format's "setup"."""
        return state.start if state.start is not None else dict(STANDARD_SETUP)

    def round_result(self, state: WolfState) -> dict:
        return {
            "result": state.result,
            "end_reason": state.end_reason,
            "winners": list(state.winners),
            "scores": list(self._scores(state)),
            "plies": state.plies,
        }

    def scenarios(self, record: dict) -> list[dict]:
        """The match as a scenario of shared/scenarios/wolf_und_schafe/README.md's format, its
        expected outcome worked out by replaying it."""
        out = []
        for rnd in record["rounds"]:
            scenario = {
                "game": self.slug,
                "note": f"{self.slug}: a game from the site's records",
                "players": 2,
                "options": {},
                "setup": rnd.get("setup") or dict(STANDARD_SETUP),
                "actions": list(rnd["actions"]),
            }
            got = run(self, scenario)
            expect = {key: got[key] for key in OUTCOME_KEYS}
            if got["status"] == "illegal":
                expect["illegal_index"] = got["illegal"]["index"]
            out.append({**scenario, "expect": expect})
        return out
