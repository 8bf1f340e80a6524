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
    prefetched gives. None if there is no such match. One query: PostgreSQL locks the match's
    row alone (FOR UPDATE OF); SQLite has no row locks, the transaction takes its write lock
    (settings: IMMEDIATE)."""
    match_t, seat_t, user_t = tables()
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {match_t.select}, {seat_t.select}, {user_t.select} FROM {match_t.name} m"
            f" LEFT JOIN {seat_t.name} s ON s.match_id = {match_t.pk}"
            f" LEFT JOIN {user_t.name} u ON {user_t.pk} = s.user_id"
            f" WHERE {match_t.pk} = %s ORDER BY s.position{lock}",
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
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    # As prefetch_related leaves it: match.seats.all() is this list, no query.
    prefetched = match.seats.get_queryset()
    prefetched._result_cache, prefetched._prefetch_done = seats, True
    match._prefetched_objects_cache = {"seats": prefetched}
    return match


def seats_read(match: Match) -> bool:
    """Whether `match` was read with its seats and players (lock_match), so that the seats a
    change makes are these very objects."""
    return "seats" in getattr(match, "_prefetched_objects_cache", {})


class Writes:
    """Writes made together, sent in one round trip where the database takes several
    statements at once (PostgreSQL with parameters bound on the client, Django's default),
    else one by one: a move's Move row, its match and its seats' turn markers."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list]] = []

    def update(self, instance: models.Model, field_names: list[str]) -> Writes:
        """`instance.save(update_fields=field_names)`: auto_now fields are set, as save sets
        them; no signals (none of the games' models has any)."""
        fields = [instance._meta.get_field(name) for name in field_names]
        values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
        self.statements.append(
            (_update_sql(type(instance), tuple(field_names)), [*values, instance.pk])
        )
        return self

    def insert(self, instance: models.Model) -> Writes:
        """`instance.save()` of a new row, without reading its id back (auto_now_add fields
        set, as save sets them)."""
        fields = [f for f in instance._meta.concrete_fields if not f.primary_key]
        values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
        self.statements.append((_insert_sql(type(instance)), values))
        instance._state.adding = False
        return self

    def send(self) -> None:
        if not self.statements:
            return
        together = connection.vendor == "postgresql" and not connection.settings_dict.get(
            "OPTIONS", {}
        ).get("server_side_binding")
        with connection.cursor() as cursor:
            if together:
                sql = "; ".join(sql for sql, _params in self.statements)
                cursor.execute(sql, [p for _sql, params in self.statements for p in params])
            else:
                for sql, params in self.statements:
                    cursor.execute(sql, params)
        self.statements = []


def update(instance: models.Model, field_names: list[str]) -> None:
    """`instance.save(update_fields=field_names)` as one UPDATE, now (see Writes.update)."""
    Writes().update(instance, field_names).send()


@cache
def _update_sql(model: type[models.Model], field_names: tuple[str, ...]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in field_names)
    return f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s"


@cache
def _insert_sql(model: type[models.Model]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in fields)
    return (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    )
