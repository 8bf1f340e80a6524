"""A sparring partner, no level of the site (GAMES.md point 2): the rules of thumb a club
player of Cartagena follows, from the rules file alone, with no search.

- Play the card that takes a pirate furthest, preferring a pirate behind (it jumps over the
  crowd ahead, CG5); a privateer card only when another hand holds more than seven (CG9).
- Keep a reserve: with fewer than two cards, draw first, advancing the pirate of the player
  furthest behind (helping the laggard least matters), two cards where possible (CG6).
- Take the boat across when captain (free, CG8) or with two pirates aboard; bring it back only
  when nothing better is left and three or more of its pirates wait on the first island (CG7).
- Give up the most duplicated symbols in a privateer's discards.
"""

from __future__ import annotations

from random import Random

from ..board import LAST_FIRST, parse_position, progress
from ..cards import is_privateer
from .common import discard_for, public_state, steps


def choose(view: dict, rng: Random, time_budget=None, clock=None) -> dict:
    if view["phase"] == "discard":
        return discard_for(view)
    seat, legal = view["seat"], view["legal"]
    state = public_state(view)
    own = [parse_position(p) for p in view["pirates"][seat]]
    plays = [a for a in legal if a["action"] == "play"]
    draws = [a for a in legal if a["action"] == "advance"]
    boat = next((a for a in legal if a["action"] == "boat"), None)
    end = next((a for a in legal if a["action"] == "end"), None)
    if boat and view["boat"] == 1 and (view["free_boat"] or own.count(36) >= 2):
        return boat
    if draws and len(view["hand"]) < 2:
        return max(draws, key=lambda a: _draw_value(view, state, a))
    if plays:
        crowded = any(n > 7 for s, n in enumerate(view["hand_sizes"]) if s != seat)
        plays = [a for a in plays if crowded or not is_privateer(a["card"])] or plays
        return max(plays, key=lambda a: _play_value(state, a, rng))
    if draws:
        return max(draws, key=lambda a: _draw_value(view, state, a))
    if boat and (view["boat"] == 1 or sum(p <= LAST_FIRST for p in own) >= 3):
        return boat
    return end or boat or legal[0]


def _play_value(state, action: dict, rng: Random) -> tuple:
    """The longest jump, a pirate behind when two jumps are within a step of each other."""
    gone, _ = steps(state, action)
    return gone - 0.05 * progress(parse_position(action["from"])), rng.random()


def _draw_value(view: dict, state, action: dict) -> tuple:
    """Two cards first, then the player furthest behind, then the fewest steps given."""
    given, cards = steps(state, action)
    behind = -sum(progress(parse_position(p)) for p in view["pirates"][action["target"]])
    return cards, behind, -given
