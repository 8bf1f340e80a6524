"""The conformance runner: `python -m games.doppelkopf.scenario FILE.json` (or `-` for stdin).

Plays one deal of a match from explicit hands through this engine and prints the outcome as
one JSON object (shared/scenarios/doppelkopf/README.md). An illegal action is an outcome (exit
0); a malformed scenario exits 2 with one line on stderr.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.scenario import MalformedScenario, is_int, main

from . import announcements as ann
from .cards import hand_size, is_card, pack, points, sort_cards
from .engine import apply, next_dealer, start_deal
from .options import complete
from .state import FINISHED, Match

SETUP_KEYS = ("dealer", "hands", "match")
MATCH_KEYS = ("deals_played", "scores", "compulsory_owed")


def _options(scenario: dict) -> dict:
    given = scenario.get("options", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise MalformedScenario("'options' must be an object")
    try:
        return complete(given)
    except ValueError as e:
        raise MalformedScenario(str(e)) from None


def _hands(raw: Any, nines: bool) -> list[list[str]]:
    size = hand_size(nines)
    if not isinstance(raw, list) or len(raw) != 4:
        raise MalformedScenario("'hands' must be four lists of cards")
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != size:
            raise MalformedScenario(f"hand {seat} must be a list of exactly {size} cards")
        for card in hand:
            if not is_card(card, nines):
                raise MalformedScenario(f"unknown card {card!r} in hand {seat}")
    counts = Counter(c for h in raw for c in h)
    if counts != Counter(pack(nines)):
        extra = sorted(c for c, n in counts.items() if n > 2)
        raise MalformedScenario(f"cards appear more than twice: {extra}")
    return [list(h) for h in raw]


def _match(raw: Any, options: dict) -> dict:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise MalformedScenario("'match' must be an object")
    unknown = sorted(set(raw) - set(MATCH_KEYS))
    if unknown:
        raise MalformedScenario(f"unknown match keys {unknown}")
    deals = options["deals"]
    played = raw.get("deals_played", 0)
    if not is_int(played) or not 0 <= played < deals:
        raise MalformedScenario(f"'deals_played' must be from 0 to {deals - 1}")
    scores = raw.get("scores", [0, 0, 0, 0])
    if not isinstance(scores, list) or len(scores) != 4 or not all(map(is_int, scores)):
        raise MalformedScenario("'scores' must be four integers")
    if sum(scores) != 0:
        raise MalformedScenario("'scores' must add up to 0 (DK3)")
    if "compulsory_owed" in raw and not options["compulsory_solo"]:
        raise MalformedScenario("'compulsory_owed' needs the compulsory_solo option")
    owed = raw.get("compulsory_owed", [options["compulsory_solo"]] * 4)
    if not isinstance(owed, list) or len(owed) != 4 or not all(isinstance(o, bool) for o in owed):
        raise MalformedScenario("'compulsory_owed' must be four booleans")
    if sum(owed) > deals - played:
        raise MalformedScenario("more compulsory solos owed than counting deals left (DK6)")
    return {"deals_played": played, "scores": list(scores), "compulsory_owed": list(owed)}


def load(scenario: Any) -> tuple[Match, list]:
    """Validate a scenario; its starting state and the actions."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    players = scenario.get("players")
    if not is_int(players) or players != 4:
        raise MalformedScenario("'players' must be 4 (DK1)")
    options = _options(scenario)
    setup = scenario.get("setup")
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise MalformedScenario(f"unknown setup keys {unknown}")
    dealer = setup.get("dealer")
    if not is_int(dealer) or not 0 <= dealer < 4:
        raise MalformedScenario("'dealer' must be a seat from 0 to 3")
    hands = _hands(setup.get("hands"), options["nines"])
    before = _match(setup.get("match"), options)
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    match = Match(options=options, seed=None, deal=None, **before)
    start_deal(match, hands, 1, dealer)
    return match, actions


def outcome(match: Match, illegal: dict | None = None) -> dict:
    d = match.deal
    result = d.result or {}
    out: dict[str, Any] = {"status": "illegal" if illegal else "ok"}
    if illegal:
        out["illegal"] = illegal
    seat_points = [0, 0, 0, 0]
    won = [0, 0, 0, 0]
    for trick in d.played:
        seat_points[trick["winner"]] += sum(points(c) for c in trick["cards"])
        won[trick["winner"]] += 1
    to_move = d.to_move
    last = d.played[-1] if d.played else None
    out.update(
        {
            "to_move": [] if to_move is None else [to_move],
            "over": d.phase == FINISHED,
            "winners": result.get("winners", []),
            "scores": match.scores[:],
            "phase": d.phase,
            "dealer": d.dealer,
            "reservations": d.reservations[:],
            "contract": d.contract,
            "solo": d.solo,
            "declarer": d.declarer if d.contract else None,
            "compulsory": d.compulsory,
            "forced": d.forced,
            "parties": d.parties[:],
            "wedding_partner": d.wedding_partner,
            "clarification_trick": d.clarification_trick,
            "announcements": {
                p: ann.call_name(p, d.levels[p]) if d.levels[p] else None for p in ("re", "kontra")
            },
            "late_reply": dict(d.late_reply),
            "calls": [dict(c) for c in d.calls],
            "legal_calls": [ann.legal_calls(d, s) for s in range(4)],
            "leader": d.leader,
            "trick": d.trick[:],
            "tricks_played": len(d.played),
            "last_trick": dict(last) if last else None,
            "tricks_won": won,
            "card_points": seat_points,
            "hands": [sort_cards(h) for h in d.hands],
            "hand_sizes": [len(h) for h in d.hands],
            "re_card_points": result.get("re_card_points"),
            "kontra_card_points": result.get("kontra_card_points"),
            "winner_party": result.get("winner_party"),
            "score_items": result.get("score_items"),
            "game_value": result.get("game_value"),
            "deal_scores": result.get("deal_scores"),
            "deal_counts": result.get("deal_counts"),
            "deals_played": match.deals_played,
            "next_dealer": next_dealer(match),
            "compulsory_owed": match.compulsory_owed[:],
            "match_over": match.over,
            "match_winners": _match_winners(match),
        }
    )
    return out


def _match_winners(match: Match) -> list[int]:
    if not match.over:
        return []
    best = max(match.scores)
    return [s for s in range(4) if match.scores[s] == best]


def run(scenario: Any) -> dict:
    match, actions = load(scenario)
    for index, action in enumerate(actions):
        try:
            match = apply(match, action)
        except (IllegalAction, MalformedAction) as e:
            return outcome(match, {"index": index, "reason": str(e)})
    return outcome(match)


if __name__ == "__main__":
    sys.exit(main("doppelkopf", run))
