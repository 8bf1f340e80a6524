"""Korsaren's table regions, built from the viewer's `view()` only (R3, R10): cards, the
lay-down panel (R5, R6), the move log and the round's result (R7-R9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from django.utils.translation import get_language

from games.korsaren import (
    ATTACH,
    DISCARD,
    IllegalAction,
    Laydown,
    colour,
    default_laydown,
    lay_down,
    sort_cards,
)
from games.korsaren.laydown import attachable

from .presentation import COLOUR_NAMES, card_label


def card_info(card: str, language: str | None = None) -> Mapping:
    """A card's face for the templates, in the active language (or `language`). Read-only:
    every viewer of every table gets the same object (a table shows dozens of cards in every
    update)."""
    return _card_info(card, language or get_language())


@lru_cache(maxsize=1024)  # 110 cards in a handful of languages
def _card_info(card: str, language: str) -> Mapping:
    return MappingProxyType(
        {
            "id": card,
            "colour": colour(card),
            "number": int(card.rsplit("-", 1)[1]),
            "label": card_label(card),
        }
    )


def cards_info(cards) -> list[Mapping]:
    language = get_language()
    return [_card_info(c, language) for c in cards]


@dataclass
class Panel:
    """The lay-down panel: the closer's (sail) or an opponent's (attach) choice, previewed."""

    kind: str  # "sail" or "attach"
    card: str | None  # the closer's discard
    crew: list[str]
    attached: list[str]
    laydown: Laydown | None
    error: str
    closer_limit: int | None
    card_face: dict | None
    prisoners: list[dict]
    crew_cards: list[dict]
    stowaways: list[dict]
    colour_choices: list[dict]
    attach_choices: list[dict]


def build_panel(
    v: dict,
    card: str | None = None,
    crew: list[str] | None = None,
    attached: list[str] | None = None,
) -> Panel | None:
    """The panel for the viewer's seat, from the default of R5/R6 unless choices are given."""
    from .presenter import refusal  # the presenter imports this module

    seat, hand = v["seat"], v["hand"]
    if seat is None or hand is None:
        return None
    pier_colour = v["pier_colour"]
    if v["phase"] == DISCARD and v["to_move"] == seat:
        if card not in hand:
            return None  # the closer first picks the card to discard (R5)
        kind, closer = "sail", None
        rest = [c for c in hand if c != card]
    elif v["phase"] == ATTACH and seat in v["waiting_for"]:
        kind, card = "attach", None
        closer = Laydown.from_dict(v["laydowns"][v["closer"]])
        rest = hand
    else:
        return None
    if crew is None:
        crew, attached = (list(choice) for choice in _default(tuple(rest), pier_colour, closer))
    attached = [c for c in (attached or []) if c in rest] if closer else []
    error, laydown = "", None
    try:
        laydown = lay_down(rest, pier_colour, crew, attached, closer)
    except IllegalAction as e:
        error = refusal(e)
    held = {colour(c) for c in rest} - {pier_colour}
    return Panel(
        kind=kind,
        card=card,
        crew=crew,
        attached=attached,
        laydown=laydown,
        error=error,
        closer_limit=closer.limit if closer else None,
        card_face=card_info(card) if card else None,
        prisoners=cards_info(laydown.prisoners) if laydown else [],
        crew_cards=cards_info(laydown.crew) if laydown else [],
        stowaways=cards_info(laydown.stowaways) if laydown else [],
        colour_choices=[
            {"id": c, "name": COLOUR_NAMES[c], "checked": c in crew}
            for c in COLOUR_NAMES
            if c in held or c in crew
        ],
        attach_choices=[
            {**card_info(c), "checked": c in attached}
            for c in (attachable(rest, closer) if closer else [])
        ],
    )


@lru_cache(maxsize=1024)
def _default(rest: tuple[str, ...], pier_colour: str | None, closer: Laydown | None) -> tuple:
    """The default crew colours and attached cards (R5, R6). While the opponents attach, every
    update of the table shows each of them this panel again (it takes milliseconds: every crew
    choice is tried)."""
    default = default_laydown(rest, pier_colour, closer)
    return default.crew_colours, default.attached


def round_result(res: dict, laydowns: list[dict], names: list[str], ranking: list[int]) -> dict:
    """Everything a player needs to understand a scored round (R7-R9)."""
    rows = []
    for p, ld in enumerate(laydowns):
        rows.append(
            {
                "name": names[p],
                "is_closer": p == res["closer"],
                "prisoners": cards_info(ld["prisoners"]),
                "crew": cards_info(ld["crew"]),
                "crew_colours": [COLOUR_NAMES[c] for c in ld["crew_colours"]],
                "stowaways": cards_info(ld["stowaways"]),
                "attached": cards_info(ld["attached"]),
                "limit": ld["limit"],
                "sank": p in res["sank_closer"],
                "sweep": p in res["sweep"],
                "taken": res["penalty_cards_taken"][p],
                "taken_cards": cards_info(sort_cards(res["penalty_cards"][p])),
                "total": res["penalties"][p],
                "rank": ranking[p] if ranking else None,
            }
        )
    return {
        "rows": rows,
        "closer_name": names[res["closer"]],
        "closer_sunk": bool(res["sank_closer"]),
        "next_round_is_last": res["next_round_is_last"],
        "match_over": res["match_over"],
        "winners": [names[p] for p in res["winners"]],
        "sweepers": [names[p] for p in res["sweep"]],  # R9
    }
