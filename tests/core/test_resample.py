"""Dealing hidden cards afresh (games.core.resample): counts kept, constraints kept, renamed
everywhere at once."""

from __future__ import annotations

import random

import pytest

from games.core.resample import redeal, relabel, strings_in


def test_redeal_keeps_each_place_its_count_and_moves_cards_between_places():
    places = [["a1", "a2", "a3"], ["b1", "b2"], ["c1", "c2", "c3", "c4"]]
    moved = set()
    for seed in range(30):
        mapping = redeal(places, random.Random(seed))
        assert sorted(mapping) == sorted(mapping.values()) == sorted(sum(places, []))
        moved |= {(old[0], new[0]) for old, new in mapping.items()}
    assert ("a", "b") in moved and ("c", "a") in moved  # cards change places


def test_redeal_respects_what_a_place_may_not_hold():
    places = [["x1", "y1"], ["x2", "y2"], ["x3", "x4"]]
    no_y_in_last = lambda place, card: not (place == 2 and card.startswith("y"))  # noqa: E731
    for seed in range(30):
        mapping = redeal(places, random.Random(seed), no_y_in_last)
        assert not any(mapping[c].startswith("y") for c in places[2])


def test_redeal_with_no_possible_deal_says_so():
    with pytest.raises(RuntimeError):
        redeal([["x1"], ["x2"]], random.Random(1), lambda place, card: False)


def test_relabel_renames_values_everywhere_and_keeps_keys():
    data = {"hands": [["a", "b"]], "log": [{"card": "a"}], "a": "c"}
    assert relabel(data, {"a": "b", "b": "a"}) == {
        "hands": [["b", "a"]],
        "log": [{"card": "b"}],
        "a": "c",
    }
    assert data["hands"] == [["a", "b"]]  # a copy
    assert strings_in(data) == {"hands", "a", "b", "log", "card", "c"}
