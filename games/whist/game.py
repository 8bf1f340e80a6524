"""Whist as the platform sees it: the game protocol (games/core/protocol.py) over this engine.

A match is one rubber (WH10 Decided). The next rubber is a new match the platform opens with
`next_rubber_options(state)` and its players re-seated by `next_rubber_seats(state)`: with
`after_rubber = change_partners` the players of seats F+2 and F+3 swap places (F: the finished
rubber's first dealer), so the teams stay seats [[0, 2], [1, 3]] in every match while the
people in them change. The cut (WH3) happens only at a match's start without `first_dealer`;
its draw (`view()["cut"]`) says which seat each lobby place takes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Option, Status, Traits
from games.core.protocol import resolve_options
from games.core.resample import redeal, relabel, strings_in

from .bots import BOTS
from .cards import sort_cards, suit
from .engine import apply, legal_cards, new_match, next_dealer, timeout_card
from .scoring import honours_held
from .state import BETWEEN_DEALS, PLAY, TARGETS, Match
from .views import view, winners

# WH11. The first three are the scenario format's options; `cut` is WH3's "keep our seats"
# switch (False: players keep their lobby seats, the cut only picks the first dealer);
# `first_dealer` is set by the platform for a rubber that follows another (WH10): no cut.
SCENARIO_OPTIONS = (
    Option("variant", ("short", "long", "american"), "short"),
    Option("trump", ("turn_up", "second_pack", "fixed", "fixed_no_trump"), "turn_up"),
    Option("after_rubber", ("return", "change_partners"), "return"),
)
OPTIONS = (
    *SCENARIO_OPTIONS,
    Option("cut", (True, False), True),
    Option("first_dealer", (None, 0, 1, 2, 3), None),
)


class Whist:
    slug = "whist"
    player_counts = (4,)
    options = OPTIONS
    bots = BOTS
    # A true bound: every deal gives one team at least one point (WH6: 7+ tricks score odd
    # tricks), so a game is won within 2 * (target - 1) + 1 deals (WH8), a rubber within three
    # games (WH9), and a deal is its 52 cards plus the deal itself: 3 * 19 * 53 in long whist.
    traits = Traits(
        perfect_information=False,
        chance=True,
        max_actions=3 * (2 * (max(TARGETS.values()) - 1) + 1) * (52 + 1),
        teams=True,
    )

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> Match:
        if players != 4:
            raise ValueError("Whist is for exactly 4 players (WH1)")
        return new_match(seed, resolve_options(OPTIONS, options))

    def load(self, data: dict) -> Match:
        return Match.from_dict(data)

    def dump(self, state: Match) -> dict:
        return state.to_dict()

    def status(self, state: Match) -> Status:
        """Scores per seat: the partnership's rubber points so far (WH9: the values of its games
        won, plus 2 for the rubber once won), so the winners always rank first."""
        step = None
        if state.phase == BETWEEN_DEALS:
            step = {"seat": next_dealer(state), "action": "deal"}
        points = state.rubber_points() or state.game_points
        ranking = ()
        if state.over:
            ranking = tuple(1 if seat in winners(state) else 2 for seat in range(4))
        return Status(
            to_act=(state.deal.to_move,) if state.phase == PLAY else (),
            round=state.deal.round,
            round_over=state.phase != PLAY,
            over=state.over,
            ranking=ranking,
            scores=tuple(points[seat % 2] for seat in range(4)),
            server_step=step,
        )

    def legal_actions(self, state: Match, seat: int) -> list[dict]:
        """The cards `seat` may play; between deals the next dealer's deal (the server's
        step, Status.server_step)."""
        if state.phase == PLAY and seat == state.deal.to_move:
            cards = sort_cards(legal_cards(state.deal, seat))
            return [{"seat": seat, "action": "play", "card": c} for c in cards]
        if state.phase == BETWEEN_DEALS and seat == next_dealer(state):
            return [{"seat": seat, "action": "deal"}]
        return []

    def apply(self, state: Match, action: dict) -> Match:
        return apply(state, action)

    def view(self, state: Match, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: Match, seat: int | None, rng: Random) -> Match:
        """The other hands' unseen cards shared out afresh (WH12: the seat sees its own hand,
        the turned-up card and every card played), never a card of a suit its holder has shown
        out of (WH5); the honours held follow the new hands (WH7)."""
        seen = strings_in(view(state, seat))
        deal = state.deal
        others = [s for s in range(4) if s != seat]
        places = [[c for c in deal.hands[s] if c not in seen] for s in others]
        voids = _voids(deal.played + [{"leader": deal.leader, "cards": deal.trick}])
        mapping = redeal(places, rng, lambda place, card: suit(card) not in voids[others[place]])
        match = self.load(relabel(self.dump(state), mapping))
        match.deal.honours_held = honours_held(match.deal.dealt, match.deal.trump, match.variant)
        return match

    def timeout_actions(self, state: Match, seat: int, rng: Random) -> list[dict]:
        """WH12: the card the rules file chooses for an absent player (no randomness)."""
        if state.phase != PLAY or seat != state.deal.to_move:
            return []
        return [{"seat": seat, "action": "play", "card": timeout_card(state.deal, seat)}]

    def teams(self, players: int, options: Mapping[str, Any]) -> list[list[int]]:
        return [[0, 2], [1, 3]]  # WH1

    def round_setup(self, state: Match) -> dict:
        """The deal as it began, in the scenario format's terms (scenarios/whist/README.md)."""
        deal = state.deal
        return _copy(
            {
                "round": deal.round,
                "deal_number": deal.number,
                "dealer": deal.dealer,
                "score": deal.score_before,
                "hands": [sort_cards(h) for h in deal.dealt],
                "trump_card": deal.trump_card,
                "trump": deal.trump,
            }
        )

    def round_result(self, state: Match) -> dict:
        deal = state.deal
        if deal.result is None:
            return {}
        return _copy(
            {
                **deal.result,
                "games_won": state.games_won[:],
                "game_points": state.game_points[:],
                "over": state.over,
                "winners": winners(state),
                "rubber_points": state.rubber_points(),
                "rubber_value": state.rubber_value(),
                "next_rubber": state.next_rubber(),
            }
        )

    def scenarios(self, record: dict) -> list[dict]:
        """The whole rubber as one scenario: every deal, every card, and its outcome."""
        return [rubber_scenario(record)]


def _copy(data: dict) -> dict:
    """Plain JSON sharing nothing with the state."""
    return json.loads(json.dumps(data))


def rubber_scenario(record: dict) -> dict:
    rounds = record["rounds"]
    first = rounds[0]["setup"]
    options = record.get("options") or {}
    deals = []
    for rnd in rounds:
        deal = {"hands": rnd["setup"]["hands"]}
        if rnd["setup"]["trump_card"] is not None:
            deal["trump_card"] = rnd["setup"]["trump_card"]
        deals.append(deal)
    actions = [
        {"seat": a["seat"], "action": "play", "card": a["card"]}
        for rnd in rounds
        for a in rnd["actions"]
        if a.get("action") == "play"
    ]
    last = rounds[-1]
    expect: dict[str, Any] = {
        "status": "ok",
        "deal_index": len(rounds) - 1,
        "dealer": last["setup"]["dealer"],
    }
    result = last.get("result") or {}
    if result:
        expect.update(
            {
                "phase": "rubber_over" if result["over"] else "between_deals",
                "to_move": [],
                "over": result["over"],
                "winners": result["winners"],
                "tricks": result["tricks"],
                "odd_tricks": result["odd_tricks"],
                "honours_held": result["honours_held"],
                "honour_points": result["honour_points"],
                "scores": result["points"],
                "games_won": result["games_won"],
                "game_points": result["game_points"],
                "completed_games": [
                    r["result"]["game"] for r in rounds if (r.get("result") or {}).get("game")
                ],
                "rubber_points": result["rubber_points"],
                "rubber_value": result["rubber_value"],
                "next_rubber": result["next_rubber"],
            }
        )
    return {
        "game": "whist",
        "players": 4,
        "options": {o.key: options[o.key] for o in SCENARIO_OPTIONS if o.key in options},
        "setup": {
            "dealer": first["dealer"],
            "deal_number": first["deal_number"],
            "score": first["score"],
            "deals": deals,
        },
        "actions": actions,
        "note": "a rubber exported from a match record",
        "expect": expect,
    }


def next_rubber_options(state: Match) -> dict:
    """WH10: the options of the match that plays the next rubber."""
    if not state.over:
        raise ValueError("the rubber is not over")
    return {**state.options, "cut": False, "first_dealer": state.next_rubber()["dealer"]}


def next_rubber_seats(state: Match) -> list[int]:
    """WH10: per seat of the finished rubber, the seat its player takes in the next one."""
    seats = [0, 1, 2, 3]
    swap = state.next_rubber()["swap"]
    if swap:
        a, b = swap
        seats[a], seats[b] = b, a
    return seats


def _voids(tricks: list[dict]) -> list[set[str]]:
    """Per seat, the suits it has shown out of: it did not follow a suit led (WH5)."""
    voids: list[set[str]] = [set() for _ in range(4)]
    for trick in tricks:
        cards = trick["cards"]
        for i, card in enumerate(cards[1:], 1):
            if suit(card) != suit(cards[0]):
                voids[(trick["leader"] + i) % 4].add(suit(cards[0]))
    return voids


GAME = Whist()
