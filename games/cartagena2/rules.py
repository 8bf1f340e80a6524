"""Where the rules send a pirate (CG5-CG8): pure queries on a state, nothing changes."""

from __future__ import annotations

from .board import BOAT, BOAT_LIMIT, FIRST_SECOND, LAST, LAST_FIRST, NEST
from .cards import symbol
from .state import State


def occupancy(state: State) -> list[int]:
    """Pirates (any colour) on each position."""
    counts = [0] * (NEST + 1)
    for seat_pirates in state.pirates:
        for p in seat_pirates:
            counts[p] += 1
    return counts


def aboard(state: State, seat: int) -> int:
    return state.pirates[seat].count(BOAT)


def movable(state: State, position: int) -> bool:
    """CG5/CG6: a pirate at the start, on a space, or aboard while the boat is docked at the
    second island may be moved; not one in the nest, nor aboard at the first island."""
    if position == NEST:
        return False
    return position != BOAT or state.boat == 2


def _ahead(position: int) -> range:
    """The spaces ahead on the same island (CG2): from the boat, the whole second island."""
    if position == BOAT:
        return range(FIRST_SECOND, LAST + 1)
    if position <= LAST_FIRST:
        return range(position + 1, LAST_FIRST + 1)
    return range(position + 1, LAST + 1)


def _boards(state: State, position: int, owner: int) -> bool:
    """CG5/CG6/CG7: from the first island a pirate boards the boat only while it is docked
    there and fewer than three of its colour are aboard."""
    return position <= LAST_FIRST and state.boat == 1 and aboard(state, owner) < BOAT_LIMIT


def play_destination(state: State, seat: int, position: int, sym: str, occ) -> int | None:
    """CG5: the first free space of the symbol ahead; else the boat (first island) or the
    nest (second island); None where the pirate can go nowhere (CG5 Decided)."""
    if not movable(state, position):
        return None
    symbols = state.spaces
    for q in _ahead(position):
        if occ[q] == 0 and symbols[q] == sym:
            return q
    if position <= LAST_FIRST:
        return BOAT if _boards(state, position, seat) else None
    return NEST


def advance_destination(state: State, owner: int, position: int, occ) -> tuple[int, int] | None:
    """CG6: (destination, cards drawn): the first space ahead holding one or two pirates; else
    the boat with 2 cards (first island only); never the nest. None: it can go nowhere."""
    if not movable(state, position):
        return None
    for q in _ahead(position):
        if 1 <= occ[q] <= 2:
            return q, occ[q]
    if _boards(state, position, owner):
        return BOAT, 2
    return None


def boat_allowed(state: State, seat: int) -> bool:
    """CG7: to the second island with an own pirate aboard; back with an own pirate on the
    first island (the start counts, CG7 Decided)."""
    if state.boat == 1:
        return BOAT in state.pirates[seat]
    return any(p <= LAST_FIRST for p in state.pirates[seat])


def is_captain(state: State, seat: int) -> bool:
    """CG8: at least as many pirates aboard as every other player, and at least one."""
    counts = [p.count(BOAT) for p in state.pirates]
    return counts[seat] > 0 and counts[seat] == max(counts)


def has_action(state: State, seat: int) -> bool:
    """CG4 Decided: whether `seat` has any legal action (play, advance or boat)."""
    if boat_allowed(state, seat):
        return True
    occ = occupancy(state)
    symbols = {symbol(card) for card in state.hands[seat]}
    for p in set(state.pirates[seat]):
        for sym in symbols:
            if play_destination(state, seat, p, sym, occ) is not None:
                return True
    for owner in range(state.players):
        if owner != seat:
            for p in set(state.pirates[owner]):
                if advance_destination(state, owner, p, occ) is not None:
                    return True
    return False


def nest_counts(state: State) -> list[int]:
    return [p.count(NEST) for p in state.pirates]
