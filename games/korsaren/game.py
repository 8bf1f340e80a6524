"""Korsaren as the platform sees it: the game protocol (games/core/protocol.py) over this engine."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.core import Option, Status, Traits
from games.core.resample import redeal, relabel, strings_in

from .actions import Attach, Discard, SetSail, parse_action
from .bots import BOTS
from .engine import apply, legal_actions, new_match, seats_to_act
from .laydown import default_laydown
from .state import ANNULLED, ATTACH, DISCARD, DRAW, SCORED, MatchState
from .views import view

TIMEOUT_LEVEL = "deckhand"  # R10: the easiest level plays for an absent player

# The keys of a scored round's result that the scenario format checks (scenarios/README.md).
SCENARIO_RESULT_KEYS = (
    "closer",
    "limits",
    "sank_closer",
    "penalty_cards_taken",
    "sweep",
    "penalties",
    "match_over",
    "winners",
    "next_round_is_last",
)


class Korsaren:
    slug = "korsaren"
    player_counts = (2, 3, 4)
    options: tuple[Option, ...] = ()
    bots = BOTS
    # max_actions is NOT a bound the rules give: R4 lets a player take the discard pile's top
    # card and discard it again, turn after turn, and an annulled round (R4: the last pier card)
    # is dealt again, so a round, and a match, may last for ever. It is the safety net the
    # tournaments and tests always used, far above what play takes: uniformly random legal play
    # ends within ~25 actions (sweeps come soon), Deckhand and Boatswain matches of 2-4 players
    # within 530 (120 matches measured).
    traits = Traits(perfect_information=False, chance=True, max_actions=20_000)

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> MatchState:
        return new_match(players, seed)

    def load(self, data: dict) -> MatchState:
        return MatchState.from_dict(data)

    def dump(self, state: MatchState) -> dict:
        return state.to_dict()

    def status(self, state: MatchState) -> Status:
        r = state.round
        between = r.phase in (SCORED, ANNULLED)
        step = None
        if between and not state.match_over:  # R2: the next dealer deals, after a pause
            step = {"seat": (r.dealer + 1) % state.players, "action": "deal"}
        return Status(
            to_act=() if between or state.match_over else tuple(seats_to_act(state)),
            simultaneous=r.phase == ATTACH,  # R6: opponents lay down in any order
            round=r.number,
            round_over=between,
            round_void=r.phase == ANNULLED,
            over=state.match_over,
            ranking=tuple(state.ranking),
            scores=tuple(state.penalties()),
            server_step=step,
        )

    def legal_actions(self, state: MatchState, seat: int) -> list[dict]:
        return [a.to_dict() for a in legal_actions(state, seat)]

    def apply(self, state: MatchState, action: dict) -> MatchState:
        return apply(state, action)

    def view(self, state: MatchState, seat: int | None) -> dict:
        return view(state, seat)

    def resample(self, state: MatchState, seat: int | None, rng: Random) -> MatchState:
        """The cards `seat` cannot see dealt afresh: the other hands' cards it did not see taken
        face up, and the stock, in a new order (R3). Penalty cards of earlier rounds and
        lay-downs stay as they are."""
        seen = strings_in(view(state, seat))
        r = state.round
        places = [[c for c in hand if c not in seen] for s, hand in enumerate(r.hands) if s != seat]
        places.append([c for c in r.stock if c not in seen])
        return self.load(relabel(self.dump(state), redeal(places, rng)))

    def timeout_actions(self, state: MatchState, seat: int, rng: Random) -> list[dict]:
        """R10: the Deckhand's draw and discard (never its decision to set sail, unless the last
        stock card forces it), or the R6 default lay-down."""
        actions = []
        while seat in seats_to_act(state) and state.round.phase in (DRAW, DISCARD, ATTACH):
            r = state.round
            if r.phase == ATTACH:
                ld = default_laydown(r.hands[seat], r.pier_colour, r.laydowns[r.closer])
                action = Attach(seat, ld.attached, ld.crew_colours)
            else:
                action = parse_action(BOTS.choose(TIMEOUT_LEVEL, view(state, seat), rng))
                if isinstance(action, SetSail) and not r.must_sail:
                    action = Discard(seat, action.card)
            actions.append(action.to_dict())
            state = apply(state, action)
            if state.round.phase == DRAW:
                break  # the turn is over
        return actions

    def teams(self, players: int, options: Mapping[str, Any]) -> None:
        return None

    def round_setup(self, state: MatchState) -> dict:
        """The deal as a scenario states it (scenarios/README.md), and whether it is the last
        round (R8)."""
        r = state.round
        return {
            "players": state.players,
            "dealer": r.dealer,
            "penalties": state.penalties(),
            "hands": [h[:] for h in r.hands],
            "pier": r.pier[:],
            "discard": r.discard[:],
            "stock": r.stock[:],
            "is_last": r.is_last,
        }

    def round_result(self, state: MatchState) -> dict:
        r = state.round
        return {
            **(r.result or {}),
            "laydowns": [ld.to_dict() if ld else None for ld in r.laydowns],
        }

    def scenarios(self, record: dict) -> list[dict]:
        """One scenario per round: its deal, its actions (no deals) and what it came to."""
        return [_round_scenario(rnd) for rnd in record["rounds"]]


def _round_scenario(rnd: dict) -> dict:
    setup, result = rnd["setup"], rnd["result"] or {}
    expect = {
        "status": "ok",
        "phase": ANNULLED if rnd["void"] else SCORED,
        "to_move": None,
        "pier_colour": None if rnd["void"] else result.get("pier_colour"),
    }
    expect.update({k: result[k] for k in SCENARIO_RESULT_KEYS if k in result})
    keys = ("players", "dealer", "penalties", "hands", "pier", "discard", "stock")
    return {
        **{k: setup[k] for k in keys},
        "actions": [a for a in rnd["actions"] if a["action"] != "deal"],
        "expect": expect,
    }


GAME = Korsaren()
