"""The start-up check of the games' web parts (games/checks.py): every installed game passes it,
and a web part that lacks something is told what, by name."""

from __future__ import annotations

from types import SimpleNamespace

from django.core.management import call_command

from games import registry
from games.checks import presenter_errors
from games.plugin import MoveRejected, Presenter
from tests.optional_game.snap import GAME as SNAP


def errors_of(presenter_class, game=SNAP, slug="snap") -> list[str]:
    config = SimpleNamespace(slug=slug, game=game, presenter=presenter_class(game))
    return [e.msg for e in presenter_errors(config)]


class Complete(Presenter):
    name = tagline = "Snap"
    picture = "img/emblems/black.svg"
    board_template = "games/board/layout.html"
    moves_template = "dame/table/moves.jinja"
    optional_template = "dame/table/moves.jinja"
    replay_template = "games/board/replay.html"

    def parse_move(self, data) -> dict:
        raise MoveRejected("no")


def test_every_installed_game_passes_the_check():
    assert registry.all_games()
    for config in registry.all_games():
        assert presenter_errors(config) == [], config.slug
    call_command("check", "--fail-level", "ERROR")


def test_a_bare_presenter_is_told_each_member_it_lacks():
    messages = errors_of(Presenter)
    for member in ("name", "tagline", "picture", "board_template", "moves_template"):
        assert f"snap: its presenter sets no {member}." in messages
    assert "snap: its presenter has no parse_move: no move can be made." in messages
    assert "snap: it has optional moves but no optional_template." in messages
    assert "snap: it has no rules page snap/rules.html." in messages


def test_templates_regions_and_static_files_are_found_or_named(settings):
    class Broken(Complete):
        picture = "snap/missing.svg"
        moves_template = "snap/table/moves.jinja"
        replay_template = "snap/record/replay.html"
        regions = ("pile", "log")
        shared_regions = {"hand": ()}

    messages = errors_of(Broken, slug="dame")  # dame/rules.html exists: only the rest fails
    assert messages == [
        "dame: moves_template 'snap/table/moves.jinja' is not a jinja2 template.",
        "dame: replay_template 'snap/record/replay.html' is not a django template.",
        "dame: its region 'pile' has no template dame/table/pile.jinja.",
        "dame: its region 'log' is one of the platform's.",
        "dame: shared_regions names 'hand', which is no region.",
        "dame: picture 'snap/missing.svg' is not a static file.",
    ]
    assert errors_of(Complete, slug="dame") == []


def test_bot_names_and_seat_names_must_fit_the_game():
    class Unnamed(Complete):
        seat_names = ("North",)

        def bot_names(self) -> dict:
            return {}

    messages = errors_of(Unnamed, slug="dame")
    assert "dame: bot_names() does not name every bot level." in messages
    assert "dame: seat_names has fewer names than the game has seats." in messages
