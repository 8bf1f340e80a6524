"""Fast hand arithmetic for bots: cards as small integers, colours as bit masks of numbers.

The engine's `lay_down` is exact but builds objects; a bot (and above all the Captain's rollouts)
asks "what would my limit be?" thousands of times a move. Here a card is an int 0..109 (its index
in ALL_CARDS: colour * 11 + number - 1) and a hand is summarised per colour as a mask of numbers,
bit n-1 for number n. With the pier-colour cards set aside (prisoners, R5), a crew of colours A
and B takes one card per number of mask[A] | mask[B], so

    limit = value of the non-pier cards - VALUE[mask[A] | mask[B]]

and the best crew is the pair of colours whose union has the largest VALUE.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.korsaren import ALL_CARDS, COLOURS

N_COLOURS = len(COLOURS)
CARD_ID: dict[str, int] = {c: i for i, c in enumerate(ALL_CARDS)}
COLOUR_ID: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
COLOUR_OF: tuple[int, ...] = tuple(i // 11 for i in range(110))
NUMBER_OF: tuple[int, ...] = tuple(i % 11 + 1 for i in range(110))
BIT_OF: tuple[int, ...] = tuple(1 << (i % 11) for i in range(110))

# Per mask of numbers: VALUE the sum of its numbers, COUNT how many, TOP the highest (0 if none).
VALUE: tuple[int, ...] = tuple(sum(n + 1 for n in range(11) if m >> n & 1) for m in range(2048))
COUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(2048))
TOP: tuple[int, ...] = tuple(m.bit_length() for m in range(2048))

NO_COLOUR = -1  # the pier colour of an empty pier, or an unused crew slot


def ids(cards: Iterable[str]) -> list[int]:
    return [CARD_ID[c] for c in cards]


def names(card_ids: Iterable[int]) -> list[str]:
    return [ALL_CARDS[i] for i in card_ids]


def colour_id(name: str | None) -> int:
    return COLOUR_ID[name] if name is not None else NO_COLOUR


def colour_names(colours: Iterable[int]) -> list[str]:
    return [COLOURS[c] for c in sorted(colours) if c != NO_COLOUR]


def masks_of(hand: Iterable[int]) -> list[int]:
    masks = [0] * N_COLOURS
    for c in hand:
        masks[COLOUR_OF[c]] |= BIT_OF[c]
    return masks


def best_crew(masks: Sequence[int], pier: int) -> tuple[int, int, int, int]:
    """The lowest limit of a hand (R5), as (limit, stowaway count, colour a, colour b).

    Unused colours are NO_COLOUR. Ties go to fewer stowaways, as the R5 default does. A pair
    never does worse than one of its colours alone, so only pairs are tried when two or more
    colours are held."""
    held = []
    total = cards = 0
    for c in range(N_COLOURS):
        m = masks[c]
        if m and c != pier:
            held.append(c)
            total += VALUE[m]
            cards += COUNT[m]
    if len(held) <= 1:
        return 0, 0, (held[0] if held else NO_COLOUR), NO_COLOUR
    best_value = best_count = -1
    best_a = best_b = NO_COLOUR
    for i, a in enumerate(held):
        ma = masks[a]
        for b in held[i + 1 :]:
            union = ma | masks[b]
            value, count = VALUE[union], COUNT[union]
            if value > best_value or (value == best_value and count > best_count):
                best_value, best_count, best_a, best_b = value, count, a, b
    return total - best_value, cards - best_count, best_a, best_b


def best_discard(hand: Sequence[int], pier: int) -> tuple[int, int, int]:
    """The discard from a 13-card hand that leaves the lowest limit: (card, limit, stowaways)."""
    found = best_shed(masks_of(hand), pier)
    return found if found[0] >= 0 else _shed(hand, pier)


def best_shed(masks: Sequence[int], pier: int) -> tuple[int, int, int]:
    """best_discard on masks: (card, limit, stowaways), card -1 when nothing needs shedding.

    For a fixed crew the best discard is its highest stowaway, so this tries each pair of
    colours once rather than each discard with each pair. Ties go to fewer stowaways. The
    hottest loop of the Captain's rollouts, hence the plain style."""
    held = []
    total = cards = 0
    # The highest card outside a pair is the top card of one of the three "highest" colours.
    t1 = t2 = t3 = 0
    c1 = c2 = c3 = NO_COLOUR
    for c in range(N_COLOURS):
        m = masks[c]
        if m and c != pier:
            held.append(c)
            total += VALUE[m]
            cards += COUNT[m]
            t = TOP[m]
            if t > t1:
                t1, t2, t3, c1, c2, c3 = t, t1, t2, c, c1, c2
            elif t > t2:
                t2, t3, c2, c3 = t, t2, c, c2
            elif t > t3:
                t3, c3 = t, c
    if len(held) < 2:
        return -1, 0, 0
    best_limit = best_stow = 999
    shed = -1
    for i, a in enumerate(held):
        ma = masks[a]
        for b in held[i + 1 :]:
            mb = masks[b]
            union = ma | mb
            top = TOP[ma & mb]  # a number held in both colours leaves one stowaway ...
            card = b * 11 + top - 1  # ... b's card: the crew keeps the first colour's (R1)
            if c1 != a and c1 != b:
                other, oc = t1, c1
            elif c2 != a and c2 != b:
                other, oc = t2, c2
            else:
                other, oc = t3, c3
            if other > top:
                top, card = other, oc * 11 + other - 1
            limit = total - VALUE[union] - top
            if limit <= best_limit:
                stow = cards - COUNT[union] - (top > 0)
                if limit < best_limit or stow < best_stow:
                    best_limit, best_stow, shed = limit, stow, (card if top else -1)
    return shed, best_limit, best_stow


def _shed(hand: Sequence[int], pier: int) -> tuple[int, int, int]:
    """When (almost) everything fits: discard a prisoner, which costs nothing, else the lowest
    card."""
    prisoners = [c for c in hand if COLOUR_OF[c] == pier]
    card = prisoners[0] if prisoners else min(hand, key=NUMBER_OF.__getitem__)
    rest = [c for c in hand if c != card]
    limit, count, _, _ = best_crew(masks_of(rest), pier)
    return card, limit, count


def opponent_plan(
    hand: Sequence[int],
    pier: int,
    closer_colours: Sequence[int],
    closer_numbers: int,
    closer_limit: int,
) -> tuple[tuple[int, ...], list[int], int, int]:
    """An opponent's best lay-down (R6, R7, R9) as (crew colours, attached cards, stowaways,
    limit): a sweep if there is one; else sink the closer handing it the most stowaways; else
    keep the fewest stowaways. Ties go to the lower limit.

    Per number, the non-pier cards of that number leave some stowaways; attaching a card the own
    crew does not need sheds one of them (attached cards count for nothing). A sinker sheds only
    as many as it needs to get down to the closer's limit, the highest first."""
    holders = [0] * 12  # per number: the non-pier colours holding it, as a bit set
    for c in hand:
        if COLOUR_OF[c] != pier:
            holders[NUMBER_OF[c]] |= 1 << COLOUR_OF[c]
    numbers = [n for n in range(11, 0, -1) if holders[n]]  # highest first: a sinker sheds so
    held_bits = 0
    for n in numbers:
        held_bits |= holders[n]
    held = [c for c in range(N_COLOURS) if held_bits >> c & 1]
    closer_bits = 0
    for c in closer_colours:
        closer_bits |= 1 << c
    crews: list[tuple[int, ...]] = [(), *((a,) for a in held)]
    crews += [(a, b) for i, a in enumerate(held) for b in held[i + 1 :]]
    best_key = best = None
    for crew in crews:
        crew_bits = 0
        for c in crew:
            crew_bits |= 1 << c
        value = count = 0
        sheddable: list[tuple[int, int]] = []
        for n in numbers:
            h = holders[n]
            in_crew = COUNT[h & crew_bits]
            stowed = COUNT[h] - (in_crew > 0)
            value += n * stowed
            count += stowed
            if not stowed or closer_numbers >> (n - 1) & 1:
                continue
            can = h & closer_bits
            spare = can & ~crew_bits if in_crew < 2 else can  # keep the crew's only card
            if spare:
                sheddable.append((n, ((spare & -spare).bit_length() - 1) * 11 + n - 1))
        shed_all = sum(n for n, _ in sheddable)
        if count == len(sheddable) or value - shed_all > closer_limit:
            attached = [c for _, c in sheddable]  # sweep, or cannot sink: shed everything
            count -= len(sheddable)
            value -= shed_all
        else:
            attached = []
            for n, c in sheddable:
                if value <= closer_limit:
                    break
                value -= n
                count -= 1
                attached.append(c)
        if count == 0:
            key = (0, 0, 0)
        elif value <= closer_limit:
            key = (1, -count, value)
        else:
            key = (2, count, value)
        if best_key is None or key < best_key:
            best_key, best = key, (crew, attached, count, value)
    return best
