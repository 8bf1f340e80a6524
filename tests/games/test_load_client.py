"""The load benchmark's browser (benchmarks/client.py) plays any game: what a seat's socket
frames show is read as htmx would (regions by id), and a move is picked from the move forms
they carry. Played here through games.moves.submit, as the socket does, for every installed
game, until a few rounds' worth of moves were accepted."""

from __future__ import annotations

import random

import pytest

from benchmarks.client import TabView, mover, split_regions
from games import moves, registry
from games.models import Match
from games.rendering import render_regions, table_context
from tests.games.tables import full_table

pytestmark = pytest.mark.django_db


def frame_for(match: Match, user) -> str:
    return "".join(render_regions(table_context(match, user), oob=True).values())


@pytest.mark.parametrize("game", registry.slugs())
def test_the_benchmark_plays_every_game_through_its_move_forms(game, settings):
    from games import services

    settings.KORSAREN_MOVE_RATE = 10**9
    engine = registry.get(game).game
    match, by_seat = full_table(game, seed="load-client")
    rng = random.Random(5)
    played = 0
    for _ in range(60):
        match = Match.objects.get(pk=match.pk)
        if not match.is_active:
            break
        status = engine.status(engine.load(match.state))
        if status.server_step is not None:
            services.take_server_step(match.pk, match.version)
            continue
        seat = status.to_act[0]
        tab = TabView(game)
        tab.swap(frame_for(match, by_seat[seat]))
        assert tab.version == match.version
        move = mover(game)(tab.regions, rng)
        assert move, f"no move form for seat {seat} at version {match.version}"
        data = moves.form_data({"version": str(tab.version), **move})
        moves.submit(by_seat[seat], match.pk, data)
        assert Match.objects.get(pk=match.pk).version == match.version + 1
        played += 1
    assert played >= 20


def test_a_frame_splits_into_its_regions_by_id():
    frame = (
        '<section id="table-status" class="s" hx-swap-oob="true"><div id="inner">x</div>'
        '</section><div id="my-hand" hx-swap-oob="true"><p>y</p></div>'
    )
    assert split_regions(frame) == {
        "table-status": '<section id="table-status" class="s" hx-swap-oob="true">'
        '<div id="inner">x</div></section>',
        "my-hand": '<div id="my-hand" hx-swap-oob="true"><p>y</p></div>',
    }
    # The answer to a move sent over the socket is no region.
    assert split_regions('<div id="table-message" hx-swap-oob="true"></div>') == {}
