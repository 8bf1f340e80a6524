"""The writes of a move, written out (the reads: games/match_read.py). Django's ORM spends several
times longer building a query than the database takes to run it (benchmarks/README.md). Every
move, bot turn and server step runs these.
"""

from __future__ import annotations

from functools import cache

from django.db import connection, models

from games.match_read import read_match, seats_read
from games.models import Match

__all__ = ["Writes", "lock_match", "seats_read", "update"]


def lock_match(match_id: int) -> Match | None:
    """The match with its seats and players, its row locked until the transaction ends."""
    return read_match(match_id, lock=True)


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
