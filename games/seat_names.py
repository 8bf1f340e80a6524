"""What a seat is called at a table, the same everywhere a match is shown (the table, its
record, replay and chart): a player's public name, told apart from another seat of the same
name (two Deckhand bots become "Deckhand 1" and "Deckhand 2", numbered by seat)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext as _

from games.models import Seat


def names_by_position(seats: Iterable[Seat], seat_count: int) -> list[str]:
    """One name per position (0..seat_count-1); an empty seat is called so."""
    by_position = {s.position: s.user.public_name for s in seats}
    names = [by_position.get(p) or _("empty seat") for p in range(seat_count)]
    twice = {
        n for n, k in Counter(n for p, n in enumerate(names) if p in by_position).items() if k > 1
    }
    counter: Counter = Counter()
    for p, name in enumerate(names):
        if name in twice and p in by_position:
            counter[name] += 1
            names[p] = _("%(name)s %(number)d") % {"name": name, "number": counter[name]}
    return names


def names_of_seats(seats: Iterable[Seat]) -> dict[int, str]:
    """The taken seats' names by position, told apart as names_by_position does (the lists of
    tables, a player's matches, the e-mails: wherever the seats of one match are named)."""
    seats = list(seats)
    names = names_by_position(seats, max((s.position for s in seats), default=-1) + 1)
    return {s.position: names[s.position] for s in seats}
