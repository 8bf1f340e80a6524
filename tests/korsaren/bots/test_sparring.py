"""The sparring partner (games/korsaren/bots/sparring.py, issue 36): written apart from the
levels, it plays only legal moves through whole matches, shares no code with the bots, and the
benchmark plays it against the Captain through the shared harness."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from games.korsaren import GAME, apply, new_match, seats_to_act, view
from games.korsaren.bots import sparring
from tests.commands import first_table, output


def test_the_sparring_partner_plays_only_legal_moves_through_whole_matches():
    kinds = set()
    for players, seed in [(2, "spar-a"), (2, "spar-b"), (3, "spar-c"), (4, "spar-d")]:
        state = new_match(players, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.match_over:
            assert actions < 20_000, "the match did not end"
            seat = seats_to_act(state)[0]
            action = sparring.choose(view(state, seat), rng)
            if actions % 25 == 0 and action["action"] in ("draw", "discard"):
                assert action in GAME.legal_actions(state, seat)  # now and then: long lists
            state = apply(state, action)  # raises IllegalAction on an illegal one
            kinds.add(action["action"])
            actions += 1
        assert state.winners
    assert {"draw", "discard", "sail", "attach", "deal"} <= kinds


def test_it_sweeps_at_once_holds_on_near_a_sweep_and_gets_out_cheaply_far_from_one():
    """R9: with no stowaways after the discard it sets sail; one stowaway away and early in the
    round it keeps racing (it discards); four stowaways away with a limit of 5 it sets sail."""
    crew = [f"red-{n}" for n in range(1, 7)] + [f"blue-{n}" for n in range(7, 12)]
    seen = {
        "seat": 0, "phase": "discard", "pier_colour": "green", "must_sail": False,
        "stock_count": 60, "hand": [*crew, "green-3", "black-11"],
    }  # fmt: skip
    assert sparring.choose(seen, random.Random(1)) == {
        "seat": 0, "action": "sail", "card": "black-11", "crew": ["red", "blue"],
    }  # fmt: skip
    seen["hand"] = [*crew[:-1], "green-3", "black-11", "black-2"]
    assert sparring.choose(seen, random.Random(1))["action"] == "discard"
    far = [*(f"red-{n}" for n in range(1, 5)), *(f"blue-{n}" for n in range(5, 9))]
    seen["hand"] = [*far, "grey-1", "black-1", "black-2", "orange-1", "orange-2"]
    action = sparring.choose(seen, random.Random(1))
    assert action["action"] == "sail" and action["crew"] == ["red", "blue"]


def test_it_shares_no_code_with_the_bots():
    tree = ast.parse(Path(sparring.__file__).read_text())
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert imported <= {"__future__", "random", "games.korsaren"}, imported


def test_the_benchmark_plays_the_captain_against_it_in_pairs():
    out = output(
        "benchmarks.korsaren_sparring",
        "--matches",
        "2",
        "--time-budget",
        "0.002",
        "captain",
        "sparring",
    )
    assert "2 matches in pairs (seats swapped)" in out
    table = first_table(out)
    assert table["captain"][1] == table["sparring"][1] == "2"
    assert "95% CI" in out and "p95" in out and "ended by a sweep (R9)" in out
