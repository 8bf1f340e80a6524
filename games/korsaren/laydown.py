"""Laying down a hand: prisoners, crew, stowaways and the limit (RULES.md R5, R6).

Used by the engine to score, by the site's lay-down panel to show the limit live, and by bots.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import COLOURS, colour, number, sort_cards, sort_colours
from .errors import IllegalAction


@dataclass(frozen=True)
class Laydown:
    """One player's lay-down. `attached` is empty for the closer (R6 is for opponents)."""

    crew_colours: tuple[str, ...]
    prisoners: tuple[str, ...]
    crew: tuple[str, ...]
    stowaways: tuple[str, ...]
    attached: tuple[str, ...] = ()

    @property
    def limit(self) -> int:
        return sum(number(c) for c in self.stowaways)

    @property
    def crew_numbers(self) -> frozenset[int]:
        return frozenset(number(c) for c in self.crew)

    def to_dict(self) -> dict:
        return {
            "crew_colours": list(self.crew_colours),
            "prisoners": list(self.prisoners),
            "crew": list(self.crew),
            "stowaways": list(self.stowaways),
            "attached": list(self.attached),
            "limit": self.limit,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Laydown:
        return cls(
            crew_colours=tuple(d["crew_colours"]),
            prisoners=tuple(d["prisoners"]),
            crew=tuple(d["crew"]),
            stowaways=tuple(d["stowaways"]),
            attached=tuple(d["attached"]),
        )


def crew_choices(pier_colour: str | None) -> list[tuple[str, ...]]:
    """Every legal choice of crew colours (R5): none, one or two colours, never the pier colour."""
    allowed = [c for c in COLOURS if c != pier_colour]
    return [(), *((c,) for c in allowed), *combinations(allowed, 2)]


def check_crew_colours(crew_colours: Sequence[str], pier_colour: str | None) -> tuple[str, ...]:
    """The crew colours in R1 order, or IllegalAction (R5)."""
    if len(crew_colours) > 2:
        raise IllegalAction("too_many_colours", "a crew has at most two colours", "R5")
    if len(set(crew_colours)) != len(crew_colours):
        raise IllegalAction("same_colour_twice", "the two crew colours must differ", "R5")
    if pier_colour in crew_colours:
        message = f"{pier_colour} is the pier colour: those cards are prisoners"
        raise IllegalAction("pier_colour_crew", message, "R5", colour=pier_colour)
    return tuple(sort_colours(crew_colours))


def attachable(cards: Iterable[str], closer: Laydown) -> list[str]:
    """Cards that could be attached to the closer's crew (R6), before the one-per-number rule."""
    colours, numbers = closer.crew_colours, closer.crew_numbers
    return sort_cards(c for c in cards if colour(c) in colours and number(c) not in numbers)


def _check_attached(hand: Sequence[str], attached: Sequence[str], closer: Laydown) -> None:
    if len(set(attached)) != len(attached):
        raise IllegalAction("attached_twice", "the same card cannot be attached twice", "R6")
    for card in attached:
        if card not in hand:
            raise IllegalAction("not_in_hand", f"{card} is not in your hand", "R6", card=card)
        if colour(card) not in closer.crew_colours:
            message = f"{card} is not of a colour of the closer's crew"
            raise IllegalAction("wrong_colour_attached", message, "R6", card=card)
        if number(card) in closer.crew_numbers:
            message = f"the closer's crew already has a {number(card)}"
            raise IllegalAction("number_in_crew", message, "R6", number=number(card))
    numbers = [number(c) for c in attached]
    if len(set(numbers)) != len(numbers):
        message = "one player may not attach two cards with the same number"
        raise IllegalAction("same_number_attached", message, "R6")


def lay_down(
    hand: Sequence[str],
    pier_colour: str | None,
    crew_colours: Sequence[str],
    attached: Sequence[str] = (),
    closer: Laydown | None = None,
) -> Laydown:
    """Split `hand` (the cards laid down; for an opponent, before attaching) as R5/R6 say.

    Raises IllegalAction if the crew colours or the attached cards break the rules. `closer` is the
    closer's lay-down when an opponent lays down; None when the closer does.
    """
    crew_colours = check_crew_colours(crew_colours, pier_colour)
    if attached:
        if closer is None:
            message = "only opponents of the closer attach cards"
            raise IllegalAction("closer_attaches", message, "R6")
        _check_attached(hand, attached, closer)
    rest = sort_cards(c for c in hand if c not in attached)
    prisoners = [c for c in rest if colour(c) == pier_colour]
    # For each number at most one card of the crew colours joins; the first crew colour wins
    # when both are held (R5: which one makes no difference to the limit).
    crew_by_number: dict[int, str] = {}
    for col in crew_colours:
        for c in rest:
            if colour(c) == col and number(c) not in crew_by_number:
                crew_by_number[number(c)] = c
    crew = sort_cards(crew_by_number.values())
    taken = set(prisoners) | set(crew)
    return Laydown(
        crew_colours=crew_colours,
        prisoners=tuple(prisoners),
        crew=tuple(crew),
        stowaways=tuple(c for c in rest if c not in taken),
        attached=tuple(sort_cards(attached)),
    )


def attach_choices(hand: Sequence[str], closer: Laydown) -> list[tuple[str, ...]]:
    """Every legal set of cards to attach (R6): at most one card per number."""
    by_number: dict[int, list[str]] = {}
    for c in attachable(hand, closer):
        by_number.setdefault(number(c), []).append(c)
    options = [[None, *cards] for cards in by_number.values()]
    return [tuple(sort_cards(c for c in pick if c)) for pick in product(*options)]


def _best_attach(
    hand: Sequence[str], pier_colour: str | None, crew: tuple[str, ...], closer: Laydown
):
    """For one crew choice, attach as much as possible: each number keeps one card for the crew
    (if it has one of the crew colours) and attaches another. Attached cards count for nothing,
    so attaching more never raises the limit or the stowaway count."""
    by_number: dict[int, list[str]] = {}
    for c in hand:
        if colour(c) != pier_colour:
            by_number.setdefault(number(c), []).append(c)
    chosen = []
    for cards in by_number.values():
        can_attach = attachable(cards, closer)
        crew_cards = [c for c in cards if colour(c) in crew]
        # Attach a card that is not needed for the crew whenever possible.
        spare = [c for c in can_attach if c not in crew_cards or len(crew_cards) > 1]
        if spare:
            chosen.append(spare[0])
    return lay_down(hand, pier_colour, crew, chosen, closer)


def laydown_options(
    hand: Sequence[str],
    pier_colour: str | None,
    closer: Laydown | None = None,
    out_of_reach: Iterable[str] = (),
) -> list[Laydown]:
    """One lay-down per crew choice (for an opponent: with the most cards attached), best first:
    the first one is the default of R5 (closer) or R6 (opponent, when `closer` is given).

    `out_of_reach` lists cards no opponent can hold (the closer's discard pile, pier, penalty
    cards); it only sharpens the closer's last tie-break: fewer cards the opponents could attach.
    """
    if closer is None:
        mine = set(hand) | set(out_of_reach)

        def exposure(ld: Laydown) -> int:
            numbers = ld.crew_numbers
            return sum(
                1
                for col in ld.crew_colours
                for n in range(1, 12)
                if n not in numbers and f"{col}-{n}" not in mine
            )

        options = [lay_down(hand, pier_colour, crew) for crew in crew_choices(pier_colour)]
        return sorted(options, key=lambda ld: (ld.limit, len(ld.stowaways), exposure(ld)))

    options = [_best_attach(hand, pier_colour, crew, closer) for crew in crew_choices(pier_colour)]
    target = closer.limit

    def r6_default(ld: Laydown) -> tuple:
        # R6: a sweep; else a limit not above the closer's; else the fewest stowaway cards.
        if ld.limit == 0:
            return (0, 0, 0)
        if ld.limit <= target:
            return (1, ld.limit, len(ld.stowaways))
        return (2, len(ld.stowaways), ld.limit)

    return sorted(options, key=r6_default)


def default_laydown(
    hand: Sequence[str],
    pier_colour: str | None,
    closer: Laydown | None = None,
    out_of_reach: Iterable[str] = (),
) -> Laydown:
    return laydown_options(hand, pier_colour, closer, out_of_reach)[0]


__all__ = [
    "Laydown",
    "attach_choices",
    "attachable",
    "check_crew_colours",
    "crew_choices",
    "default_laydown",
    "lay_down",
    "laydown_options",
]
