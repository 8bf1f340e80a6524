"""Choosing a lay-down: the closer's discard and crew (R5), an opponent's attachments and crew
(R6), judged by what they do in scoring (R7, R9).

The R5/R6 defaults are the floor. An opponent who can sink the closer does better than the R6
default by handing over as many stowaways as it can while staying at or under the closer's limit
(penalty cards are counted, not summed, R7); one who cannot sink keeps as few as possible.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.korsaren import Laydown, default_laydown, sort_cards

from .hands import (
    COLOUR_ID,
    best_crew,
    colour_id,
    colour_names,
    ids,
    masks_of,
    names,
    opponent_plan,
)


def settled_action(view: dict, task: str | None) -> dict | None:
    """The move when there is nothing to weigh: the deal (R2), or the best lay-down once the
    closer has set sail (R6). None when the seat draws or discards (`task`: legal.pending_task)."""
    if task == "deal":
        return {"seat": view["seat"], "action": "deal"}
    if task == "attach":
        closer = Laydown.from_dict(view["laydowns"][view["closer"]])
        return attach_action(view["seat"], view["hand"], view["pier_colour"], closer)
    return None


def attach_action(seat: int, hand: Sequence[str], pier_colour: str | None, closer: Laydown) -> dict:
    """The best lay-down for an opponent of the closer (see hands.opponent_plan)."""
    crew, attached, _, _ = opponent_plan(
        ids(hand),
        colour_id(pier_colour),
        [COLOUR_ID[c] for c in closer.crew_colours],
        sum(1 << (n - 1) for n in closer.crew_numbers),
        closer.limit,
    )
    return {
        "seat": seat,
        "action": "attach",
        "cards": sort_cards(names(attached)),
        "crew": colour_names(crew),
    }


def default_attach_action(
    seat: int, hand: Sequence[str], pier_colour: str | None, closer: Laydown
) -> dict:
    """The R6 default (what a timed-out player gets, R10)."""
    ld = default_laydown(hand, pier_colour, closer)
    return {
        "seat": seat,
        "action": "attach",
        "cards": list(ld.attached),
        "crew": list(ld.crew_colours),
    }


def sail_action(
    seat: int, hand: Sequence[str], pier_colour: str | None, out_of_reach: Iterable[str] = ()
) -> dict:
    """Set sail with the lowest limit; among the discards that leave it, the one whose lay-down
    wins the R5 default's tie-breaks (fewer stowaways, fewer cards opponents could attach)."""
    pier = colour_id(pier_colour)
    hand_ids = ids(hand)
    by_limit = {}
    for card in set(hand_ids):
        rest = [c for c in hand_ids if c != card]
        by_limit[card] = best_crew(masks_of(rest), pier)[:2]
    lowest = min(by_limit.values())
    options = [
        _sail_option(seat, hand, name, pier_colour, out_of_reach)
        for name in names(c for c, key in by_limit.items() if key == lowest)
    ]
    return min(options, key=lambda o: (o[0], o[1]["card"]))[1]


def sail_with(
    seat: int,
    hand: Sequence[str],
    card: str,
    pier_colour: str | None,
    out_of_reach: Iterable[str] = (),
) -> dict:
    """Discard `card` and set sail with the R5 default crew for the other twelve."""
    return _sail_option(seat, hand, card, pier_colour, out_of_reach)[1]


def _sail_option(seat, hand, card, pier_colour, out_of_reach) -> tuple[tuple, dict]:
    rest = [c for c in hand if c != card]
    out = {*out_of_reach, *hand}
    ld = default_laydown(rest, pier_colour, out_of_reach=out)
    action = {"seat": seat, "action": "sail", "card": card, "crew": list(ld.crew_colours)}
    return (ld.limit, len(ld.stowaways), _exposure(ld, out)), action


def _exposure(ld: Laydown, out_of_reach: set[str]) -> int:
    numbers = ld.crew_numbers
    return sum(
        1
        for col in ld.crew_colours
        for n in range(1, 12)
        if n not in numbers and f"{col}-{n}" not in out_of_reach
    )
