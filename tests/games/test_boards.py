"""The platform's checkerboard component (games/boards.py, docs/board.md): the squares in each
viewer's order, their accessible names and marks, and their HTML."""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.translation import gettext_lazy

from games import boards
from games.rendering import render_region

PIECES = boards.Pieces(
    names={"a": gettext_lazy("white man"), "K": gettext_lazy("black king")},
    classes={"a": "piece--white", "K": "piece--black piece--king"},
    emblems={"K": boards.CROWN},
)


def names(rows):
    return [[c["name"] for c in row] for row in rows]


def test_each_seat_sees_its_own_side_at_the_bottom():
    for seat in (0, None):
        rows = names(boards.board_rows({}, seat, PIECES))
        assert rows[0][0] == "a8" and rows[-1][0] == "a1" and rows[-1][-1] == "h1"
    rows = names(boards.board_rows({}, 1, PIECES))
    assert rows[0][0] == "h1" and rows[-1][0] == "h8"
    assert boards.edges(1) == (list("hgfedcba"), list("12345678"))
    assert boards.edges(None) == (list("abcdefgh"), list("87654321"))


def test_labels_and_marks():
    board = {"c3": "a", "e5": "K"}
    with translation.override("en"):
        rows = boards.board_rows(
            board, 0, PIECES, last=("a1", "c3"), captured=("b2",), movable=("c3",)
        )
    cells = {c["name"]: c for row in rows for c in row}
    assert cells["c3"]["label"] == "white man on c3, can move, last move: to here"
    assert cells["a1"]["label"] == "empty square a1, last move: from here"
    assert cells["b2"]["label"] == "empty square b2, captured in the last move"
    assert cells["e5"]["label"] == "black king on e5"
    assert cells["a2"]["label"] == "light square a2"
    assert cells["c3"]["cursor"] and not cells["a1"]["cursor"]  # the first movable square
    assert cells["b2"]["captured"] and cells["a1"]["last"] and not cells["e5"]["last"]


def test_a_placement_is_one_square_and_movable_squares_may_be_empty():
    with translation.override("en"):
        rows = boards.board_rows(
            {},
            1,
            PIECES,
            last=("d8",),
            movable=("b8", "f8"),
            movable_note="a piece can be placed here",
        )
    cells = {c["name"]: c for row in rows for c in row}
    assert cells["d8"]["label"] == "empty square d8, last move: to here"
    assert cells["b8"]["label"] == "empty square b8, a piece can be placed here"
    assert cells["b8"]["cursor"]


def test_the_words_are_the_platforms_in_every_language():
    with translation.override("de"):
        rows = boards.board_rows({}, 0, PIECES, movable=("a1",))
    cells = {c["name"]: c for row in rows for c in row}
    assert cells["a1"]["label"] == "leeres Feld a1, kann ziehen"
    assert cells["a2"]["label"] == "helles Feld a2"


def test_the_grid_is_interactive_only_for_the_player_who_may_move():
    with translation.override("en"):
        rows = boards.board_rows({"e5": "K"}, 0, PIECES, movable=("e5",))
        files, ranks = boards.edges(0)
        ctx = {"board": rows, "files": files, "ranks": ranks, "bottom_colour": "White"}
        still = render_region("games/board/grid.jinja", ctx)
        live = render_region(
            "games/board/grid.jinja", {**ctx, "interactive": True, "legal_moves": "e5-f6 d8"}
        )
    assert 'role="table"' in still and "data-moves" not in still and 'id="sq-' not in still
    assert len(re.findall(r'role="cell"', still)) == 64
    assert 'role="grid"' in live and 'data-moves="e5-f6 d8"' in live
    assert len(re.findall(r'role="gridcell"', live)) == 64
    assert len(re.findall(r'tabindex="0"', live)) == 1  # the roving cursor, on e5
    assert re.search(r'id="sq-e5" tabindex="0"[^>]*class="sq sq--dark sq--movable"', live)
    assert '<span class="piece piece--black piece--king" aria-hidden="true"><svg' in live
    assert 'aria-label="Board, White at the bottom"' in live
