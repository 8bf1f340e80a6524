"""A fast, in-place simulator of the rest of one round, for the Captain's rollouts.

It follows the engine's rules (R4 draws and the last stock / pier cards, R5 setting sail, R6
attaching, R7 scoring, R9 sweeps) on integer cards (see hands.py), without copies, logs or
validation: a rollout plays a few dozen turns in about a millisecond. Tests check it against the
engine. It never sees a real hidden state: the Captain fills it from a determinization.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .hands import (
    BIT_OF,
    COLOUR_OF,
    NO_COLOUR,
    best_crew,
    best_discard,
    best_shed,
    masks_of,
    opponent_plan,
)
from .policy import STOCK_GAIN, greedy_discard, greedy_draw, should_sail


@dataclass
class Table:
    """One round in play, everything known (a determinization, never the real state)."""

    players: int
    hands: list[list[int]]
    pier: list[int]  # first (takeable) card first
    discard: list[int]  # bottom first
    stock: list[int]  # top LAST, so drawing is pop()
    to_move: int
    drawn: bool = False  # the player to move has drawn and must discard or set sail
    must_sail: bool = False  # they drew the last stock card (R4)
    turns: int = 0  # draws made this round

    @property
    def pier_colour(self) -> int:
        return COLOUR_OF[self.pier[0]] if self.pier else NO_COLOUR

    def copy(self) -> Table:
        return Table(
            self.players,
            [h[:] for h in self.hands],
            self.pier[:],
            self.discard[:],
            self.stock[:],
            self.to_move,
            self.drawn,
            self.must_sail,
            self.turns,
        )


@dataclass
class Outcome:
    """How a round ended: penalty cards taken per seat (R7), the sweepers (R9), the closer."""

    taken: list[int]
    sweepers: list[int]
    closer: int | None  # None: annulled (R4)


class Policy(Protocol):
    def draw(self, table: Table, seat: int) -> str: ...

    def discard(self, table: Table, seat: int) -> tuple[int, bool]:
        """The card to discard, and whether to set sail with it."""
        ...


def draw(table: Table, source: str) -> Outcome | None:
    """The player to move draws (R4). Returns the Outcome if that annulled the round."""
    seat = table.to_move
    if source == "stock":
        card = table.stock.pop()
        table.must_sail = not table.stock
    elif source == "discard":
        card = table.discard.pop()
    else:
        card = table.pier.pop(0)
        if not table.pier:  # R4: the last pier card annuls the round
            table.hands[seat].append(card)
            return Outcome([0] * table.players, [], None)
    table.hands[seat].append(card)
    table.drawn = True
    table.turns += 1
    return None


def discard(table: Table, card: int, sail: bool) -> Outcome | None:
    """The player to move discards `card`, and sets sail if asked (or forced, R4). Setting sail
    uses the lowest-limit crew; the opponents answer with their best lay-downs (R6)."""
    seat = table.to_move
    hand = table.hands[seat]
    hand.remove(card)
    table.discard.append(card)
    table.drawn = False
    if sail or table.must_sail:
        return sail_and_score(table, seat)
    table.to_move = (seat + 1) % table.players
    return None


def sail_and_score(table: Table, closer: int) -> Outcome:
    """R5 (the closer's lowest-limit crew), R6 (each opponent's best lay-down), R7 and R9."""
    pier = table.pier_colour
    hand = table.hands[closer]
    masks = masks_of(hand)
    limit, stow, a, b = best_crew(masks, pier)
    colours = [x for x in (a, b) if x != NO_COLOUR]
    crew_numbers = 0  # R6: the numbers opponents may not attach
    for x in colours:
        crew_numbers |= masks[x]
    taken = [0] * table.players
    sweepers = []
    sunk, handed = False, 0
    for seat in range(table.players):
        if seat == closer:
            continue
        _, _, count, their_limit = opponent_plan(
            table.hands[seat], pier, colours, crew_numbers, limit
        )
        if count == 0:
            sweepers.append(seat)
        if their_limit <= limit:
            sunk, handed = True, handed + count  # R7: a sinker hands over its stowaways
        else:
            taken[seat] = count
    if sunk:
        taken[closer] = stow + handed
    if stow == 0:
        sweepers = [closer]  # R9: the closer's sweep beats any opponent's
    return Outcome(taken, sweepers, closer)


def play_out(table: Table, policy: Policy | Sequence[Policy]) -> Outcome:
    """Play the round to its end with every seat following `policy` (or each seat its own:
    a sequence of policies, one per seat)."""
    policies = [policy] * table.players if not isinstance(policy, Sequence) else policy
    while True:
        seat = table.to_move
        policy = policies[seat]
        if not table.drawn:
            outcome = draw(table, policy.draw(table, seat))
            if outcome:
                return outcome
        card, sail = policy.discard(table, seat)
        outcome = discard(table, card, sail)
        if outcome:
            return outcome


class GreedyPolicy:
    """The rollout policy: every seat plays policy.greedy_draw / greedy_discard on its own hand
    and the public cards (it never looks at other hands or the stock's order)."""

    def draw(self, table: Table, seat: int) -> str:
        top = table.discard[-1] if table.discard else None
        return greedy_draw(table.hands[seat], table.pier, top, len(table.stock))

    def discard(self, table: Table, seat: int) -> tuple[int, bool]:
        hand = table.hands[seat]
        return greedy_discard(hand, table.pier_colour, table.turns, table.players)


SHED_CACHE_SIZE = 100_000  # entries (some 25 MB at most); cleared when full
_shed_cache: dict[tuple[int, ...], tuple[int, int, int]] = {}


def cached_shed(masks: list[int], pier: int) -> tuple[int, int, int]:
    """hands.best_shed, remembered: in rollouts the same hands come back again and again (a
    draw weighs a face-up card, then the discard weighs the same 13 cards; every candidate move
    is played out from the same determinization)."""
    key = (*masks, pier)
    found = _shed_cache.get(key)
    if found is None:
        if len(_shed_cache) >= SHED_CACHE_SIZE:
            _shed_cache.clear()
        found = _shed_cache[key] = best_shed(masks, pier)
    return found


class FastGreedyPolicy(GreedyPolicy):
    """GreedyPolicy's very moves (policy.greedy_draw, greedy_discard), with the hands' best
    discards remembered (cached_shed). Replaying the same 120 determinizations three times it
    plays 1.5 to 2 times the rollouts a second; in a real search (30 decisions, 24
    determinizations each) the gain was lost in the noise of a loaded machine."""

    def draw(self, table: Table, seat: int) -> str:
        hand, pier = table.hands[seat], table.pier
        pier_colour = COLOUR_OF[pier[0]] if pier else NO_COLOUR
        masks = masks_of(hand)
        options = []
        if table.stock:
            options.append((best_crew(masks, pier_colour)[0] - STOCK_GAIN, 1, "stock"))
        if table.discard:
            card = table.discard[-1]
            taken = list(masks)
            taken[COLOUR_OF[card]] |= BIT_OF[card]
            options.append((cached_shed(taken, pier_colour)[1], 0, "discard"))
        if len(pier) > 1:
            card = pier[0]
            taken = list(masks)
            taken[COLOUR_OF[card]] |= BIT_OF[card]
            options.append((cached_shed(taken, COLOUR_OF[pier[1]])[1], 0, "pier"))
        if not options:
            return "pier"  # only the last pier card is left: it annuls the round (R4)
        return min(options)[2]

    def discard(self, table: Table, seat: int) -> tuple[int, bool]:
        card, limit, stowaways = self.shed(table, seat)
        return card, should_sail(limit, stowaways, table.turns, table.players)

    def shed(self, table: Table, seat: int) -> tuple[int, int, int]:
        hand, pier = table.hands[seat], table.pier_colour
        found = cached_shed(masks_of(hand), pier)
        return found if found[0] >= 0 else best_discard(hand, pier)


class RacerPolicy(FastGreedyPolicy):
    """An opponent who races for the sweep (R9): it draws and discards as the greedy policy
    does but never sets sail short of a sweep (unless the last stock card forces it, R4), and
    lays down as everyone does (R6). The Captain's search samples it for its opponents, because
    players who race are the ones who beat a search that assumes everyone closes early."""

    def discard(self, table: Table, seat: int) -> tuple[int, bool]:
        card, limit, _ = self.shed(table, seat)
        return card, limit == 0
