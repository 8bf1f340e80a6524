"""placeholder"""

from random import Random

from .deckhand import choose as _c


def choose(state, seat, rng: Random):
    return _c(state, seat, rng)
