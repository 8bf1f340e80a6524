"""Issue 30: up to seven seats. A game for 5–7 players (Snap, made one here) gets every player
count offered from the registry (the create form, My matches' filter), a table that seats and
names all seven, and the table's stylesheet lays five to seven seats out compactly (one row
on a wide screen, a list on a phone)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from games import history
from games.forms import CreateTableForm

from .snap import GAME
from .tables import snap_table

pytestmark = pytest.mark.django_db
TABLE_CSS = Path(__file__).resolve().parents[2] / "static/css/table.css"


@pytest.fixture
def seven_players(monkeypatch):
    monkeypatch.setattr(type(GAME), "player_counts", (2, 3, 4, 5, 6, 7))


def test_every_player_count_up_to_seven_is_offered_from_the_registry(seven_players):
    form = CreateTableForm(game="snap")
    assert [value for value, _ in form.fields["seat_count"].choices] == [2, 3, 4, 5, 6, 7]
    assert {5, 6, 7} <= set(history.player_counts())
    match, people = snap_table(7)
    client = Client()
    client.force_login(people[0])
    mine = client.get("/matches/").content.decode()
    assert re.search(r'<option value="7"', mine)


def test_a_table_of_seven_seats_and_names_everyone_and_marks_each_viewers_seat(seven_players):
    match, people = snap_table(7)
    for position in (0, 6):
        client = Client()
        client.force_login(people[position])
        html = client.get(match.get_absolute_url()).content.decode()
        seats = re.findall(r'<li class="seat[^"]*" data-seat="(\d)"', html)
        assert seats == [str(p) for p in range(7)]
        for user in people.values():
            assert user.public_name in html
        assert f'data-my-seat="{position}"' in html
    css = TABLE_CSS.read_text()
    for seat in range(7):  # the viewer's own seat is marked for each of the seven
        assert f'[data-my-seat="{seat}"]) .seat[data-seat="{seat}"]' in css


def test_five_to_seven_seats_are_laid_out_compactly_on_a_desktop_and_a_phone():
    css = TABLE_CSS.read_text()
    many = ".seat-list:has(> .seat:nth-child(5))"
    assert css.count(many) >= 4
    phone = css[css.rindex("@media (max-width: 40rem)") :]
    assert many in phone and "grid-template-columns: 1fr" in phone
