"""Mau Mau's table, built from the viewer's `view()` only (MM14): the discard pile's top and the
suit to follow or wished (MM5, MM6), the stock, the direction and order of play, pending 7s,
the latest Mau calls, penalties and interjections, each seat's cards and score, and a game's
result (MM11, MM12)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.maumau.cards import rank

from .presentation import card_info, card_label, suit_info

# What a move leaves in the view's log: one of these starts it, the rest follow in its turn.
MOVES = ("play", "interject", "draw", "deal")


def place_text(n: int) -> str:
    """A place by number ("1st place")."""
    return _("place %(n)s") % {"n": n}


def count_text(n: int) -> str:
    return ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}


def score_words(options: dict, score: int) -> str:
    """A seat's match score (MM12): wins, or penalty points."""
    if options["scoring"] == "wins":
        return ngettext("%(n)s win", "%(n)s wins", score) % {"n": score}
    return ngettext("%(n)s penalty point", "%(n)s penalty points", score) % {"n": score}


def target_text(options: dict) -> str:
    if options["scoring"] == "wins":
        n = options["target_wins"]
        return ngettext(
            "The first to win %(n)s game takes the match.",
            "The first to win %(n)s games takes the match.",
            n,
        ) % {"n": n}
    return _("The match ends when someone reaches %(n)s penalty points; the fewest points win.") % {
        "n": options["points_limit"]
    }


def turn_order(v: dict, names: list[str]) -> list[dict]:
    """The seats still in the game in the order they move (MM4), from the player to move."""
    n = v["players"]
    start = v["to_move"]
    if start is None:
        return []
    order, s = [], start
    for _step in range(n):
        if v["hand_sizes"][s]:
            order.append({"seat": s, "name": names[s], "to_move": s == start})
        s = (s + v["direction"]) % n
    return order


def direction_info(v: dict) -> dict:
    clockwise = v["direction"] == 1
    return {
        "clockwise": clockwise,
        "arrow": "↻" if clockwise else "↺",
        "text": _("clockwise") if clockwise else _("anticlockwise"),
        "hint": _("in the order of the seats")
        if clockwise
        else _("against the order of the seats"),
    }


def pile_info(v: dict, names: list[str]) -> dict:
    """The middle of the table: the discard pile's top, the suit to follow or wished, the stock,
    pending 7s, the direction and order of play (all public, MM14)."""
    top = v["top"]
    jack_on_top = rank(top) == "J"
    wisher = upcard = None  # who wished (the log keeps the latest events only)
    if jack_on_top:
        for event in reversed(v["log"]):
            if event.get("card") == top and event["action"] in ("play", "interject", "deal"):
                upcard = event["action"] == "deal"
                wisher = None if upcard else names[event["seat"]]
                break
    playing = not v["over"]
    to_move = v["to_move"]
    return {
        "top": card_info(top),
        "pile_size": len(v["discard"]),
        "stock_size": v["stock_size"],
        "suit": suit_info(v["suit"]),
        "wished": jack_on_top,
        "wisher": wisher,
        "upcard_jack": bool(upcard),
        "pending": v["pending_draw"] if playing else 0,
        "to_move_name": names[to_move] if playing and to_move is not None else "",
        "direction": direction_info(v),
        "order": turn_order(v, names) if playing else [],
        "notices": notices(v, names) if playing else [],
    }


def notices(v: dict, names: list[str]) -> list[dict]:
    """The notable things of the last round of moves, newest first: a player caught without
    calling "Mau" (MM9), a "Mau" call, an interjection and whom it skipped (MM10, MM14), a
    reshuffle (MM8). One move per seat still in the game is looked back over."""
    in_game = sum(1 for n in v["hand_sizes"] if n) or 1
    out, moves = [], 0
    for event in reversed(v["log"]):
        kind = event["action"]
        who = names[event["seat"]] if "seat" in event else ""
        if kind == "penalty":
            text = _("%(who)s was caught without calling “Mau” and drew a penalty card.") % {
                "who": who
            }
            out.append({"kind": "penalty", "text": text})
        elif kind == "interject":
            out.append({"kind": "interject", "text": interject_text(event, names)})
        elif kind == "reshuffle":
            out.append({"kind": "reshuffle", "text": reshuffle_text(event)})
        if event.get("mau"):
            text = _("%(who)s called “Mau”: one card left.") % {"who": who}
            out.append({"kind": "mau", "text": text})
        if kind in MOVES:
            moves += 1
            if moves >= in_game or kind == "deal":
                break
    return out


def interject_text(event: dict, names: list[str]) -> str:
    said = _("%(who)s interjected the %(card)s out of turn.") % {
        "who": names[event["seat"]],
        "card": card_label(event["card"]),
    }
    skipped = event.get("skipped") or []
    if skipped:
        said += " " + ngettext(
            "%(names)s lost their turn.", "%(names)s lost their turns.", len(skipped)
        ) % {"names": ", ".join(names[s] for s in skipped)}
    return said


def reshuffle_text(event: dict) -> str:
    return ngettext(
        "The discard pile below its top card was shuffled into a new stock of %(n)s card.",
        "The discard pile below its top card was shuffled into a new stock of %(n)s cards.",
        event["count"],
    ) % {"n": event["count"]}


def seat_facts(v: dict, names: list[str], seat_rows: list[dict]) -> None:
    """Each seat's cards in hand, match score, dealer, last card and place (MM14: public)."""
    playing = not v["over"]
    for row in seat_rows:
        p = row["position"]
        n = v["hand_sizes"][p]
        facts = [("cards", count_text(n))] if playing else []
        facts.append(("score", score_words(v["options"], v["scores"][p])))
        row["facts"] = facts
        badges = []
        if p == v["dealer"]:
            badges.append(_("dealer"))
        if playing and n == 1:
            badges.append(_("Mau: last card"))
        if p in v["places"]:
            badges.append(place_text(v["places"].index(p) + 1))
        row["badges"] = badges


def game_result(v: dict, names: list[str]) -> dict | None:
    """A game that is over (MM11), and the match if it ended with it (MM12)."""
    result = v["result"]
    if not v["over"] or not result:
        return None
    options = v["options"]
    wins = options["scoring"] == "wins"
    if result.get("void"):
        heading = _("Game %(n)s was cut off by the match's move limit and does not count.") % {
            "n": result["round"]
        }
        winners = []
    else:
        winner = names[result["winners"][0]]
        heading = _("Game %(n)s: %(who)s went out first.") % {"n": result["round"], "who": winner}
        winners = result["winners"]
    places = result.get("places") or []
    points = result.get("points")
    rows = []
    for p in range(v["players"]):
        rows.append(
            {
                "name": names[p],
                "place": places.index(p) + 1 if p in places and not result.get("void") else None,
                "cards": result.get("hand_sizes", [0] * v["players"])[p],
                "points": points[p] if points else None,
                "missed": (result.get("mau_missed") or [0] * v["players"])[p],
                "score": score_words(options, result["scores"][p]),
                "won": p in winners,
            }
        )
    match_winners = [names[p] for p in result.get("match_winners") or []]
    said = ""
    if winners and wins:
        said = _("%(who)s scores a win.") % {"who": names[winners[0]]}
    elif winners:
        said = _("Everyone else adds the penalty points of the cards left in their hand.")
    over = result.get("match_over", False)
    return {
        "round": result["round"],
        "heading": heading,
        "said": said,
        "rows": rows,
        "places_shown": bool(options["play_for_places"]),
        "points_shown": not wins,
        "match_over": over,
        "match_heading": match_heading(match_winners) if over else "",
        "next_dealer": names[(v["dealer"] + 1) % v["players"]] if not over else "",
        "target": target_text(options),
    }


def match_heading(winners: list[str]) -> str:
    if len(winners) == 1:
        return _("%(who)s won the match.") % {"who": winners[0]}
    return _("%(names)s share the win of the match.") % {"names": ", ".join(winners)}


# --- The move log ------------------------------------------------------------------------------

EFFECTS = {
    "7": lambda n: _("Draw two: the next player draws or answers with a 7."),
    "8": lambda n: _("Skip: the next player misses a turn."),
    "9": lambda n: _("Reverse: the direction of play changes.") if n > 2 else "",
}


def log_line(entry: dict, names: list[str]) -> str:
    """One event of a game in words (MM14: public; a penalty card is counted, never named)."""
    kind = entry["action"]
    who = names[entry["seat"]] if "seat" in entry else ""
    if kind == "deal":
        return _("%(who)s deals; the upcard is the %(card)s.") % {
            "who": who,
            "card": card_label(entry["card"]),
        }
    if kind in ("play", "interject"):
        card = card_label(entry["card"])
        if kind == "interject":
            said = interject_text(entry, names)
        elif "wish" in entry:
            said = _("%(who)s plays the %(card)s and wishes %(suit)s.") % {
                "who": who,
                "card": card,
                "suit": suit_info(entry["wish"])["name"],
            }
        else:
            said = _("%(who)s plays the %(card)s.") % {"who": who, "card": card}
        if entry.get("mau"):
            said += " " + _("“Mau!”")
        effect = EFFECTS.get(rank(entry["card"]))
        extra = effect(len(names)) if effect else ""
        return f"{said} {extra}" if extra else said
    if kind == "draw":
        count, pending = entry["count"], entry.get("pending", 0)
        if pending:
            return ngettext(
                "%(who)s draws %(n)s card for the 7s.",
                "%(who)s draws %(n)s cards for the 7s.",
                count,
            ) % {"who": who, "n": count}
        if count == 0:
            return _("%(who)s passes: there is no card to draw.") % {"who": who}
        return _("%(who)s draws a card.") % {"who": who}
    if kind == "penalty":
        if entry.get("count", 1) == 0:
            return _("%(who)s did not call “Mau”; there was no penalty card left to draw.") % {
                "who": who
            }
        return _("%(who)s did not call “Mau” and draws a penalty card.") % {"who": who}
    if kind == "reshuffle":
        return reshuffle_text(entry)
    if kind == "over":
        places = entry.get("places") or []
        if len(places) > 1:  # MM11 play for places: everyone's place
            order = ", ".join(f"{n}. {names[s]}" for n, s in enumerate(places, start=1))
            return _("The game is over; the places: %(places)s.") % {"places": order}
        return _("%(who)s goes out: the game is over.") % {"who": names[entry["winners"][0]]}
    return ""
