"""Random legal play and small checks shared by the Cartagena 2 tests."""

from __future__ import annotations

import random
from collections import Counter

from games.cartagena2 import GAME
from games.cartagena2.cards import DECK


def random_game(players: int, seed: str, options: dict, rng: random.Random, check=None):
    """A whole game of random legal actions (every seat to act in turn, lowest first); the final
    state and the action log. `check(state)` runs on every state met."""
    state = GAME.new(players, seed, options)
    log: list[dict] = []
    while not GAME.status(state).over:
        assert len(log) < GAME.traits.max_actions
        seat = GAME.status(state).to_act[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, action)
        log.append(action)
        if check:
            check(state)
    return state, log


def all_cards(state) -> Counter:
    return Counter(state.deck) + Counter(state.discard) + sum(map(Counter, state.hands), Counter())


def cards_conserved(state) -> None:
    """CG1/CG10: the 105 cards, each once, in hands, draw pile and discard pile (a draw from
    two empty piles loses nothing: the card was never there)."""
    assert all_cards(state) == Counter(DECK)


def pirates_conserved(state) -> None:
    """CG1/CG2: six pirates a seat, at most three on a space, three of a colour aboard."""
    assert all(len(p) == 6 for p in state.pirates)
    spaces = Counter(p for ps in state.pirates for p in ps if 1 <= p <= 35)
    assert max(spaces.values(), default=0) <= 3
    assert all(ps.count(36) <= 3 for ps in state.pirates)
