"""The queries of a move, written out. Django's ORM spends several times longer building a query
than the database takes to run it: reading a match with its seats and players under the row lock
(select_for_update with prefetch_related) cost ~2.5 ms of CPU, the same rows read here ~0.5 ms
(benchmarks/README.md). Every move, bot turn and server step runs these.

Nothing is spelled out twice: the column lists come from the models, and values pass through the
fields' own conversions both ways (the ones the ORM applies), so what comes back are the ORM's
own model instances, and a new field needs no change here.
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


def lock_match(match_id: int) -> Match | None:
    """The match with its seats (by position) and their players, its row locked until the
    transaction ends; what `Match.objects.select_for_update()` with the seats and players
    prefetched gives. None if there is no such match."""
    match_t, seat_t, user_t = tables()
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {match_t.select} FROM {match_t.name} m WHERE {match_t.pk} = %s{lock}",
            [match_id],
        )
        row = cursor.fetchone()
        if row is None:
            return None
        match = match_t.load(row)
        cursor.execute(
            f"SELECT {seat_t.select}, {user_t.select} FROM {seat_t.name} s"
            f" JOIN {user_t.name} u ON {user_t.pk} = s.user_id"
            " WHERE s.match_id = %s ORDER BY s.position",
            [match_id],
        )
        rows = cursor.fetchall()
    split = len(seat_t.fields)
    seats = []
    for row in rows:
        seat = seat_t.load(row[:split])
        Seat.user.field.set_cached_value(seat, user_t.load(row[split:]))
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    # As prefetch_related leaves it: match.seats.all() is this list, no query.
    prefetched = match.seats.get_queryset()
    prefetched._result_cache, prefetched._prefetch_done = seats, True
    match._prefetched_objects_cache = {"seats": prefetched}
    return match


def update(instance: models.Model, field_names: list[str]) -> None:
    """`instance.save(update_fields=field_names)` as one UPDATE (auto_now fields set, as save
    sets them); no signals (none of the games' models has any)."""
    fields = [instance._meta.get_field(name) for name in field_names]
    values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
    assignments = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
    meta, quote = instance._meta, connection.ops.quote_name
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])


def insert(instance: models.Model) -> None:
    """`instance.save()` of a new row as one INSERT, without reading its id back (auto_now_add
    fields set, as save sets them)."""
    fields = [f for f in instance._meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    table = connection.ops.quote_name(instance._meta.db_table)
    marks = ", ".join(["%s"] * len(fields))
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", values)
    instance._state.adding = False
