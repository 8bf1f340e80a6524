"""The shared 8x8 board (games.core.checkerboard): DA1, WS1, HD1, RG1 all describe it alike."""

from __future__ import annotations

import pytest

from games.core.checkerboard import (
    BASE_ROW,
    FAR_ROW,
    FORWARD_JUMPS,
    FORWARD_NEIGHBOURS,
    INDEX,
    JUMP,
    NE,
    NEIGHBOUR,
    NEIGHBOURS,
    RAY,
    SE,
    SQUARES,
    SW,
    coords,
    flip,
    format_path,
    is_dark,
    parse_path,
    parse_square,
    relative_rank,
    rows,
    square_at,
)


def sq(name: str) -> int:
    return INDEX[name]


def names(indices) -> list[str]:
    return [SQUARES[i] for i in indices]


def test_da1_32_dark_squares_where_file_plus_rank_is_even():
    assert len(SQUARES) == 32 == len(set(SQUARES))
    assert SQUARES[:8] == ("a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2")
    assert SQUARES[-1] == "h8"
    for name in SQUARES:
        file, rank = "abcdefgh".index(name[0]) + 1, int(name[1])
        assert (file + rank) % 2 == 0
    assert is_dark("a1") and not is_dark("b1") and not is_dark("h1")


def test_coords_and_square_at_are_inverse():
    for i in range(32):
        assert square_at(*coords(i)) == i
    assert square_at(1, 0) is None  # b1 is light
    assert square_at(-1, 0) is None and square_at(8, 7) is None


def test_rays_run_outwards_to_the_edge():
    assert names(RAY[sq("a1")][NE]) == ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert RAY[sq("a1")][SW] == () and RAY[sq("a1")][SE] == ()
    assert names(RAY[sq("d4")][SE]) == ["e3", "f2", "g1"]
    assert names(NEIGHBOURS[sq("d4")]) == ["e5", "c5", "e3", "c3"]
    assert NEIGHBOUR[sq("h2")][NE] == -1
    assert JUMP[sq("c3")][NE] == (sq("d4"), sq("e5"))
    assert JUMP[sq("g7")][NE] is None


def test_forward_is_up_for_seat_0_and_down_for_seat_1():
    assert names(FORWARD_NEIGHBOURS[0][sq("c3")]) == ["d4", "b4"]
    assert names(FORWARD_NEIGHBOURS[1][sq("c3")]) == ["d2", "b2"]
    assert FORWARD_NEIGHBOURS[0][sq("h8")] == ()
    assert [names(j) for j in FORWARD_JUMPS[0][sq("a1")]] == [["b2", "c3"]]
    assert names(sorted(FAR_ROW[0])) == ["b8", "d8", "f8", "h8"]
    assert names(sorted(BASE_ROW[0])) == ["a1", "c1", "e1", "g1"]
    assert relative_rank(sq("b8"), 1) == 0 and relative_rank(sq("b8"), 0) == 7


def test_flip_turns_the_board_round():
    assert SQUARES[flip(sq("a1"))] == "h8"
    assert SQUARES[flip(sq("c3"))] == "f6"
    assert all(flip(flip(i)) == i for i in range(32))
    # The turned board keeps the geometry: a neighbour stays a neighbour.
    for i in range(32):
        assert sorted(flip(n) for n in NEIGHBOURS[i]) == sorted(NEIGHBOURS[flip(i)])


def test_rows_show_each_seat_its_own_side_at_the_bottom():
    white = rows(0)
    assert white[0][0] == "a8" and white[-1] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
    black = rows(1)
    assert black[0][0] == "h1" and black[-1][0] == "h8"
    assert rows(None) == white
    # DA1: each player's near left-hand corner is dark, the double corner on the right.
    assert is_dark(white[-1][0]) and is_dark(black[-1][0])
    assert black[-1][-1] == "a8" and not is_dark("a8")


@pytest.mark.parametrize("bad", ["A1", "i1", "a9", "a0", "", "a", "a10", 3, None, "b1"])
def test_parse_square_refuses_anything_but_a_dark_square(bad):
    with pytest.raises(ValueError):
        parse_square(bad)


def test_parse_and_format_paths():
    assert parse_path("c3-e5-c7") == (sq("c3"), sq("e5"), sq("c7"))
    assert format_path(parse_path("a1-h8")) == "a1-h8"
    for bad in ["c3", "c3xe5", "c3-", "c3--d4", "C3-D4", "c3-d3", 7, ["c3", "d4"]]:
        with pytest.raises(ValueError):
            parse_path(bad)
