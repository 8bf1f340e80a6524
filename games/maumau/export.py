"""A finished (or running) match's record as scenarios (Game.scenarios): one per game."""

from __future__ import annotations

from typing import Any

from .cards import sort_cards
from .engine import reshuffled
from .state import GAME_OVER, PLAY

ACTION_KEYS = ("seat", "action", "card", "wish", "mau")


def match_scenarios(game: Any, record: dict) -> list[dict]:
    """Replays the record from its seed (`deal` steps are taken between games whether the
    record lists them or not) and writes each game as the runner's format, with the orders of
    its reshuffles made again from the seed."""
    players = record["players"]
    options = dict(record.get("options") or {})
    state = game.new(players, record["seed"], options)
    out = []
    for rnd in record["rounds"]:
        if state.phase == GAME_OVER:
            state = game.apply(state, game.status(state).server_step)
        setup = game.round_setup(state)
        actions = [
            {k: a[k] for k in ACTION_KEYS if k in a}
            for a in rnd.get("actions", [])
            if a.get("action") != "deal"
        ]
        orders = []
        for action in actions:
            before = state
            state = game.apply(state, action)
            if state.reshuffles > before.reshuffles:  # at most one per action (MM8)
                # a draw reshuffles the pile below the top; a missed Mau's penalty (MM9) the
                # pile below the card just laid, which is the whole pile before it
                pile = before.discard[:-1] if action["action"] == "draw" else before.discard
                orders.append(reshuffled(pile, record["seed"], state.round, state.reshuffles))
        out.append(_scenario(state, players, setup, actions, orders))
    return out


def _scenario(state: Any, players: int, setup: dict, actions: list[dict], orders) -> dict:
    expect: dict[str, Any] = {
        "status": "ok",
        "hand_sizes": [len(h) for h in state.hands],
        "top": state.discard[-1],
    }
    if not state.void:
        expect.update(
            {
                "over": state.phase != PLAY,
                "to_move": [] if state.to_move is None else [state.to_move],
                "hands": [sort_cards(h) for h in state.hands],
                "stock": state.stock[:],
                "discard": state.discard[:],
                "reshuffles": state.reshuffles,
                "mau_missed": state.mau_missed[:],
                "places": state.places[:],
                "scores": state.scores[:],
            }
        )
    if state.phase != PLAY and not state.void:
        expect.update(
            {
                "winners": state.places[:1],
                "match_over": state.result["match_over"],
                "match_winners": state.match_winners[:],
            }
        )
    return {
        "game": "maumau",
        "players": players,
        "options": dict(state.options),
        "setup": {
            "dealer": setup["dealer"],
            "hands": setup["hands"],
            "discard": setup["discard"],
            "stock": setup["stock"],
            "reshuffles": orders,
            "scores": setup["scores"],
        },
        "actions": actions,
        "note": f"game {setup['round']} of a match exported from its record",
        "expect": expect,
    }
