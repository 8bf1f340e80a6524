"""The scenario format (shared/scenarios/maumau/README.md): one game from an explicit position,
checked, played through the engine, and its outcome."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core import GameError
from games.core.scenario import MalformedScenario, is_int

from .cards import SUITS, is_card, pack, rank, sort_cards
from .engine import apply, deal_size, start_game
from .rules import can_interject, suit_to_follow
from .state import MATCH_OVER, PLAY, Match

MID_GAME_KEYS = ("direction", "pending_draw", "wish", "places")


def _options(raw: Any, players: int) -> dict:
    """MM13; MalformedScenario for an unknown option or value."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise MalformedScenario("'options' must be an object")
    checks = {
        "deck": lambda v: v in ("auto", "32", "52"),
        "hand_size": lambda v: is_int(v) and v in (5, 6),
        "interject": lambda v: isinstance(v, bool),
        "play_for_places": lambda v: isinstance(v, bool),
        "scoring": lambda v: v in ("wins", "points"),
        "target_wins": lambda v: is_int(v) and v >= 1,
        "points_limit": lambda v: is_int(v) and v >= 1,
    }
    defaults = {"deck": "auto", "hand_size": 5, "interject": False, "play_for_places": False,
                "scoring": "wins", "target_wins": 5, "points_limit": 100}  # fmt: skip
    for key, value in raw.items():
        if key not in checks:
            raise MalformedScenario(f"unknown option {key!r}")
        if not checks[key](value):
            raise MalformedScenario(f"option {key!r} cannot be {value!r}")
    options = {**defaults, **raw}
    if options["deck"] == "32" and players > 4:
        raise MalformedScenario("the 32-card pack is for 2 to 4 players (MM2)")
    return options


def _cards(value: Any, what: str, known: set[str]) -> list[str]:
    if not isinstance(value, list):
        raise MalformedScenario(f"{what} must be a list of cards")
    for card in value:
        if not is_card(card):
            raise MalformedScenario(f"{what}: unknown card {card!r}")
        if card not in known:
            raise MalformedScenario(f"{what}: {card} is not in this table's pack (MM2)")
    return list(value)


def _seat(value: Any, what: str, players: int) -> int:
    if not is_int(value) or not 0 <= value < players:
        raise MalformedScenario(f"{what} must be a seat 0..{players - 1}, not {value!r}")
    return value


def position(scenario: Any) -> Match:
    """The scenario's game as a state; MalformedScenario for anything the README rules out."""
    if not isinstance(scenario, dict):
        raise MalformedScenario("a scenario is a JSON object")
    if scenario.get("game", "maumau") != "maumau":
        raise MalformedScenario(f"not a Mau Mau scenario: {scenario.get('game')!r}")
    players = scenario.get("players")
    if not is_int(players) or not 2 <= players <= 7:
        raise MalformedScenario(f"'players' must be 2 to 7 (MM2), not {players!r}")
    options = _options(scenario.get("options"), players)
    setup = scenario.get("setup")
    if not isinstance(setup, dict):
        raise MalformedScenario("'setup' must be an object")
    for key in ("dealer", "hands", "discard", "stock"):
        if key not in setup:
            raise MalformedScenario(f"setup needs {key!r}")
    the_pack = pack(options["deck"], players, options["interject"])
    known = set(the_pack)
    dealer = _seat(setup["dealer"], "setup.dealer", players)
    hands = setup["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise MalformedScenario(f"setup.hands must be {players} lists of cards")
    hands = [_cards(h, f"setup.hands[{s}]", known) for s, h in enumerate(hands)]
    discard = _cards(setup["discard"], "setup.discard", known)
    if not discard:
        raise MalformedScenario("setup.discard needs at least its top card")
    stock = _cards(setup["stock"], "setup.stock", known)
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(stock)
    limit = Counter(the_pack)
    for card, count in used.items():
        if count > limit[card]:
            raise MalformedScenario(f"{card} appears {count} times; the pack holds {limit[card]}")
    orders = setup.get("reshuffles", [])
    if not isinstance(orders, list):
        raise MalformedScenario("setup.reshuffles must be a list of card lists")
    orders = [_cards(o, f"setup.reshuffles[{k}]", known) for k, o in enumerate(orders)]
    scores = setup.get("scores", [0] * players)
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(is_int(s) and s >= 0 for s in scores)
    ):
        raise MalformedScenario(f"setup.scores must be {players} non-negative integers")
    target = options["target_wins"] if options["scoring"] == "wins" else options["points_limit"]
    if max(scores) >= target:
        raise MalformedScenario(f"a score of {max(scores)} has already reached {target} (MM12)")
    m = Match(options=options, players=players, seed=None, round=1, dealer=dealer, hands=hands,
              stock=stock, discard=discard, scores=scores[:], orders=orders)  # fmt: skip
    if "to_move" in setup:
        _mid_game(m, setup)
    else:
        _fresh_deal(m, setup)
    return m


def _fresh_deal(m: Match, setup: dict) -> None:
    """A game at its start: full hands, the upcard alone, its effect as the dealer's (MM3)."""
    for key in MID_GAME_KEYS:
        if key in setup:
            raise MalformedScenario(f"setup.{key} needs a mid-game position ('to_move')")
    size = deal_size(m.players, m.options)
    if any(len(h) != size for h in m.hands):
        raise MalformedScenario(f"at the start of a game every hand holds {size} cards (MM3)")
    if len(m.discard) != 1:
        raise MalformedScenario("at the start of a game the discard pile is the upcard alone")
    start_game(m, m.dealer, m.hands, m.discard[0], m.stock)


def _mid_game(m: Match, setup: dict) -> None:
    n = m.players
    m.to_move = _seat(setup["to_move"], "setup.to_move", n)
    m.direction = setup.get("direction", 1)
    if m.direction not in (1, -1) or isinstance(m.direction, bool):
        raise MalformedScenario("setup.direction must be 1 or -1")
    top = m.discard[-1]
    m.pending = setup.get("pending_draw", 0)
    if not is_int(m.pending) or m.pending < 0 or m.pending % 2:
        raise MalformedScenario("setup.pending_draw must be 0, 2, 4, ... (2 per 7, MM6)")
    if m.pending and rank(top) != "7":
        raise MalformedScenario("setup.pending_draw needs a 7 on top (MM6)")
    wish = setup.get("wish")
    if wish is not None and (wish not in SUITS or rank(top) != "J"):
        raise MalformedScenario("setup.wish must be C, D, H or S, with a jack on top (MM6)")
    m.wish = (wish or top[-1]) if rank(top) == "J" else None
    places = setup.get("places", [])
    if not isinstance(places, list) or not all(is_int(s) and 0 <= s < n for s in places):
        raise MalformedScenario("setup.places must be a list of seats")
    if len(set(places)) != len(places):
        raise MalformedScenario("setup.places names a seat twice")
    if places and not m.options["play_for_places"]:
        raise MalformedScenario("setup.places needs the play_for_places option (MM11)")
    empty = {s for s in range(n) if not m.hands[s]}
    if empty != set(places):
        raise MalformedScenario("exactly the seats in setup.places have empty hands")
    if len(m.in_game()) < 2:
        raise MalformedScenario("at least two seats must hold cards")
    if not m.hands[m.to_move]:
        raise MalformedScenario("setup.to_move holds no cards")
    m.places = places[:]
    m.mau_missed = [0] * n
    m.setup = {"round": 1, "dealer": m.dealer, "hands": [h[:] for h in m.hands],
               "discard": m.discard[:], "stock": m.stock[:], "scores": m.scores[:]}  # fmt: skip


def outcome(m: Match) -> dict:
    playing = m.phase == PLAY
    return {
        "status": "ok",
        "to_move": [m.to_move] if playing else [],
        "over": not playing,
        "winners": m.places[:1] if not playing else [],
        "places": m.places[:],
        "scores": m.scores[:],
        "match_over": m.phase == MATCH_OVER,
        "match_winners": m.match_winners[:],
        "hands": [sort_cards(h) for h in m.hands],
        "hand_sizes": [len(h) for h in m.hands],
        "top": m.discard[-1],
        "suit": suit_to_follow(m),
        "wish": m.wish if rank(m.discard[-1]) == "J" else None,
        "pending_draw": m.pending,
        "direction": m.direction,
        "stock": m.stock[:],
        "stock_size": len(m.stock),
        "discard": m.discard[:],
        "reshuffles": m.reshuffles,
        "mau_missed": m.mau_missed[:],
        "can_interject": [s for s in range(m.players) if can_interject(m, s)],
    }


def run(scenario: Any) -> dict:
    m = position(scenario)
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedScenario("'actions' must be a list")
    for index, action in enumerate(actions):
        try:
            m = apply(m, action)
        except GameError as e:  # IllegalAction, MalformedAction: an outcome, not a crash
            return {
                **outcome(m),
                "status": "illegal",
                "illegal": {"index": index, "reason": str(e)},
            }
    return outcome(m)
