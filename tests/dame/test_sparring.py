"""The sparring partner (sparring.py): legal, repeatable without a clock, each game's goal, and
written apart from the bots: it knows the game only through the engine's protocol."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from games.dame import GAME
from games.dame.bots import sparring
from games.schlagdame import GAME as SCHLAGDAME

from .helpers import legal, position, random_game


def test_it_imports_nothing_of_the_bots_or_the_rules():
    tree = ast.parse(Path(sparring.__file__).read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
    assert imported <= {
        "__future__", "collections.abc", "random", "games.core.checkerboard", "games.dame",
        "games.schlagdame",
    }  # fmt: skip


@pytest.mark.parametrize("game", [GAME, SCHLAGDAME], ids=["dame", "schlagdame"])
def test_it_plays_legal_moves_repeatably(game):
    states, _ = random_game(game, seed=5)
    for state in states[:-1:9]:
        view = game.view(state, state.to_move)
        move = sparring.choose(view, random.Random(1))
        assert move in legal(state, game)
        assert sparring.choose(view, random.Random(1)) == move


def test_it_takes_a_free_man_in_dame_and_gives_its_own_in_schlagdame():
    # c3-d4 is taken by e5 (DA4): good for Black, so White avoids it in Dame and seeks it in
    # Schlagdame, where White left without pieces wins (SD1).
    pieces = {"c3": "w", "e5": "b", "h8": "b"}
    assert sparring.choose(GAME.view(position(pieces), 0), random.Random(1)) == "c3-b4"
    misere = position(pieces, game=SCHLAGDAME)
    assert sparring.choose(SCHLAGDAME.view(misere, 0), random.Random(1)) == "c3-d4"
