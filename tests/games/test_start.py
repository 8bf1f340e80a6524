"""A match's start: every seat the game waits for first has its turn timer running."""

from __future__ import annotations

import pytest

from games import registry, services
from tests.helpers import make_user

from .tables import open_table


@pytest.mark.django_db
@pytest.mark.parametrize("slug", registry.slugs())
def test_the_first_person_to_act_has_a_deadline(slug):
    """WH3: Whist's cut for seats moves the players after the deal; the deadline must be
    computed for the seats they end up in, or a person leading the first trick is never timed
    out (the table hangs). Every game: whoever is to act first, if a person, has a deadline."""
    config = registry.get(slug)
    engine = config.game
    seats = max(engine.player_counts)
    easiest = engine.bots.levels[0]
    person_first = 0
    for n in range(12):
        creator = make_user(f"first-{slug}-{n}", f"first-{slug}-{n}@example.com")
        match = open_table(creator, bots=[easiest] * (seats - 1), seats=seats, game=slug)
        match = services.start_match(creator, match.pk, seed=f"start-{n}")
        match.refresh_from_db()
        status = engine.status(engine.load(match.state))
        mine = match.seats.get(user=creator).position
        if mine in status.to_act:
            person_first += 1
            assert match.deadline is not None, f"seed start-{n}: no deadline for the person"
        else:
            assert match.deadline is None, f"seed start-{n}: a deadline for bots only"
    assert person_first, "no seed put the person first: the check above never ran"
