"""Issue 30, "Cards, boards and seats for every game": the platform's table styles and script
name no game (Korsaren's are its own, games/korsaren/web/static/korsaren), the card component
(static/css/cards.css) is the one its contract (docs/cards.md) describes and the card games use
it, and nothing of Korsaren shows on another game's pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from games import services
from games.models import Match
from tests.helpers import make_user

ROOT = Path(__file__).resolve().parents[2]
TABLE_CSS = ROOT / "static/css/table.css"
TABLE_JS = ROOT / "static/js/table.js"
CARDS_CSS = ROOT / "static/css/cards.css"
CARDS_DOC = ROOT / "docs/cards.md"
KORSAREN_STATIC = ROOT / "games/korsaren/web/static/korsaren"
# Korsaren's things: its sea, pier, piles and stock, the lay-down and set-sail panels, the
# prisoners and the card just drawn.
KORSAREN_WORDS = re.compile(
    r"pier|pile--|stock|laydown|lay-down|set-sail|sail|prisoner|hand-card--drawn|table-center"
    r"|closer|limit-cell|card--arrived",
    re.IGNORECASE,
)


def classes_in_css(text: str) -> set[str]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return set(re.findall(r"\.([a-z][a-z0-9_-]*)", re.sub(r"url\([^)]*\)", "", text)))


def test_the_platform_table_styles_and_script_name_nothing_of_korsaren():
    for path in (TABLE_CSS, TABLE_JS):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(), flags=re.DOTALL)
        found = sorted(set(KORSAREN_WORDS.findall(code)))
        assert not found, f"{path.name} still holds Korsaren's {found}"


def test_korsarens_styles_and_script_are_its_own():
    css = (KORSAREN_STATIC / "korsaren.css").read_text()
    js = (KORSAREN_STATIC / "korsaren.js").read_text()
    for selector in (".pier-row", ".pile--discard", ".laydown-panel", ".hand-card--prisoner"):
        assert selector in css
    for behaviour in ("pier-row--shifted", "card--arrived", "data-closes-panel", "set-sail"):
        assert behaviour in js


def test_every_class_of_the_card_component_is_documented_and_every_documented_one_exists():
    defined = classes_in_css(CARDS_CSS.read_text())
    documented = set(re.findall(r"`\.([a-z][a-z0-9_-]*)`", CARDS_DOC.read_text()))
    assert defined - documented == set(), "cards.css classes docs/cards.md does not describe"
    assert documented - defined == set(), "docs/cards.md describes classes cards.css lacks"


def test_no_game_stylesheet_repeats_what_the_card_component_gives():
    """Whist and Korsaren draw their hand with the component's .hand-card, not a copy of it."""
    for sheet in (
        KORSAREN_STATIC / "korsaren.css",
        ROOT / "games/whist/web/static/whist/whist.css",
    ):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.DOTALL)
        for rule in (".hand-card {", ".hand-card > input", ".pcard {", ".my-hand {", ".pile-top"):
            assert not re.search(rf"^{re.escape(rule)}", text, re.MULTILINE), (sheet.name, rule)


@pytest.mark.django_db
def test_each_table_page_loads_the_card_component_and_only_its_own_game_script():
    anne = make_user()
    pages = {}
    for game, seats in (("korsaren", 2), ("whist", 4), ("dame", 2)):
        match = services.create_table(
            anne, game=game, seat_count=seats, turn_seconds=60, rated=False, private=False
        )
        client = Client()
        client.force_login(anne)
        pages[game] = client.get(Match.objects.get(pk=match.pk).get_absolute_url()).content.decode()
    for game, html in pages.items():
        assert "css/table.css" in html and "css/cards.css" in html, game
        assert ("korsaren/korsaren.js" in html) == (game == "korsaren"), game
        assert ("korsaren/korsaren.css" in html) == (game == "korsaren"), game
