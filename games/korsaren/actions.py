"""Actions, in the JSON shape of the scenario format (shared/scenarios/README.md).

    {"seat": 0, "action": "draw", "from": "stock" | "discard" | "pier"}
    {"seat": 0, "action": "discard", "card": "orange-7"}
    {"seat": 0, "action": "sail", "card": "orange-7", "crew": ["orange", "violet"]}
    {"seat": 1, "action": "attach", "cards": ["orange-9"], "crew": ["red"]}
    {"seat": 2, "action": "deal"}        # the next dealer deals the next round

Parsed into frozen dataclasses, whose lists are canonical (R1 order), so equal actions compare
and hash equal whatever order a client sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import card_key, colour_key, is_card, is_colour
from .errors import MalformedAction

SOURCES = ("stock", "discard", "pier")


@dataclass(frozen=True)
class Draw:
    seat: int
    source: str

    def to_dict(self) -> dict:
        return {"seat": self.seat, "action": "draw", "from": self.source}


@dataclass(frozen=True)
class Discard:
    seat: int
    card: str

    def to_dict(self) -> dict:
        return {"seat": self.seat, "action": "discard", "card": self.card}


@dataclass(frozen=True)
class SetSail:
    seat: int
    card: str
    crew: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"seat": self.seat, "action": "sail", "card": self.card, "crew": list(self.crew)}


@dataclass(frozen=True)
class Attach:
    """One opponent's whole lay-down (R6): the cards attached, and its own crew colours."""

    seat: int
    cards: tuple[str, ...]
    crew: tuple[str, ...]

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "action": "attach",
            "cards": list(self.cards),
            "crew": list(self.crew),
        }


@dataclass(frozen=True)
class Deal:
    seat: int

    def to_dict(self) -> dict:
        return {"seat": self.seat, "action": "deal"}


Action = Draw | Discard | SetSail | Attach | Deal


def _seat(d: dict) -> int:
    seat = d.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedAction("an action needs an integer 'seat'")
    return seat


def _card(value: Any, field: str) -> str:
    if not is_card(value):
        raise MalformedAction(f"'{field}' must be a card like \"orange-7\", not {value!r}")
    return value


def _list(d: dict, field: str) -> list:
    value = d.get(field, [])
    if not isinstance(value, list):
        raise MalformedAction(f"'{field}' must be a list")
    return value


def _crew(d: dict) -> tuple[str, ...]:
    crew = _list(d, "crew")
    for c in crew:
        if not is_colour(c):
            raise MalformedAction(f"unknown colour {c!r} in 'crew'")
    return tuple(sorted(crew, key=colour_key))


def _cards(d: dict) -> tuple[str, ...]:
    return tuple(sorted((_card(c, "cards") for c in _list(d, "cards")), key=card_key))


def parse_action(d: Any) -> Action:
    """Turn a JSON object into an Action, or raise MalformedAction."""
    if isinstance(d, Draw | Discard | SetSail | Attach | Deal):
        return d
    if not isinstance(d, dict):
        raise MalformedAction("an action must be a JSON object")
    kind = d.get("action")
    seat = _seat(d)
    if kind == "draw":
        source = d.get("from")
        if source not in SOURCES:
            raise MalformedAction("'from' must be one of stock, discard, pier")
        return Draw(seat, source)
    if kind == "discard":
        return Discard(seat, _card(d.get("card"), "card"))
    if kind == "sail":
        return SetSail(seat, _card(d.get("card"), "card"), _crew(d))
    if kind == "attach":
        return Attach(seat, _cards(d), _crew(d))
    if kind == "deal":
        return Deal(seat)
    raise MalformedAction(f"unknown action {kind!r}")
