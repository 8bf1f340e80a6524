"""No game's move leaves cyclic garbage (issue 37): objects that only the garbage collector's
passes free, which a busy server pays for in pauses of tens of milliseconds. For every game, a
few moves are played as a socket plays them (games.moves.submit: the rate limit, the game's form
parsing, services.play) and every seat's regions are rendered from the table's read as a server
process does; the collector then finds nothing unreachable. A cycle anywhere on that path (a
seat or round holding its match, a recursive closure, a macro imported with context, a bound
form) fails here, with the kinds of objects it left."""

from __future__ import annotations

import contextlib
import gc
import random
from collections import Counter

import pytest

from benchmarks.client import TabView, mover
from games import moves, registry, selectors, services
from games.consumers import Snapshot
from games.models import Match
from games.rendering import regions_of, render_regions, table_context
from tests.games.tables import full_table

pytestmark = pytest.mark.django_db

MOVES = 12


def kinds(objects) -> Counter:
    return Counter(getattr(o, "__qualname__", None) or type(o).__qualname__ for o in objects)


@pytest.mark.parametrize("game", registry.slugs())
def test_a_move_and_its_table_leave_no_cyclic_garbage(game, settings):
    settings.KORSAREN_MOVE_RATE = 10**9
    match, by_seat = full_table(game, seed="no-cycles")
    seats = len(by_seat)
    regions = tuple(r for r in regions_of(game) if r not in ("chat", "people"))
    rng = random.Random(3)
    table = selectors.get_table(match.pk)

    def move_and_render(previous: Match) -> Match:
        """One move (or the server's step) as a socket sends it, then every seat's regions."""
        status = selectors.state_of(previous)[1]
        if status.server_step is not None:
            services.take_server_step(match.pk, previous.version)
        else:
            seat = status.to_act[0]
            ctx = table_context(previous, by_seat[seat], with_chat=False)
            tab = TabView(game)
            tab.swap("".join(render_regions(ctx, oob=True, regions=regions).values()))
            data = {**mover(game)(tab.regions, rng), "version": str(previous.version)}
            # A refused move must leave nothing either; the next try differs.
            with contextlib.suppress(services.ServiceError):
                moves.submit(by_seat[seat], match.pk, moves.form_data(data))
        table = selectors.get_table(match.pk, previous)
        snapshot = Snapshot(0, table)
        for position in range(seats):
            ctx = table_context(table, by_seat[position], with_chat=False)
            render_regions(
                ctx,
                oob=True,
                regions=regions,
                shared=snapshot.shared,
                public=snapshot.public_context,
            )
        return table

    table = move_and_render(table)  # first uses (imports, caches) are not per move
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(MOVES):
            if not table.is_active:
                break
            table = move_and_render(table)
        del table
        gc.collect()
        left = kinds(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
        gc.collect()
    assert Match.objects.get(pk=match.pk).version > 1
    assert not left, f"cyclic garbage after {MOVES} moves of {game}: {left.most_common(12)}"
