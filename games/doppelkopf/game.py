"""Doppelkopf as the platform sees it: the game protocol (games/core/protocol.py) over this engine.

A match is a fixed number of counting deals (DK3). Between deals the next dealer's deal is the
server's step. Announcements (DK10) are optional moves: any seat may call at any moment while a
call is open to it, also when it is not its turn; `Status.optional` names every seat that could
call by public knowledge (never a hint of a secret party).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Status, Traits, ranking_from_scores

from . import announcements as ann
from .bots import BOTS
from .cards import sort_cards
from .engine import apply, new_match, next_dealer, timeout_card
from .options import OPTIONS, complete
from .state import FINISHED, FORCED_SOLO, PLAY, RESERVATIONS, Match
from .views import legal_for, public_parties, view
from .worlds import resample

# DK3: 24 counting deals at most, plus at most 4 voluntary compulsory solos that do not count
# (DK6); a deal is at most 4 reservations, 48 cards, 10 calls (5 levels per party) and the deal.
MAX_DEALS = 24 + 4
MAX_ACTIONS = MAX_DEALS * (4 + 48 + 10 + 1)


class Doppelkopf:
    slug = "doppelkopf"
    player_counts = (4,)
    options = OPTIONS
    bots = BOTS
    # Parties change every deal and are secret (DK7): no fixed partnerships for the platform.
    traits = Traits(
        perfect_information=False,
        chance=True,
        max_actions=MAX_ACTIONS,
        optional_moves=True,
        teams=False,
    )

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> Match:
        if players != 4:
            raise ValueError("Doppelkopf is for exactly 4 players (DK1)")
        return new_match(seed, complete(options))

    def load(self, data: dict) -> Match:
        return Match.from_dict(data)

    def dump(self, state: Match) -> dict:
        return state.to_dict()

    def status(self, state: Match) -> Status:
        deal = state.deal
        step = None
        if deal.phase == FINISHED and not state.over:
            step = {"seat": next_dealer(state), "action": "deal"}
        to_act = () if deal.to_move is None else (deal.to_move,)
        optional: tuple[int, ...] = ()
        if ann.calls_open(deal):
            known = public_parties(deal)
            optional = tuple(
                s for s in range(4) if s not in to_act and ann.could_call(deal, s, known[s])
            )
        return Status(
            to_act=to_act,
            round=deal.round,
            round_over=deal.phase == FINISHED,
            over=state.over,
            ranking=tuple(ranking_from_scores(state.scores)) if state.over else (),
            scores=tuple(state.scores),
            server_step=step,
            optional=optional,
        )

    def legal_actions(self, state: Match, seat: int) -> list[dict]:
        """The seat's reservations (DK5/DK6), calls (DK10, in or out of turn) and cards (DK9);
        between deals the next dealer's deal (the server's step)."""
        deal = state.deal
        if deal.phase == FINISHED:
            if not state.over and seat == next_dealer(state):
                return [{"seat": seat, "action": "deal"}]
            return []
        legal = legal_for(deal, seat)
        out = [{"seat": seat, "action": "reserve", "reservation": r} for r in legal["reservations"]]
        out += [{"seat": seat, "action": "announce", "call": c} for c in legal["calls"]]
        out += [{"seat": seat, "action": "play", "card": c} for c in legal["cards"]]
        return out

    def apply(self, state: Match, action: dict) -> Match:
        return apply(state, action)

    def view(self, state: Match, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: Match, seat: int | None, rng: Random) -> Match:
        return resample(state, seat, rng)

    def timeout_actions(self, state: Match, seat: int, rng: Random) -> list[dict]:
        """DK17: healthy; a forced soloist names a diamonds solo; the cheapest legal card
        (fehl before trumps). A timeout never calls."""
        deal = state.deal
        if seat != deal.to_move:
            return []
        if deal.phase == RESERVATIONS:
            return [{"seat": seat, "action": "reserve", "reservation": "healthy"}]
        if deal.phase == FORCED_SOLO:
            return [{"seat": seat, "action": "reserve", "reservation": "diamonds"}]
        if deal.phase == PLAY:
            return [{"seat": seat, "action": "play", "card": timeout_card(deal, seat)}]
        return []

    def teams(self, players: int, options: Mapping[str, Any]) -> None:
        return None  # DK1: no fixed partnerships

    def round_setup(self, state: Match) -> dict:
        """The deal as it began, in the scenario format's terms (scenarios/doppelkopf/README.md)."""
        deal = state.deal
        return _copy(
            {
                "round": deal.round,
                "dealer": deal.dealer,
                "hands": [sort_cards(h) for h in deal.dealt],
                "match": deal.before,
            }
        )

    def round_result(self, state: Match) -> dict:
        deal = state.deal
        if deal.result is None:
            return {}
        return _copy(
            {
                **deal.result,
                "contract": deal.contract,
                "solo": deal.solo,
                "declarer": deal.declarer,
                "parties": deal.parties,
                "reservations": deal.reservations,
                "calls": deal.calls,
                "scores": state.scores,
                "deals_played": state.deals_played,
                "next_dealer": next_dealer(state),
                "compulsory_owed": state.compulsory_owed,
                "match_over": state.over,
            }
        )

    def scenarios(self, record: dict) -> list[dict]:
        """Every deal of a recorded match as one scenario of its own (the format is one deal)."""
        options = record.get("options") or {}
        out = []
        for rnd in record["rounds"]:
            setup = rnd["setup"]
            match = dict(setup["match"])
            if not complete(options)["compulsory_solo"]:
                match.pop("compulsory_owed", None)
            actions = [
                {k: a[k] for k in a if k in ("seat", "action", "reservation", "call", "card")}
                for a in rnd["actions"]
                if a.get("action") != "deal"
            ]
            expect: dict[str, Any] = {"status": "ok"}
            result = rnd.get("result") or {}
            if result:
                expect.update(
                    {
                        key: result[key]
                        for key in (
                            "contract",
                            "solo",
                            "declarer",
                            "parties",
                            "reservations",
                            "calls",
                            "re_card_points",
                            "kontra_card_points",
                            "winner_party",
                            "winners",
                            "score_items",
                            "game_value",
                            "deal_scores",
                            "deal_counts",
                            "scores",
                            "deals_played",
                            "next_dealer",
                            "compulsory_owed",
                            "match_over",
                        )
                    }  # fmt: skip
                )
                expect["over"] = True
            out.append(
                {
                    "game": "doppelkopf",
                    "players": 4,
                    "options": dict(options),
                    "setup": {"dealer": setup["dealer"], "hands": setup["hands"], "match": match},
                    "actions": actions,
                    "note": f"deal {rnd['number']} exported from a match record",
                    "expect": expect,
                }
            )
        return out


def _copy(data: dict) -> dict:
    """Plain JSON sharing nothing with the state."""
    return json.loads(json.dumps(data))


GAME = Doppelkopf()
