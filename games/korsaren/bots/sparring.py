"""A sparring partner for measuring the Captain (issue 36, GAMES.md point 2), not a level offered
on the site: written apart from the bots, from RULES.md alone, the way a hobbyist plays after
reading the rules once. It reads only its seat's view (R10) and shares no code with the other
bots (no hands.py, no policy.py); from the engine it takes only the card names and, in the lay-down
after someone sets sail, the default the site offers every player (R6).

Its one idea is the sweep (R9): a hand with no stowaways wins the match at once, whatever the
penalty cards say. So it measures a hand first by its stowaways (how far it is from a sweep) and
only then by its limit:
- keep the two colours that make the biggest crew (R5: one card per number; pier-colour cards are
  prisoners and cost nothing), throw away the highest card that fits neither;
- draw a face-up card (the discard pile's top, or the pier's first, which also changes the pier
  colour to the next card's, R3) when it leaves fewer stowaways, or as many and a lower limit,
  than the hand has now; otherwise draw blind from the stock; never take the pier's last card
  (it annuls the round, R4) unless nothing else can be drawn;
- set sail at once with a sweep; keep racing while the sweep is near (at most three stowaways
  away); when it is far off, get out cheaply: set sail with a limit of SAIL_LIMIT or less, and
  with a little more when the stock runs low (R4: the last stock card forces it);
- when another player sets sail, accept the site's default lay-down (R6: a sweep if there is one,
  else sinking the closer, else the fewest stowaways).
A few milliseconds a decision (p50 about 2 ms, on a loaded machine).
"""

from __future__ import annotations

import random

from games.korsaren import Laydown, default_laydown

SAIL_LIMIT = 12  # set sail with a limit this small when the sweep is far off ...
FAR = 4  # ... at least this many stowaways away
LATE_STOCK = 12  # when the stock holds fewer cards than this, the race is nearly over ...
LATE_LIMIT = 8  # ... and it sets sail with a limit this small
LATE_FAR = 2
FEED = 0  # score points it pays not to throw the next player a colour it collects
STOCK_HOPE = None  # what a blind draw is worth in score points; None: count the cards


COLOURS_IN_ORDER = (
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "violet",
    "pink",
    "brown",
    "grey",
    "black",
)  # R1
INDEX = {colour: i for i, colour in enumerate(COLOURS_IN_ORDER)}
SUM = [sum(n + 1 for n in range(11) if mask >> n & 1) for mask in range(2048)]
SIZE = [bin(mask).count("1") for mask in range(2048)]
WEIGHT = 1  # one stowaway more is worth this many points of limit (the sweep race)


def _parse(card: str) -> tuple[int, int]:
    colour, _, number = card.rpartition("-")
    return INDEX[colour], int(number)


def _masks(hand: list[str]) -> list[int]:
    masks = [0] * 10
    for card in hand:
        colour, number = _parse(card)
        masks[colour] |= 1 << (number - 1)
    return masks


def measure(hand: list[str], pier_colour: str | None) -> tuple[int, int]:
    """(stowaways, limit) of `hand` laid down with its best crew for a sweep racer (R5): the
    crew of at most two colours, never the pier colour, that leaves the fewest stowaways, then
    the lowest limit (by `score`)."""
    return _measure(_masks(hand), INDEX.get(pier_colour, -1))


def score(found: tuple[int, int]) -> int:
    return WEIGHT * found[0] + found[1]


def _measure(masks: list[int], pier: int) -> tuple[int, int]:
    held = [m for c, m in enumerate(masks) if m and c != pier]
    total = sum(SUM[m] for m in held)
    cards = sum(SIZE[m] for m in held)
    best = (cards, total)
    best_score = score(best)
    for i, a in enumerate(held):
        for b in held[i:]:
            crew = a | b
            option = (cards - SIZE[crew], total - SUM[crew])
            if score(option) < best_score:
                best, best_score = option, score(option)
    return best


def best_discard(
    hand: list[str], pier_colour: str | None, feeding: set[str] = frozenset()
) -> tuple[tuple[int, int], str]:
    """The discard that leaves the best (stowaways, limit), and that measure; a card of a
    colour in `feeding` (one the next player collects) costs FEED points more to throw."""
    pier = INDEX.get(pier_colour, -1)
    found = best = None
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        option = _measure(_masks(rest), pier)
        cost = score(option) + (FEED if card.rpartition("-")[0] in feeding else 0)
        if found is None or (cost, card) < best:
            found, best = (option, card), (cost, card)
    return found


def _collected(view: dict) -> set[str]:
    """The colours the next player has taken face up this round (it is building a crew)."""
    following = (view["seat"] + 1) % view.get("players", 2)
    return {
        entry["card"].rpartition("-")[0]
        for entry in view.get("log", ())
        if entry["seat"] == following and entry["action"] == "draw" and entry["from"] != "stock"
    }


def choose(view: dict, rng: random.Random | None = None, *_ignored) -> dict:
    seat = view["seat"]
    phase = view["phase"]
    if phase == "draw":
        return {"seat": seat, "action": "draw", "from": draw_from(view)}
    if phase == "discard":
        return discard_or_sail(view)
    if phase == "attach":
        closer = Laydown.from_dict(view["laydowns"][view["closer"]])
        ld = default_laydown(view["hand"], view["pier_colour"], closer)
        return {
            "seat": seat,
            "action": "attach",
            "cards": list(ld.attached),
            "crew": list(ld.crew_colours),
        }
    return {"seat": seat, "action": "deal"}


def draw_from(view: dict) -> str:
    """The draw whose card leaves the best hand after the best discard; a blind stock draw is
    judged by counting cards: on average over the cards this seat has not seen."""
    hand, pier, pile = view["hand"], view["pier"], view["discard"]
    pier_colour = INDEX.get(view["pier_colour"], -1)
    masks = _masks(hand)
    options = []
    if pile:
        options.append((_after_draw(masks, pile[-1], pier_colour), 0, "discard"))
    if len(pier) > 1:
        after = INDEX[pier[1].rpartition("-")[0]]  # R3: the pier colour becomes the next card's
        options.append((_after_draw(masks, pier[0], after), 1, "pier"))
    now = score(_measure(masks, pier_colour))
    if view["stock_count"] and options and min(options)[0] > now:
        return "stock"  # no face-up card helps, and a blind one may (or is thrown away again)
    if view["stock_count"]:
        unseen = _unseen(view)
        if unseen and STOCK_HOPE is None:
            hope = sum(_after_draw(masks, card, pier_colour) for card in unseen) / len(unseen)
        else:
            hope = now - (STOCK_HOPE or 0)
        options.append((hope, 2, "stock"))
    if not options:
        return "pier"  # only the pier's last card is left (R4: the round is annulled)
    return min(options)[2]


def _after_draw(masks: list[int], card: str, pier: int) -> int:
    """The score after taking `card` and making the best discard."""
    colour, number = _parse(card)
    masks = list(masks)
    masks[colour] |= 1 << (number - 1)
    best = None
    for c in range(10):
        m = masks[c]
        while m:
            bit = m & -m
            m ^= bit
            masks[c] ^= bit
            found = score(_measure(masks, pier))
            masks[c] ^= bit
            if best is None or found < best:
                best = found
    return best


def _unseen(view: dict) -> list[str]:
    seen = set(view["hand"]) | set(view["pier"]) | set(view["discard"])
    for entry in view["log"]:
        if entry["action"] == "draw" and "card" in entry:
            seen.add(entry["card"])  # drawn face up: in that hand, or discarded since
    return [
        f"{colour}-{n}"
        for colour in COLOURS_IN_ORDER
        for n in range(1, 12)
        if f"{colour}-{n}" not in seen
    ]


def discard_or_sail(view: dict) -> dict:
    seat, hand, pier_colour = view["seat"], view["hand"], view["pier_colour"]
    (stowaways, limit), card = best_discard(hand, pier_colour, _collected(view))
    late = view["stock_count"] < LATE_STOCK
    if (
        stowaways == 0
        or view["must_sail"]
        or (limit <= SAIL_LIMIT and stowaways >= FAR)
        or (late and limit <= LATE_LIMIT and stowaways >= LATE_FAR)
    ):
        rest = list(hand)
        rest.remove(card)
        crew = default_laydown(rest, pier_colour).crew_colours
        return {"seat": seat, "action": "sail", "card": card, "crew": list(crew)}
    return {"seat": seat, "action": "discard", "card": card}
