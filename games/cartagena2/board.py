"""The board (CG2): five tiles of seven spaces, two islands, the boat between them, the nest.

Positions are small integers, in the order a pirate travels and the scenario format sorts them:
START 0, the spaces 1-14 (first island) and 15-35 (second island), BOAT 36, NEST 37.
"""

from __future__ import annotations

from games.core import Stream, shuffled

SYMBOLS = ("parrot", "chest", "telescope", "ducat", "map", "cannon", "compass")  # CG1 order

# CG2 Decided: the ten printed faces, read in the direction of travel.
FACES: dict[str, tuple[str, ...]] = {
    "A1": ("chest", "map", "parrot", "cannon", "compass", "telescope", "ducat"),
    "B1": ("telescope", "compass", "ducat", "parrot", "chest", "cannon", "map"),
    "C1": ("cannon", "ducat", "map", "compass", "telescope", "parrot", "chest"),
    "D1": ("compass", "parrot", "cannon", "chest", "ducat", "map", "telescope"),
    "E1": ("ducat", "telescope", "chest", "map", "cannon", "compass", "parrot"),
    "A2": ("map", "cannon", "ducat", "telescope", "parrot", "compass", "chest"),
    "B2": ("ducat", "chest", "compass", "cannon", "map", "parrot", "telescope"),
    "C2": ("parrot", "compass", "telescope", "map", "chest", "cannon", "ducat"),
    "D2": ("cannon", "telescope", "map", "parrot", "ducat", "chest", "compass"),
    "E2": ("chest", "parrot", "cannon", "ducat", "compass", "telescope", "map"),
}
TILES = "ABCDE"
STANDARD = ("A1", "B1", "C1", "D1", "E1")  # CG3: the `standard` layout

START, BOAT, NEST = 0, 36, 37
LAST_FIRST, FIRST_SECOND, LAST = 14, 15, 35  # first island 1-14, second island 15-35
PIRATES = 6  # per player (CG1)
SPACE_LIMIT = 3  # pirates on one space (CG2)
BOAT_LIMIT = 3  # pirates of one colour aboard (CG2)


def random_layout(seed: str) -> list[str]:
    """CG3 `random`: the tiles in the order of the stream "board", then each tile's face from
    the stream "board-faces" (one draw per tile, in path order)."""
    order = shuffled(list(TILES), seed, "board")
    faces = Stream(seed, "board-faces")
    return [f"{tile}{1 + faces.below(2)}" for tile in order]


def tile_symbols(tile) -> tuple[str, ...]:
    """A face name or an explicit list of the seven symbols (the scenario format)."""
    return FACES[tile] if isinstance(tile, str) else tuple(tile)


def spaces(tiles) -> tuple[str | None, ...]:
    """The symbol of each space, indexed by space number (index 0, the start, has none)."""
    out: list[str | None] = [None]
    for tile in tiles:
        out.extend(tile_symbols(tile))
    return tuple(out)


def island(position: int, boat: int) -> int:
    """The island whose spaces lie ahead of a pirate (CG2): 1 or 2 (0 for the nest, or the
    boat docked at the first island: nothing lies ahead of those)."""
    if position <= LAST_FIRST:
        return 1
    if position == BOAT:
        return 2 if boat == 2 else 0
    return 2 if position <= LAST else 0


def position_name(position: int) -> str | int:
    return {START: "start", BOAT: "boat", NEST: "nest"}.get(position, position)


def parse_position(name) -> int:
    """The scenario notation back to a position; ValueError for anything else."""
    named = {"start": START, "boat": BOAT, "nest": NEST}
    if isinstance(name, str) and name in named:
        return named[name]
    if isinstance(name, int) and not isinstance(name, bool) and 1 <= name <= LAST:
        return name
    raise ValueError(f"unknown position {name!r}")


def progress(position: int) -> int:
    """Steps along the way (the boat between the islands): start 0 ... nest 37."""
    if position == BOAT:
        return LAST_FIRST + 1
    if FIRST_SECOND <= position <= LAST:
        return position + 1
    return position
