"""The bots' fast hand arithmetic and lay-down choices agree with the engine (R5, R6, R7)."""

from __future__ import annotations

import random

import pytest

from games.korsaren import ALL_CARDS, COLOURS, default_laydown, lay_down, laydown_options
from games.korsaren.bots.hands import best_crew, best_discard, colour_id, ids, masks_of, names
from games.korsaren.bots.laydowns import attach_action, default_attach_action, sail_action
from games.korsaren.laydown import attach_choices, crew_choices


def random_hand(rng: random.Random, size: int, colours: int = 4) -> list[str]:
    """Hands from few colours, so crews, duplicates and attachments are common."""
    chosen = rng.sample(COLOURS, colours)
    pool = [c for c in ALL_CARDS if c.rsplit("-", 1)[0] in chosen]
    return rng.sample(pool, size)


def test_best_crew_is_the_r5_default_limit():
    rng = random.Random(1)
    for _ in range(300):
        hand = random_hand(rng, 12, rng.randint(2, 8))
        pier = rng.choice(COLOURS)
        limit, stowaways, _, _ = best_crew(masks_of(ids(hand)), colour_id(pier))
        best = default_laydown(hand, pier)
        assert (limit, stowaways) == (best.limit, len(best.stowaways))


def test_best_discard_leaves_the_lowest_limit():
    rng = random.Random(2)
    for _ in range(300):
        hand = ids(random_hand(rng, 13, rng.randint(2, 8)))
        pier = rng.randrange(len(COLOURS))
        card, limit, stowaways = best_discard(hand, pier)
        rest = [c for c in hand if c != card]
        assert best_crew(masks_of(rest), pier)[:2] == (limit, stowaways)
        every = min(best_crew(masks_of([c for c in hand if c != d]), pier)[:2] for d in hand)
        assert (limit, stowaways) == every


def r7_key(limit: int, stowaways: int, closer_limit: int) -> tuple:
    """R9 a sweep, else R7 sinking the closer with the most stowaways handed over, else the
    fewest stowaways kept."""
    if stowaways == 0:
        return (0, 0, 0)
    if limit <= closer_limit:
        return (1, -stowaways, limit)
    return (2, stowaways, limit)


@pytest.mark.parametrize("seed", range(6))
def test_the_opponent_lay_down_is_the_best_of_all_legal_ones(seed):
    rng = random.Random(seed)
    for _ in range(8):
        cards = random_hand(rng, 24)
        closer_hand, hand = cards[:12], cards[12:]
        pier = rng.choice(COLOURS)
        closer = laydown_options(closer_hand, pier)[rng.randrange(3)]  # not always the default
        best = min(
            r7_key(ld.limit, len(ld.stowaways), closer.limit)
            for attached in attach_choices(hand, closer)
            for crew in crew_choices(pier)
            for ld in [lay_down(hand, pier, crew, attached, closer)]
        )
        action = attach_action(1, hand, pier, closer)
        ld = lay_down(hand, pier, action["crew"], action["cards"], closer)
        assert r7_key(ld.limit, len(ld.stowaways), closer.limit) == best
        default = default_attach_action(1, hand, pier, closer)
        assert default["cards"] == list(default_laydown(hand, pier, closer).attached)


def test_sailing_takes_the_lowest_limit_over_every_discard():
    rng = random.Random(4)
    for _ in range(100):
        hand = random_hand(rng, 13, rng.randint(2, 6))
        pier = rng.choice(COLOURS)
        action = sail_action(0, hand, pier)
        rest = [c for c in hand if c != action["card"]]
        ld = lay_down(rest, pier, action["crew"])
        lowest = min(default_laydown([c for c in hand if c != d], pier).limit for d in hand)
        assert ld.limit == lowest


def test_card_ids_round_trip():
    assert names(ids(ALL_CARDS)) == list(ALL_CARDS)
