"""Cartagena 2 as the platform sees it: the game protocol (games/core/protocol.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Option, Status, Traits, ranking_from_scores
from games.core.protocol import resolve_options

from .bots import BOTS
from .engine import apply, legal_actions, new_match, step
from .rules import nest_counts
from .state import ACTIONS, DISCARD, OVER, State
from .views import outcome, resample, to_move, view

OPTIONS = (Option("board", ("random", "standard"), "random"),)  # CG3
# The rules set no limit: players may ferry the boat to and fro for ever (CG4, CG7; see
# tests/cartagena2/test_rules.py), so this is a safety net, not a bound the rules guarantee:
# random play ends within 400 actions at five players, the bots' games within 300.
MAX_ACTIONS = 5_000


class Cartagena2:
    slug = "cartagena2"
    player_counts = (2, 3, 4, 5)
    options = OPTIONS
    bots = BOTS
    traits = Traits(perfect_information=False, chance=True, max_actions=MAX_ACTIONS)

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> State:
        if players not in self.player_counts:
            raise ValueError("Cartagena 2 is for 2 to 5 players")
        return new_match(players, seed, resolve_options(OPTIONS, options))

    def load(self, data: dict) -> State:
        return State.from_dict(data)

    def dump(self, state: State) -> dict:
        return state.to_dict()

    def status(self, state: State) -> Status:
        scores = nest_counts(state)
        return Status(
            to_act=tuple(to_move(state)),
            simultaneous=state.phase == DISCARD,  # CG9: all discard at the same time
            over=state.phase == OVER,
            ranking=tuple(ranking_from_scores(scores)) if state.phase == OVER else (),
            scores=tuple(scores),
        )

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state: State, action: dict) -> State:
        return apply(state, action)

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: State, seat: int | None, rng: Random) -> State:
        return resample(state, seat, rng)

    def timeout_actions(self, state: State, seat: int, rng: Random) -> list[dict]:
        """CG12: with no action taken yet, the easiest bot's one action, then the end of the
        turn; otherwise the end of the turn; in a privateer's discards, the easiest bot's."""
        level = BOTS.levels[0]
        if seat not in to_move(state):
            return []
        if state.phase == DISCARD:
            return [BOTS.choose(level, view(state, seat), rng)]
        out: list[dict] = []
        state = state.copy()
        # A captain's free boat move is no action (CG8): the bot chooses again after it.
        while state.phase == ACTIONS and state.turn == seat and state.actions_left == 3:
            action = BOTS.choose(level, view(state, seat), rng)
            out.append(action)
            step(state, action)
            if action["action"] == "end":
                return out
        if state.phase == ACTIONS and state.turn == seat:
            out.append({"seat": seat, "action": "end"})
        return out

    def teams(self, players: int, options: Mapping[str, Any]) -> None:
        return None

    def round_setup(self, state: State) -> dict:
        """The match as it began: the layout, the first player, the deal and the draw pile."""
        return json.loads(json.dumps(state.setup or {}))

    def round_result(self, state: State) -> dict:
        if state.phase != OVER:
            return {}
        out = outcome(state)
        keys = ("winners", "scores", "pirates", "boat")
        return {"reshuffles": state.reshuffles, **{k: out[k] for k in keys}}

    def scenarios(self, record: dict) -> list[dict]:
        """The whole match as one scenario, replayed from its seed for the reshuffles' orders
        and the outcome."""
        players, options = record["players"], record.get("options") or {}
        rnd = record["rounds"][0]
        actions = [dict(a) for a in rnd["actions"]]
        state = self.new(players, record["seed"], options)
        for action in actions:
            state = apply(state, action)
        setup = dict(json.loads(json.dumps(rnd["setup"])))
        setup.update(boat=1, discard=[], reshuffles=state.orders)
        expect = outcome(state)
        return [
            {
                "game": self.slug,
                "players": players,
                "options": resolve_options(OPTIONS, options),
                "setup": setup,
                "actions": actions,
                "note": "a match exported from its record",
                "expect": expect,
            }
        ]


GAME = Cartagena2()
