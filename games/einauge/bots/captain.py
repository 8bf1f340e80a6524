"""placeholder"""

from .deckhand import choose as _c

DEFAULT_TIME_BUDGET = 0.5


def choose(view, state, rng, budget, clock):
    return _c(state, view["seat"], rng)
