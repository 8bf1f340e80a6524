"""Random play for engine tests: a mix of action kinds, so rounds run long enough to empty the
stock or the pier, and uniform choices within a kind."""

from __future__ import annotations

import json
import random
import re

from games.korsaren import (
    ATTACH,
    DISCARD,
    DRAW,
    Draw,
    MatchState,
    SetSail,
    apply,
    legal_actions,
    seats_to_act,
)

CARD_TOKEN = re.compile(r'"([a-z]+-\d+)"')


def random_step(
    state: MatchState, rng: random.Random, sail_chance: float = 0.08, pier: bool = True
):
    """One random legal action, from a random seat among those the game waits for. With
    `pier=False` nobody draws from the pier while there is another source, so stocks run out
    and the last stock card forces sail (R4)."""
    seat = rng.choice(seats_to_act(state))
    actions = legal_actions(state, seat)
    r = state.round
    if r.phase == DRAW and not pier and len(actions) > 1:
        actions = [a for a in actions if not (isinstance(a, Draw) and a.source == "pier")]
    if r.phase == DISCARD and not r.must_sail:
        want_sail = rng.random() < sail_chance
        actions = [a for a in actions if isinstance(a, SetSail) == want_sail]
    return rng.choice(actions)


def play_random_match(state: MatchState, rng: random.Random, max_actions: int = 50_000):
    """Play to the end; returns (final state, every action applied)."""
    log = []
    while not state.match_over:
        assert len(log) < max_actions, "the match did not end"
        action = random_step(state, rng)
        state = apply(state, action)
        log.append(action)
    return state, log


def cards_in(obj) -> set[str]:
    """Every card name mentioned anywhere in a JSON-able object."""
    return set(CARD_TOKEN.findall(json.dumps(obj)))


def round_cards(state: MatchState) -> list[str]:
    """Every card of the current round, wherever it is, as a list (duplicates would show)."""
    r = state.round
    cards = [c for h in r.hands for c in h] + r.pier + r.discard + r.stock
    for ld in r.laydowns:
        if ld is not None:
            cards += [*ld.prisoners, *ld.crew, *ld.stowaways, *ld.attached]
    return cards


def is_attach_phase(state: MatchState) -> bool:
    return state.round.phase == ATTACH
