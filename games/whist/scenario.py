"""The conformance runner: `python -m games.whist.scenario FILE.json` (or `-` for stdin).

Plays (part of) one rubber from explicit deals through this engine and prints the outcome as one
JSON object (shared/scenarios/whist/README.md). An illegal action is an outcome (exit 0); a
malformed scenario exits 2 with one line on stderr.
"""

from __future__ import annotations

import sys
from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.protocol import resolve_options
from games.core.scenario import MalformedScenario, is_int, main

from .cards import DECK, is_card, sort_cards
from .engine import apply, start_deal, trump_suit
from .game import OPTIONS, SCENARIO_OPTIONS
from .state import BETWEEN_DEALS, HONOUR_COUNT, PLAY, TARGETS, Deal, Match
from .views import winners

PART_PLAYED_KEYS = ("tricks", "leader", "honours_held")


def _pair(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_int(v) for v in value):
        raise MalformedScenario(f"{what} must be two integers, [team 0, team 1]")
    if min(value) < 0:
        raise MalformedScenario(f"{what} cannot be negative")
    return value


def _options(scenario: dict) -> dict:
    given = scenario.get("options", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise MalformedScenario("'options' must be an object")
    try:
        options = resolve_options(SCENARIO_OPTIONS, given)
    except ValueError as e:
        raise MalformedScenario(str(e)) from None
    return resolve_options(OPTIONS, options)  # no cut: the seats and first dealer are given


def _score(setup: dict, target: int) -> dict:
    score = setup.get("score", {})
    if not isinstance(score, dict):
        raise MalformedScenario("'score' must be an object")
    points = _pair(score.get("points", [0, 0]), "score.points")
    games = _pair(score.get("games_won", [0, 0]), "score.games_won")
    values = _pair(score.get("game_points", [0, 0]), "score.game_points")
    if max(points) >= target:
        raise MalformedScenario(f"points {points} reach the game target {target} (WH8)")
    if max(games) > 1:
        raise MalformedScenario(f"games_won {games}: a team with two games has won the rubber")
    for team in (0, 1):
        fits = values[team] == 0 if games[team] == 0 else 1 <= values[team] <= 3
        if not fits:
            raise MalformedScenario(
                f"game_points {values[team]} do not fit {games[team]} game(s) won (WH9)"
            )
    return {"points": points, "games_won": games, "game_points": values}


def _deal(raw: Any, i: int, dealer: int, number: int, options: dict) -> dict:
    """One listed deal, checked: {"hands", "trump_card", and for a part-played deal "tricks",
    "leader", "honours_held"}."""
    if not isinstance(raw, dict):
        raise MalformedScenario(f"deal {i} must be an object")
    hands = raw.get("hands")
    if (
        not isinstance(hands, list)
        or len(hands) != 4
        or not all(isinstance(h, list) for h in hands)
    ):
        raise MalformedScenario(f"deal {i}: 'hands' must be four lists of cards")
    seen: set[str] = set()
    for seat, hand in enumerate(hands):
        for card in hand:
            if not is_card(card):
                raise MalformedScenario(f"deal {i}: unknown card {card!r} in hand {seat}")
            if card in seen:
                raise MalformedScenario(f"deal {i}: card {card} appears twice")
            seen.add(card)
    sizes = {len(h) for h in hands}
    size = sizes.pop()
    if sizes or not 1 <= size <= 13:
        raise MalformedScenario(f"deal {i}: the hands must hold 1 to 13 cards each, all alike")
    deal = {"hands": hands, "trump_card": None}
    trump_option = options["trump"]
    if trump_option in ("turn_up", "second_pack"):
        card = raw.get("trump_card")
        if not is_card(card):
            raise MalformedScenario(f"deal {i}: trump {trump_option} needs a card 'trump_card'")
        holders = [s for s in range(4) if card in hands[s]]
        if trump_option == "turn_up" and (holders or size == 13) and holders != [dealer]:
            raise MalformedScenario(f"deal {i}: the turned-up card {card} is not the dealer's")
        deal["trump_card"] = card
    present = [k for k in PART_PLAYED_KEYS if k in raw]
    if size == 13:
        if present:
            raise MalformedScenario(f"deal {i} is a full deal: it cannot give {present}")
        if sorted(seen) != sorted(DECK):
            raise MalformedScenario(f"deal {i}: a full deal holds the 52 cards")
        return deal
    if i != 0:
        raise MalformedScenario(f"deal {i} is part-played: only the first deal may be")
    for key in ("tricks", "leader"):
        if key not in raw:
            raise MalformedScenario(f"deal 0 is part-played: it needs {key!r}")
    tricks = _pair(raw["tricks"], "deal 0 'tricks'")
    if sum(tricks) != 13 - size:
        raise MalformedScenario(f"deal 0: {sum(tricks)} tricks won but {size} cards per hand left")
    leader = raw["leader"]
    if not is_int(leader) or not 0 <= leader < 4:
        raise MalformedScenario("deal 0: 'leader' must be a seat from 0 to 3")
    held = _pair(raw.get("honours_held", [0, 0]), "deal 0 'honours_held'")
    trump = trump_suit(trump_option, deal["trump_card"], number)
    honours = 0 if trump is None else HONOUR_COUNT[options["variant"]]
    if sum(held) != honours:
        raise MalformedScenario(f"deal 0: honours_held must add up to {honours} (WH7)")
    deal.update(tricks=tricks, leader=leader, honours_held=held)
    return deal


def load(scenario: Any) -> tuple[Match, list[dict], list]:
    """Validate a scenario; its starting state, the deals still to come and the actions."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    players = scenario.get("players")
    if not is_int(players) or players != 4:
        raise MalformedScenario("'players' must be 4 (WH1)")
    options = _options(scenario)
    setup = scenario.get("setup")
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    dealer = setup.get("dealer")
    if not is_int(dealer) or not 0 <= dealer < 4:
        raise MalformedScenario("'dealer' must be a seat from 0 to 3")
    number = setup.get("deal_number", 0)
    if not is_int(number) or number < 0:
        raise MalformedScenario("'deal_number' must be a count of deals, 0 or more")
    score = _score(setup, TARGETS[options["variant"]])
    raw_deals = setup.get("deals")
    if not isinstance(raw_deals, list) or not raw_deals:
        raise MalformedScenario("'deals' must list at least one deal")
    deals = [
        _deal(raw, i, (dealer + i) % 4, number + i, options) for i, raw in enumerate(raw_deals)
    ]
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")

    match = Match(
        options=options,
        seed=None,
        cut=None,
        first_dealer=(dealer - number) % 4,  # WH10: F, the rubber's first dealer
        deal=None,
        points=score["points"][:],
        games_won=score["games_won"][:],
        game_points=score["game_points"][:],
    )
    first = deals[0]
    if "tricks" in first:  # part-played
        trump = trump_suit(options["trump"], first["trump_card"], number)
        match.deal = Deal(
            round=1,
            number=number,
            dealer=dealer,
            trump=trump,
            trump_card=first["trump_card"],
            dealt=[h[:] for h in first["hands"]],
            hands=[h[:] for h in first["hands"]],
            honours_held=first["honours_held"][:],
            leader=first["leader"],
            tricks=first["tricks"][:],
            score_before=match.score(),
        )
    else:
        start_deal(match, first["hands"], first["trump_card"], 1, number, dealer)
    return match, deals[1:], actions


def outcome(match: Match, illegal: dict | None = None) -> dict:
    deal = match.deal
    last = match.sheet[-1] if match.sheet else {}  # the last deal scored in this run
    out: dict[str, Any] = {"status": "illegal" if illegal else "ok"}
    if illegal:
        out["illegal"] = illegal
    out.update(
        {
            "to_move": [deal.to_move] if match.phase == PLAY else [],
            "over": match.over,
            "winners": winners(match),
            "scores": match.points[:],
            "phase": match.phase,
            "deal_index": deal.round - 1,
            "dealer": deal.dealer,
            "trump": deal.trump,
            "leader": deal.leader,
            "trick": deal.trick[:],
            "tricks": deal.tricks[:],
            "hands": [sort_cards(h) for h in deal.hands],
            "hand_sizes": [len(h) for h in deal.hands],
            "odd_tricks": last.get("odd_tricks"),
            "honours_held": last.get("honours_held"),
            "honour_points": last.get("honour_points"),
            "games_won": match.games_won[:],
            "game_points": match.game_points[:],
            "completed_games": list(match.completed_games),
            "rubber_points": match.rubber_points(),
            "rubber_value": match.rubber_value(),
            "next_rubber": match.next_rubber(),
        }
    )
    return out


def run(scenario: Any) -> dict:
    match, deals, actions = load(scenario)
    for index, action in enumerate(actions):
        try:
            if match.phase == BETWEEN_DEALS:
                raise IllegalAction("not_now", "no deal is left to play", "WH4")
            if isinstance(action, dict) and action.get("action") != "play":
                raise MalformedAction("a scenario's only action is 'play'")
            match = apply(match, action)
        except (IllegalAction, MalformedAction) as e:
            return outcome(match, {"index": index, "reason": str(e)})
        if match.phase == BETWEEN_DEALS and deals:  # the next listed deal starts at once
            nxt = deals.pop(0)
            d = match.deal
            match = match.copy()
            dealer = (d.dealer + 1) % 4
            start_deal(match, nxt["hands"], nxt["trump_card"], d.round + 1, d.number + 1, dealer)
    return outcome(match)


if __name__ == "__main__":
    sys.exit(main("whist", run))
