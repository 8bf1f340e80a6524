"""A match with its seats and their players in one hand-written query: under the row lock for a
move, bot turn or server step (games/services), and without it for a table's read (selectors).
Django's ORM spends several times longer building a query than the database takes to run it:
select_for_update with prefetch_related cost ~2.5 ms of CPU, the same rows read here ~0.5 ms
(benchmarks/README.md).

Nothing is spelled out twice: the column lists come from the models, and values pass through the
fields' own conversions (the ones the ORM applies), so what comes back are the ORM's own model
instances, and a new field needs no change here.

Nothing in what comes back refers to the match again (no `seat.match`, no queryset holding it, as
prefetch_related leaves them): a read is freed by reference counting as soon as nobody holds it,
not left as cyclic garbage for the collector's passes (issue 37).
"""

from __future__ import annotations

from functools import cache

from django.db import connection, models

from accounts.models import User
from games.models import Match, Seat


class Table:
    """One model's columns, for hand-written SQL on the default database."""

    def __init__(self, model: type[models.Model], alias: str) -> None:
        self.model = model
        self.name = connection.ops.quote_name(model._meta.db_table)
        self.pk = f"{alias}.{connection.ops.quote_name(model._meta.pk.column)}"
        self.fields = model._meta.concrete_fields
        self.attnames = [f.attname for f in self.fields]
        self.select = ", ".join(
            f"{alias}.{connection.ops.quote_name(f.column)}" for f in self.fields
        )
        # What the ORM's compiler applies to each column read (get_converters): JSON is read as
        # text and parsed by the field, SQLite's dates and booleans are converted.
        self.converters = []
        for i, field in enumerate(self.fields):
            col = field.get_col(alias)
            found = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
            if found:
                self.converters.append((i, found, col))

    def load(self, row) -> models.Model:
        """A model instance from its columns (in `fields` order), as a queryset makes it."""
        values = list(row)
        for i, converters, col in self.converters:
            for convert in converters:
                values[i] = convert(values[i], col, connection)
        return self.model.from_db(connection.alias, self.attnames, values)


@cache  # made on first use: the connection's vendor is known by then
def tables() -> tuple[Table, Table, Table]:
    return Table(Match, "m"), Table(Seat, "s"), Table(User, "u")


def read_match(match_id: int, lock: bool = False) -> Match | None:
    """The match with its seats (by position) and their players; what `Match.objects` with the
    seats and players prefetched gives (`select_for_update()` with `lock`: its row locked until
    the transaction ends). None if there is no such match. One query: PostgreSQL locks the
    match's row alone (FOR UPDATE OF); SQLite has no row locks, the transaction takes its write
    lock (settings: IMMEDIATE)."""
    match_t, seat_t, user_t = tables()
    locks = lock and connection.features.has_select_for_update_of
    lock_clause = " FOR UPDATE OF m" if locks else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {match_t.select}, {seat_t.select}, {user_t.select} FROM {match_t.name} m"
            f" LEFT JOIN {seat_t.name} s ON s.match_id = {match_t.pk}"
            f" LEFT JOIN {user_t.name} u ON {user_t.pk} = s.user_id"
            f" WHERE {match_t.pk} = %s ORDER BY s.position{lock_clause}",
            [match_id],
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    seat_at = len(match_t.fields)  # where a row's seat columns begin, then its player's
    user_at = seat_at + len(seat_t.fields)
    match = match_t.load(rows[0][:seat_at])
    seats = []
    for row in rows:
        if row[seat_at] is None:
            break  # no seat: the one row of a match without any
        seat = seat_t.load(row[seat_at:user_at])
        Seat.user.field.set_cached_value(seat, user_t.load(row[user_at:]))
        seats.append(seat)
    # As prefetch_related leaves it (match.seats.all() is this list, no query), but filtered by
    # the match's id rather than holding the match: no cycle.
    prefetched = Seat.objects.filter(match_id=match.pk)
    prefetched._result_cache, prefetched._prefetch_done = seats, True
    match._prefetched_objects_cache = {"seats": prefetched}
    return match


def seats_read(match: Match) -> bool:
    """Whether `match` was read with its seats and players (read_match), so that the seats a
    change makes are these very objects."""
    return "seats" in getattr(match, "_prefetched_objects_cache", {})
