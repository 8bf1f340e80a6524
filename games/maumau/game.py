"""Mau Mau as the platform sees it: the game protocol (games/core/protocol.py) over this engine.

A match is a series of games (MM2) until the score decides it (MM12); between games the next
dealer's deal is the server's step. Interjecting (MM10) is the protocol's optional move: while
a game with the option runs, `Status.optional` names every seat that is not to move (whether
it holds a twin or not, so it gives nothing away) and `legal_actions` lists its interjections.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Option, Status, Traits, ranking_from_scores
from games.core.protocol import resolve_options

from .bots import BOTS
from .engine import (
    MAX_ACTIONS,
    apply,
    legal_actions,
    new_match,
    next_dealer,
    timeout_action,
)
from .export import match_scenarios
from .state import GAME_OVER, MATCH_OVER, PLAY, Match
from .views import determinize, unseen_pool, view

# MM13 as a table offers it. `32` is left out: it is what `auto` deals for 2-4 players, and
# the rules forbid it for more (a choice that fits every table size); the scenario format takes
# it, and any integer >= 1 for the two targets (conformance._options).
OPTIONS = (
    Option("deck", ("auto", "52"), "auto"),
    Option("hand_size", (5, 6), 5),
    Option("interject", (False, True), False),
    Option("play_for_places", (False, True), False),
    Option("scoring", ("wins", "points"), "wins"),
    Option("target_wins", (1, 2, 3, 4, 5), 5),
    Option("points_limit", (50, 100, 150), 100),
)


def check_options(players: int, options: dict) -> None:
    """MM2/MM13: what the option choices alone cannot say."""
    if not 2 <= players <= 7:
        raise ValueError("Mau Mau is for 2 to 7 players (MM2)")
    if options["deck"] == "32" and players > 4:
        raise ValueError("the 32-card pack is for 2 to 4 players (MM2)")


class MauMau:
    slug = "maumau"
    player_counts = (2, 3, 4, 5, 6, 7)
    options = OPTIONS
    bots = BOTS
    traits = Traits(
        perfect_information=False, chance=True, max_actions=MAX_ACTIONS, optional_moves=True
    )

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> Match:
        options = resolve_options(OPTIONS, options)
        check_options(players, options)
        return new_match(players, seed, options)

    def load(self, data: dict) -> Match:
        return Match.from_dict(data)

    def dump(self, state: Match) -> dict:
        return state.to_dict()

    def status(self, state: Match) -> Status:
        """Scores: wins, or penalty points (fewest is best), MM12."""
        playing = state.phase == PLAY
        to_act = (state.to_move,) if playing else ()
        optional = ()
        if playing and state.options["interject"]:
            optional = tuple(s for s in range(state.players) if s not in to_act)
        step = None
        if state.phase == GAME_OVER and state.seed is not None:
            step = {"seat": next_dealer(state), "action": "deal"}
        ranking = ()
        if state.phase == MATCH_OVER:
            wins = state.options["scoring"] == "wins"
            ranking = tuple(ranking_from_scores(state.scores, higher_is_better=wins))
        return Status(
            to_act=to_act,
            round=state.round,
            round_over=not playing,
            round_void=state.void,
            over=state.phase == MATCH_OVER,
            ranking=ranking,
            scores=tuple(state.scores),
            server_step=step,
            optional=optional,
        )

    def legal_actions(self, state: Match, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state: Match, action: dict) -> Match:
        return apply(state, action)

    def view(self, state: Match, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: Match, seat: int | None, rng: Random) -> Match:
        """The other hands and the stock dealt afresh from what `seat` cannot see (views.
        determinize), and a fresh secret seed for the reshuffles to come."""
        pool = unseen_pool(state, seat) if seat is not None else unseen_pool(state, -1)
        seed = None if state.seed is None else f"{rng.getrandbits(128):032x}"
        new = determinize(view(state, seat), pool, rng, seed)
        new.setup = json.loads(json.dumps(state.setup))  # the record's, shown after the match
        new.orders = [o[:] for o in state.orders]  # a scenario's, given in advance
        return new

    def timeout_actions(self, state: Match, seat: int, rng: Random) -> list[dict]:
        """MM14: no randomness."""
        if state.phase != PLAY or seat != state.to_move:
            return []
        return [timeout_action(state, seat)]

    def teams(self, players: int, options: Mapping[str, Any]) -> None:
        return None

    def round_setup(self, state: Match) -> dict:
        """The game as dealt, in the scenario format's terms (scenarios/maumau/README.md)."""
        return json.loads(json.dumps(state.setup))

    def round_result(self, state: Match) -> dict:
        return json.loads(json.dumps(state.result)) if state.result else {}

    def scenarios(self, record: dict) -> list[dict]:
        """One scenario per game (the format's unit), replayed from the record's seed so that
        each game's reshuffles are exported in the order they were made."""
        return match_scenarios(self, record)


GAME = MauMau()

__all__ = ["GAME", "OPTIONS", "MauMau", "check_options"]
