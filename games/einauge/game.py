"""Einauge sei wachsam! as the platform sees it: the game protocol (games/core/protocol.py).

Randomness (games.core.rng streams of the match seed, public labels):
    "left-out"       EA2 Decided: the colours removed, the first k of the shuffled EA1 colours
                     (k = 3, 2, 1, 0 for 2-5 players)
    "start-player"   EA2 Decided: the start player, uniform over the seats
    "deck"           EA2: the island cards in play (canonical order) shuffled; the draw pile
    "ships"          EA2: the 8 ships (canonical order) shuffled, put under the pile
The first six cards of the pile form the display, the seventh goes onto the pirate table.
A match is one game (Status.round stays 1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Option, Status, Stream, Traits
from games.core.protocol import resolve_options
from games.core.rng import shuffled

from .bots import BOTS, timeout_action
from .cards import COLOURS, DISPLAY_SIZE, REMOVED_COLOURS, SHIPS, islands_of
from .rules import check_shape, legal_actions, settle, step
from .state import BUY, FINAL, NORMAL, Player, State
from .views import shuffled_deck, summary, view

OPTIONS = (Option("left_out", ("random",), "random"),)  # EA2 Decided

# A true bound on the actions of a game (the random-play test holds us to it): each of the
# 64 cards joins a row at most once (buy or fight) and is moved to the table and sold at most
# once (192); each sale of jewels sells at least one, and a game sees at most 5 + 64 x 3
# jewels (EA2, EA5: a row shows at most 3); one pass per phase 2, and a turn before the end is
# triggered always buys a card (EA4: wealth never falls below the 23 a seat starts with), so
# at most 64 + 5 such passes, and 5 passes in the final round.
MAX_ACTIONS = 192 + 197 + 69 + 5


def from_setup(players: int, setup: dict, options: dict) -> State:
    """A state from a checked starting position in the scenario format."""
    state = State(
        players=[Player(**{k: _copy(v) for k, v in p.items()}) for p in setup["players"]],
        colours=list(setup["colours"]),
        start_player=setup["start_player"],
        turn=setup["turn"],
        stage=setup["stage"],
        phase=FINAL if setup["stage"] == FINAL else BUY,
        display=list(setup["display"]),
        table=list(setup["table"]),
        deck=list(setup["deck"]),
        options=dict(options),
        setup=_copy(setup),
    )
    assert len(state.players) == players
    settle(state)
    return state


class Einauge:
    slug = "einauge"
    player_counts = (2, 3, 4, 5)
    options = OPTIONS
    bots = BOTS
    traits = Traits(perfect_information=False, chance=True, max_actions=MAX_ACTIONS)

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> State:
        if players not in self.player_counts:
            raise ValueError("Einauge sei wachsam! is for 2 to 5 players (EA2)")
        opts = resolve_options(OPTIONS, options)
        removed = set(shuffled(COLOURS, seed, "left-out")[: REMOVED_COLOURS[players]])
        colours = [c for c in COLOURS if c not in removed]
        pile = shuffled(islands_of(colours), seed, "deck") + shuffled(SHIPS, seed, "ships")
        start = Stream(seed, "start-player").below(players)
        setup = {
            "colours": colours,
            "start_player": start,
            "turn": start,
            "stage": NORMAL,
            "display": pile[:DISPLAY_SIZE],
            "table": pile[DISPLAY_SIZE : DISPLAY_SIZE + 1],
            "deck": pile[DISPLAY_SIZE + 1 :],
            "players": [Player().__dict__ for _ in range(players)],
        }
        return from_setup(players, setup, opts)

    def load(self, data: dict) -> State:
        return State.from_dict(data)

    def dump(self, state: State) -> dict:
        return state.to_dict()

    def status(self, state: State) -> Status:
        if state.over:
            result = state.result
            return Status(
                over=True, ranking=tuple(result["ranking"]), scores=tuple(result["scores"])
            )
        return Status(to_act=(state.turn,), scores=tuple(p.jewels for p in state.players))

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state: State, action: dict) -> State:
        check_shape(state, action)
        new = state.copy()
        step(new, action)
        return new

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: State, seat: int | None, rng: Random) -> State:
        """EA13: only the draw pile's order is hidden (islands above, ships below)."""
        new = state.copy()
        new.deck = shuffled_deck(state.deck, rng)
        if state.setup.get("deck"):  # the cards drawn so far were seen, in this order
            drawn = len(state.setup["deck"]) - len(state.deck)
            new.setup = {**_copy(state.setup), "deck": state.setup["deck"][:drawn] + new.deck}
        return new

    def timeout_actions(self, state: State, seat: int, rng: Random) -> list[dict]:
        """EA13: the easiest bot's purchase (with the sales it needs) and table card; a pass
        in phase 2 and in the final round. Every action up to the end of the seat's turn."""
        actions: list[dict] = []
        while not state.over and state.turn == seat:
            action = timeout_action(state, seat, rng)
            actions.append(action)
            before = state.phase
            state = self.apply(state, action)
            if state.turn != seat or (state.phase == BUY and before != BUY):
                break
        return actions

    def teams(self, players: int, options: Mapping[str, Any]) -> None:
        return None

    def round_setup(self, state: State) -> dict:
        """The starting position in the scenario format (secret until the game is over)."""
        return _copy(state.setup)

    def round_result(self, state: State) -> dict:
        return summary(state) if state.over else {}

    def scenarios(self, record: dict) -> list[dict]:
        """The whole game as one scenario: its starting position, every action, the outcome."""
        [rnd] = record["rounds"]
        expect = {"status": "ok", **(rnd.get("result") or {})}
        return [
            {
                "game": "einauge",
                "players": record["players"],
                "options": dict(record.get("options") or {}),
                "setup": _copy(rnd["setup"]),
                "actions": _copy(rnd["actions"]),
                "note": "a game exported from a match record",
                "expect": expect,
            }
        ]


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


GAME = Einauge()

__all__ = ["GAME", "MAX_ACTIONS", "OPTIONS", "from_setup"]
