"""The conformance runner: `python -m games.korsaren.scenario FILE.json` (or `-` for stdin).

Plays one round from an explicit deal through this engine and prints the outcome as one JSON
object (shared/scenarios/README.md). An illegal action is an outcome (exit 0); a malformed
scenario exits 2 with one line on stderr.
"""

from __future__ import annotations

import sys
from typing import Any

from games.core.scenario import MalformedScenario, main

from .actions import Attach, Discard, Draw, SetSail, parse_action
from .cards import is_card
from .engine import HAND_SIZE, apply, from_deal
from .errors import IllegalAction, MalformedAction
from .state import DISCARD, DRAW, MatchState

SCENARIO_ACTIONS = (Draw, Discard, SetSail, Attach)


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise MalformedScenario(f"{what} must be a list of cards")
    for card in value:
        if not is_card(card):
            raise MalformedScenario(f"unknown card {card!r} in {what}")
    return value


def load(scenario: Any) -> tuple[MatchState, list]:
    """Validate a scenario and build its starting state and its parsed actions."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    players = scenario.get("players")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise MalformedScenario("'players' must be 2, 3 or 4")
    dealer = scenario.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise MalformedScenario(f"'dealer' must be a seat from 0 to {players - 1}")
    penalties = scenario.get("penalties", [0] * players)
    if (
        not isinstance(penalties, list)
        or len(penalties) != players
        or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in penalties)
    ):
        raise MalformedScenario(f"'penalties' must list {players} counts of penalty cards")
    hands = scenario.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise MalformedScenario(f"'hands' must hold {players} hands")
    hands = [_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    for i, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise MalformedScenario(f"hand {i} has {len(hand)} cards, not {HAND_SIZE}")
    pier = _cards(scenario.get("pier"), "'pier'")
    if not pier:
        raise MalformedScenario("the pier is empty")
    discard = _cards(scenario.get("discard", []), "'discard'")
    stock = _cards(scenario.get("stock", []), "'stock'")
    everything = [c for h in hands for c in h] + pier + discard + stock
    seen: set[str] = set()
    for card in everything:
        if card in seen:
            raise MalformedScenario(f"card {card} appears twice")
        seen.add(card)
    raw_actions = scenario.get("actions", [])
    if not isinstance(raw_actions, list):
        raise MalformedScenario("'actions' must be a list")
    actions = []
    for i, raw in enumerate(raw_actions):
        try:
            action = parse_action(raw)
        except MalformedAction as e:
            raise MalformedScenario(f"action {i}: {e}") from None
        if not isinstance(action, SCENARIO_ACTIONS):
            raise MalformedScenario(f"action {i}: a scenario plays one round (no 'deal')")
        actions.append(action)
    state = from_deal(players, dealer, hands, pier, discard, stock, penalties)
    return state, actions


def outcome(state: MatchState, illegal: dict | None = None) -> dict:
    r = state.round
    out: dict[str, Any] = {"status": "illegal" if illegal else "ok"}
    if illegal:
        out["illegal"] = illegal
    out["phase"] = r.phase
    out["to_move"] = r.to_move if r.phase in (DRAW, DISCARD) else None
    out["pier_colour"] = r.pier_colour
    if r.closer is not None:
        out["closer"] = r.closer
    result = r.result or {}
    for key in ("limits", "sank_closer", "penalty_cards_taken", "sweep"):
        if key in result:
            out[key] = result[key]
    out["penalties"] = state.penalties()
    out["match_over"] = state.match_over
    out["winners"] = list(state.winners)
    out["next_round_is_last"] = result.get(
        "next_round_is_last", False
    )  # only known once the round has ended
    return out


def run(scenario: Any) -> dict:
    state, actions = load(scenario)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as e:
            return outcome(state, {"index": index, "reason": str(e)})
    return outcome(state)


if __name__ == "__main__":
    sys.exit(main("korsaren", run))
