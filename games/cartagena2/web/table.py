"""Cartagena 2's table, built from a seat's `view()` only (CG12): the track of the two islands,
the sea and the boat (CG2), the pirates on it, the choices of the player on turn with where each
takes a pirate (CG5, CG6), and the log of what each move did (from the states around it)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.cartagena2.board import LAST, LAST_FIRST, parse_position, position_name
from games.cartagena2.cards import symbol
from games.cartagena2.rules import advance_destination, occupancy, play_destination
from games.cartagena2.state import DISCARD, State

from .presentation import (
    card_label,
    pirate_mark,
    pirates_of,
    position_label,
    symbol_name,
)

# --- The track's geometry (an SVG 360 wide: it scales down to a 360 px phone) -----------------

WIDTH, HEIGHT = 360, 444
SPACE_W, SPACE_H, GAP, X0 = 44, 52, 4, 14
ROW_Y = (50, 108, 232, 290, 348)  # the first island's two rows, the second island's three
SEA_Y = 168  # the boat's row, between the islands
START_Y, NEST_Y = 6, 406  # the bands of the start and the nest
BOAT_W = 140


def space_xy(n: int) -> tuple[int, int]:
    """Where space n's top-left corner is: the path winds row by row, so that space 14 and the
    boat's first-island dock are on the left and space 15 and its second-island dock on the
    right (the boat crosses the sea between them)."""
    if n <= 7:
        row, col = 0, n - 1
    elif n <= 14:
        row, col = 1, 14 - n
    elif n <= 21:
        row, col = 2, 21 - n
    elif n <= 28:
        row, col = 3, n - 22
    else:
        row, col = 4, 35 - n
    return X0 + col * (SPACE_W + GAP), ROW_Y[row]


def _centre(n: int) -> tuple[int, int]:
    x, y = space_xy(n)
    return x + SPACE_W // 2, y + SPACE_H // 2


def boat_x(boat: int) -> int:
    return X0 if boat == 1 else WIDTH - X0 - BOAT_W


def track_path() -> str:
    """The way the pirates go, drawn under the spaces: start, 1-14, the sea, 15-35, the nest."""
    points = [(X0 + 22, START_Y + 30)]
    points += [_centre(n) for n in range(1, LAST_FIRST + 1)]
    points += [(X0 + 22, SEA_Y + 22), (WIDTH - X0 - 22, SEA_Y + 22)]
    points += [_centre(n) for n in range(LAST_FIRST + 1, LAST + 1)]
    points += [(X0 + 22, NEST_Y + 8)]
    return "M" + " L".join(f"{x},{y}" for x, y in points)


# --- What stands where --------------------------------------------------------------------


def _by_position(v: dict) -> dict:
    """Position (the view's notation) -> the seats of the pirates standing there, in order."""
    out: dict = {}
    for seat, pirates in enumerate(v["pirates"]):
        for p in pirates:
            out.setdefault(p, []).append(seat)
    return out


def _who(seats: list[int], names: list[str]) -> str:
    return ", ".join(pirates_of(names[s], s) for s in seats)


def _counts(seats: list[int], names: list[str]) -> list[dict]:
    """A crowd (the start, the boat, the nest): per seat, its mark and how many stand there."""
    out = []
    for s in sorted(set(seats)):
        n = seats.count(s)
        out.append({**pirate_mark(s), "count": n, "label": _count_label(names[s], s, n)})
    return out


def _count_label(name: str, seat: int, n: int) -> str:
    return ngettext("%(who)s: %(n)s pirate", "%(who)s: %(n)s pirates", n) % {
        "who": pirates_of(name, seat),
        "n": n,
    }


def _crowd_label(place: str, crowd: list[dict]) -> str:
    if not crowd:
        return _("%(place)s: nobody.") % {"place": place}
    return _("%(place)s: %(who)s.") % {"place": place, "who": "; ".join(c["label"] for c in crowd)}


def board(v: dict, names: list[str]) -> dict:
    """Everything the track shows (public, CG12): each space with its symbol and pirates, the
    start, the boat with where it is docked, and the nest."""
    at = _by_position(v)
    spaces = []
    for n, sym in enumerate(v["spaces"], start=1):
        x, y = space_xy(n)
        seats = at.get(n, [])
        place = pgettext("cartagena2", "Space %(n)s, %(symbol)s") % {
            "n": n,
            "symbol": symbol_name(sym),
        }
        label = (
            _("%(place)s: %(who)s.") % {"place": place, "who": _who(seats, names)}
            if seats
            else _("%(place)s: empty.") % {"place": place}
        )
        spaces.append(
            {
                "n": n,
                "symbol": sym,
                "x": x,
                "y": y,
                "island": 1 if n <= LAST_FIRST else 2,
                "label": label,
                "pirates": [
                    {**pirate_mark(s), "x": 2 + 14 * k, "y": 36} for k, s in enumerate(seats)
                ],
            }
        )
    start, boat, nest = (_counts(at.get(p, []), names) for p in ("start", "boat", "nest"))
    docked = (
        _("The boat, docked at the first island")
        if v["boat"] == 1
        else _("The boat, docked at the second island")
    )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "spaces": spaces,
        "path": track_path(),
        "start": start,
        "start_label": _crowd_label(pgettext("cartagena2", "Start"), start),
        "nest": nest,
        "nest_label": _crowd_label(pgettext("cartagena2", "Pirates' nest"), nest),
        "boat": boat,
        "boat_side": v["boat"],
        "boat_x": boat_x(v["boat"]),
        "boat_label": _crowd_label(docked, boat),
        "start_y": START_Y,
        "nest_y": NEST_Y,
        "sea_y": SEA_Y,
        "island1_y": ROW_Y[0] - 6,
        "island1_h": ROW_Y[1] + SPACE_H + 6 - (ROW_Y[0] - 6),
        "island2_y": ROW_Y[2] - 6,
        "island2_h": ROW_Y[4] + SPACE_H + 6 - (ROW_Y[2] - 6),
    }


# --- The choices of the player on turn (CG5-CG7) -----------------------------------------------


def _state_of(v: dict) -> State:
    """The board of a view as a state (no cards: where a pirate may go is public, CG12)."""
    return State(
        players=v["players"],
        tiles=list(v["tiles"]),
        boat=v["boat"],
        pirates=[sorted(parse_position(p) for p in ps) for ps in v["pirates"]],
        hands=[[] for _ in range(v["players"])],
        deck=[],
        discard=[],
        turn=v["turn"] if v["turn"] is not None else 0,
    )


def place_id(position) -> str:
    """The id of a place on the track (the script highlights it)."""
    if isinstance(position, int) or str(position).isdigit():
        return f"c2-space-{position}"
    return f"c2-{position}"


def plays(v: dict, kinds: list[dict]) -> list[dict]:
    """Per kind of card in the hand, where it would take each own pirate (CG5): the legal plays
    only, one per place a pirate stands on."""
    state = _state_of(v)
    occ = occupancy(state)
    seat = v["seat"]
    legal = {(a["card"], a["from"]) for a in v["legal"] if a["action"] == "play"}
    out = []
    for kind in kinds:
        moves = []
        for p in sorted(set(state.pirates[seat])):
            name = position_name(p)
            if (kind["id"], name) not in legal:
                continue
            dest = play_destination(state, seat, p, symbol(kind["id"]), occ)
            moves.append(
                {
                    "from": name,
                    "to": position_name(dest),
                    "from_id": place_id(position_name(p)),
                    "to_id": place_id(position_name(dest)),
                    "text": _("From %(from)s to %(to)s")
                    % {
                        "from": position_label(name),
                        "to": position_label(position_name(dest)),
                    },
                }
            )
        out.append({**kind, "moves": moves})
    return out


def advances(v: dict, names: list[str]) -> list[dict]:
    """The other players' pirates the seat may move forward, where to and how many cards it
    draws for it (CG6)."""
    state = _state_of(v)
    occ = occupancy(state)
    out = []
    for a in v["legal"]:
        if a["action"] != "advance":
            continue
        target, p = a["target"], parse_position(a["from"])
        dest, cards = advance_destination(state, target, p, occ)
        text = ngettext(
            "%(who)s: from %(from)s to %(to)s, draw %(n)s card",
            "%(who)s: from %(from)s to %(to)s, draw %(n)s cards",
            cards,
        ) % {
            "who": pirates_of(names[target], target),
            "from": position_label(a["from"]),
            "to": position_label(position_name(dest)),
            "n": cards,
        }
        out.append(
            {
                "value": f"{target}:{a['from']}",
                "text": text,
                "from_id": place_id(a["from"]),
                "to_id": place_id(position_name(dest)),
            }
        )
    return out


# --- The log: what each move did, from the states around it (public only) ---------------------


def log_entry(before: State, after: State) -> dict | None:
    """One move as plain data, with nothing a seat may not see: the card played (it lies face up
    on the discard pile), how many cards were drawn (never which), the cards discarded (face
    up)."""
    if before.phase == DISCARD:
        seat = next(
            s for s in range(before.players) if before.must_discard[s] and not after.must_discard[s]
        )
        return {"verb": "discard", "seat": seat, "cards": after.discard[len(before.discard) :]}
    seat = before.turn
    over = after.phase == "over"
    if before.boat != after.boat:
        free = before.free_boat and after.actions_left == before.actions_left
        return {"verb": "boat", "seat": seat, "to": after.boat, "free": free}
    for owner in range(before.players):
        if before.pirates[owner] != after.pirates[owner]:
            old, new = _moved(before.pirates[owner], after.pirates[owner])
            if owner == seat:
                return {
                    "verb": "play",
                    "seat": seat,
                    "card": after.discard[-1],
                    "from": position_name(old),
                    "to": position_name(new),
                    "won": over,
                    "discards": after.phase == DISCARD,
                }
            drawn = len(after.hands[seat]) - len(before.hands[seat])
            return {
                "verb": "advance",
                "seat": seat,
                "target": owner,
                "from": position_name(old),
                "to": position_name(new),
                "drawn": drawn,
            }
    drawn = len(after.hands[seat]) - len(before.hands[seat])
    return {"verb": "end", "seat": seat, "drawn": drawn, "stuck": before.actions_left == 3}


def _moved(old: list[int], new: list[int]) -> tuple[int, int]:
    rest = list(new)
    gone = None
    for p in old:
        if p in rest:
            rest.remove(p)
        else:
            gone = p
    return gone, rest[0]


def log_line(entry: dict, names: list[str]) -> str:
    who = names[entry["seat"]]
    verb = entry["verb"]
    if verb == "play":
        line = _("%(who)s played %(card)s: a pirate from %(from)s to %(to)s.") % {
            "who": who,
            "card": card_label(entry["card"]),
            "from": position_label(entry["from"]),
            "to": position_label(entry["to"]),
        }
        if entry["won"]:
            line += " " + _("The sixth pirate is in the nest: %(who)s wins.") % {"who": who}
        elif entry["discards"]:
            line += " " + _("Everyone holding more than seven cards discards down to seven.")
        return line
    if verb == "advance":
        return ngettext(
            "%(who)s moved a pirate of %(whom)s from %(from)s to %(to)s and drew %(n)s card.",
            "%(who)s moved a pirate of %(whom)s from %(from)s to %(to)s and drew %(n)s cards.",
            entry["drawn"],
        ) % {
            "who": who,
            "whom": names[entry["target"]],
            "from": position_label(entry["from"]),
            "to": position_label(entry["to"]),
            "n": entry["drawn"],
        }
    if verb == "boat":
        where = (
            _("%(who)s sailed the boat to the first island.")
            if entry["to"] == 1
            else _("%(who)s sailed the boat to the second island.")
        ) % {"who": who}
        return where + (" " + _("(the captain's free crossing)") if entry["free"] else "")
    if verb == "discard":
        return _("%(who)s discarded %(cards)s.") % {
            "who": who,
            "cards": ", ".join(card_label(c) for c in entry["cards"]),
        }
    if entry["stuck"]:
        return ngettext(
            "%(who)s could take no action, drew %(n)s card and ended the turn.",
            "%(who)s could take no action, drew %(n)s cards and ended the turn.",
            entry["drawn"],
        ) % {"who": who, "n": entry["drawn"]}
    return _("%(who)s ended the turn.") % {"who": who}


def result(v: dict, names: list[str]) -> dict:
    """Who won and why (CG11), and everyone's pirates in the nest."""
    winner = v["winners"][0] if "winners" in v else v["winner"]
    scores = v["scores"]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return {
        "winner": winner,
        "heading": _("%(who)s wins") % {"who": names[winner]},
        "why": _("All six of %(who)s's pirates reached the pirates' nest first.")
        % {"who": names[winner]},
        "rows": [
            {"name": names[s], "mark": pirate_mark(s), "nest": scores[s], "winner": s == winner}
            for s in order
        ],
    }
