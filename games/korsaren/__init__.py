"""The Korsaren rules engine (RULES.md): pure Python, deterministic from a seed, no Django.

The public API, in the spirit of OpenSpiel's state API:

    new_match(players, seed) / from_deal(...)   a match state (secrets included)
    seats_to_act(state), legal_actions(state, seat)
    apply(state, action)                        new state, or IllegalAction (state unchanged)
    view(state, seat | None)                    what one seat (or a spectator) may see
    laydown_options / default_laydown / lay_down   the lay-down helper (R5, R6)
    to_json / from_json                         lossless storage
"""

from .actions import Action, Attach, Deal, Discard, Draw, SetSail, parse_action
from .cards import ALL_CARDS, COLOURS, colour, number, sort_cards
from .engine import apply, from_deal, legal_actions, new_match, seats_to_act
from .errors import IllegalAction, KorsarenError, MalformedAction
from .laydown import (
    Laydown,
    attach_choices,
    attachable,
    crew_choices,
    default_laydown,
    lay_down,
    laydown_options,
)
from .shuffle import new_seed, seed_hash
from .state import ANNULLED, ATTACH, DISCARD, DRAW, SCORED, MatchState, Round, from_json, to_json
from .views import view

__all__ = [
    "GAME",
    "ALL_CARDS",
    "ANNULLED",
    "ATTACH",
    "COLOURS",
    "DISCARD",
    "DRAW",
    "SCORED",
    "Action",
    "Attach",
    "Deal",
    "Discard",
    "Draw",
    "IllegalAction",
    "KorsarenError",
    "Laydown",
    "MalformedAction",
    "MatchState",
    "Round",
    "SetSail",
    "apply",
    "attach_choices",
    "attachable",
    "colour",
    "crew_choices",
    "default_laydown",
    "from_deal",
    "from_json",
    "lay_down",
    "laydown_options",
    "legal_actions",
    "new_match",
    "new_seed",
    "number",
    "parse_action",
    "seed_hash",
    "seats_to_act",
    "sort_cards",
    "to_json",
    "view",
]

# Last: the protocol object uses the bots, which use the names above.
from .game import GAME  # noqa: E402
