"""Issue 30, "Cards, boards and seats for every game": the platform's table styles and script
name no game (Korsaren's are its own, games/korsaren/web/static/korsaren), the card component
(static/css/cards.css) is the one its contract (docs/cards.md) describes and the card games use
it, and nothing of Korsaren shows on another game's pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games import registry, services
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


def test_the_sites_stylesheet_draws_no_korsaren_card():
    site = re.sub(r"/\*.*?\*/", "", (ROOT / "static/css/site.css").read_text(), flags=re.DOTALL)
    for rule in (".card {", ".card--back", ".emblem {", "emblems/", ".colour-legend"):
        assert rule not in site, rule


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
def test_each_table_page_loads_its_components_and_only_its_own_game_script():
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
        assert "css/table.css" in html, game
        # Presenter.components: the card games the card component, Dame the board's.
        assert ("css/cards.css" in html) == (game != "dame"), game
        assert ("css/board.css" in html and "js/board.js" in html) == (game == "dame"), game
        assert ("korsaren/korsaren.js" in html) == (game == "korsaren"), game
        assert ("korsaren/korsaren.css" in html) == (game == "korsaren"), game


def test_every_rules_page_links_its_games_stylesheets_and_no_others(client):
    """The rules page draws the game's cards or board as its table does (games/rules.html)."""
    every = {path for config in registry.all_games() for path in config.presenter.stylesheets}
    for config in registry.all_games():
        html = client.get(reverse("game_rules", args=[config.slug])).content.decode()
        own = set(config.presenter.stylesheets)
        assert own, config.slug
        for path in every:
            assert (f"/static/{path}" in html) == (path in own), (config.slug, path)


def test_the_platform_gives_no_seat_emblem_of_a_game():
    """Dame's and Whist's seats showed a Korsaren card back (table.css's .seat::before)."""
    assert "card-back" not in TABLE_CSS.read_text()
    assert "card-back.svg" in (KORSAREN_STATIC / "korsaren.css").read_text()


def table_page(user, game: str, seats: int, bots=()) -> str:
    match = services.create_table(
        user, game=game, seat_count=seats, turn_seconds=60, rated=False, private=False
    )
    for level in bots:
        services.add_bot(user, match.pk, level)
    services.start_match(user, match.pk, seed=f"parts-{game}")
    client = Client()
    client.force_login(user)
    return client.get(Match.objects.get(pk=match.pk).get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_a_verifiable_deal_only_where_the_game_deals_by_chance():
    from games import registry

    anne = make_user()
    for game, seats in (("dame", 2), ("korsaren", 2), ("whist", 4)):
        levels = registry.engine(game).bots.levels
        html = table_page(anne, game, seats, bots=[levels[0]] * (seats - 1))
        chance = registry.engine(game).traits.chance
        assert ('class="seed"' in html) == chance, game
        assert ("Verifiable deal" in html) == chance, game
        match = Match.objects.filter(game=game).latest("pk")
        client = Client()
        client.force_login(anne)
        record = client.get(f"/matches/{match.pk}/").content.decode()
        assert ("Verifiable deals" in record) == chance, game


@pytest.mark.django_db
def test_the_record_calls_a_round_what_the_game_calls_it():
    from games import registry

    anne = make_user()
    levels = registry.engine("whist").bots.levels
    table_page(anne, "whist", 4, bots=[levels[0]] * 3)
    match = Match.objects.get(game="whist")
    client = Client()
    client.force_login(anne)
    record = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Deal 1" in record and "Round 1" not in record
    assert ">Deals<" in record and ">Rounds<" not in record
    replay = client.get(f"/matches/{match.pk}/rounds/1/")
    if replay.status_code == 200:
        assert "Round 1" not in replay.content.decode()
    assert registry.presenter("korsaren").round_name(2) == "Round 2"


@pytest.mark.django_db
def test_the_home_page_and_every_pages_footer_present_the_sites_games_not_one():
    from games import registry

    html = Client().get("/").content.decode()
    footer = html[html.index('<footer class="site-footer">') :]
    description = re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
    for text in (footer, description):
        assert "Colovini" not in text and "pirate" not in text
    lead = re.search(r'<p class="lead">(.*?)</p>', html, re.DOTALL).group(1)
    assert "Colovini" not in lead and "pirates" not in lead
    hero = re.search(r'<div class="hero-art".*?</div>', html, re.DOTALL).group(0)
    assert 'class="card ' not in hero  # no Korsaren cards: the games' pictures
    for config in registry.all_games():
        assert str(config.presenter.name) in html
    # Whose game it is stays said, on its own tile.
    assert "Korsaren (Corsari) is a card game by Leo Colovini." in html


@pytest.mark.django_db
def test_two_bots_of_one_level_are_told_apart_wherever_a_matchs_seats_are_listed():
    """Issue 30: "Deckhand, Deckhand" in the lobby, My matches, the waiting list, the turn
    e-mail and the admin: numbered by seat as at the table (games/seat_names.py)."""
    from games import registry
    from games.admin import MatchAdmin
    from notifications.emails import message

    anne = make_user()
    level = registry.engine("korsaren").bots.levels[0]
    name = str(registry.presenter("korsaren").bot_names()[level])
    twins = f"{name} 1, {name} 2"
    client = Client()
    client.force_login(anne)
    match = services.create_table(
        anne, game="korsaren", seat_count=3, turn_seconds=60, rated=False, private=False
    )
    services.add_bot(anne, match.pk, level)
    services.add_bot(anne, match.pk, level)
    assert twins in client.get("/play/tables/").content.decode()  # an open table

    services.start_match(anne, match.pk, seed="twins")
    match = Match.objects.get(pk=match.pk)
    assert twins in client.get("/play/tables/").content.decode()  # live now
    assert f"{name} 1, {name} 2" in " ".join(message(anne, [match]).body.split())
    from django.contrib.admin.sites import site

    assert MatchAdmin(Match, site).players(match).endswith(twins)

    # The list of tables waiting for a player names the others apart.
    from games.selectors import waiting_for

    anne_seat = match.seats.get(user=anne)
    to_act = registry.engine("korsaren").status(match.engine_state).to_act
    if anne_seat.position in to_act:
        assert [match.pk] == [s.match_id for s in waiting_for(anne)]
        assert twins in " ".join(client.get("/waiting/").content.decode().split())

    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    mine = " ".join(client.get("/matches/").content.decode().split())
    assert f"{name} 1" in mine and f"{name} 2" in mine
