"""Words for the game's things: colour names, card labels, the move log (all translatable)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from games.korsaren import colour, number

COLOUR_NAMES = {
    "red": gettext_lazy("red"),
    "orange": gettext_lazy("orange"),
    "yellow": gettext_lazy("yellow"),
    "green": gettext_lazy("green"),
    "blue": gettext_lazy("blue"),
    "violet": gettext_lazy("violet"),
    "pink": gettext_lazy("pink"),
    "brown": gettext_lazy("brown"),
    "grey": gettext_lazy("grey"),
    "black": gettext_lazy("black"),
}

# R1: colour is never the only cue. Each colour has its own emblem, drawn for this site in
# static/img/emblems/<colour>.svg and shown on every card; these are the emblems' names.
EMBLEMS = {
    "red": gettext_lazy("heart"),
    "orange": gettext_lazy("sun"),
    "yellow": gettext_lazy("compass star"),
    "green": gettext_lazy("palm tree"),
    "blue": gettext_lazy("anchor"),
    "violet": gettext_lazy("crown"),
    "pink": gettext_lazy("scallop shell"),
    "brown": gettext_lazy("barrel"),
    "grey": gettext_lazy("skull"),
    "black": gettext_lazy("galleon"),
}

# The rules page's legend: every colour's card with its name and emblem.
COLOUR_LEGEND = [
    {"id": f"{c}-11", "colour": c, "number": 11, "label": COLOUR_NAMES[c], "emblem": EMBLEMS[c]}
    for c in COLOUR_NAMES
]

# The bot levels' names, translatable (games/bots is pure Python and has plain names).
BOT_LEVEL_NAMES = {
    "deckhand": gettext_lazy("Deckhand"),
    "boatswain": gettext_lazy("Boatswain"),
    "captain": gettext_lazy("Captain"),
}


def card_label(card: str) -> str:
    """The accessible name of a card, e.g. "orange 7"."""
    return f"{COLOUR_NAMES[colour(card)]} {number(card)}"


def cards_label(cards: list[str]) -> str:
    return ", ".join(card_label(c) for c in cards) or _("none")


def colours_label(colours: list[str]) -> str:
    return " + ".join(str(COLOUR_NAMES[c]) for c in colours) or _("no crew")


# One sentence per pile: the languages decline "from the stock" differently.
TOOK = {  # the card shown: the viewer's own draw, or from a face-up pile
    "stock": gettext_noop("%(who)s took %(card)s from the stock."),
    "discard": gettext_noop("%(who)s took %(card)s from the discard pile."),
    "pier": gettext_noop("%(who)s took %(card)s from the pier."),
}
DREW = {  # the card hidden from this viewer
    "stock": gettext_noop("%(who)s drew from the stock."),
    "discard": gettext_noop("%(who)s drew from the discard pile."),
    "pier": gettext_noop("%(who)s drew from the pier."),
}


def describe(entry: dict, names: list[str]) -> str:
    """One line of the move log, from a view's (already filtered) log entry."""
    who = names[entry["seat"]]
    action = entry["action"]
    if action == "draw":
        if "card" in entry:
            return _(TOOK[entry["from"]]) % {"who": who, "card": card_label(entry["card"])}
        return _(DREW[entry["from"]]) % {"who": who}
    if action == "discard":
        return _("%(who)s discarded %(card)s.") % {"who": who, "card": card_label(entry["card"])}
    if action == "sail":
        if not entry["crew"]:
            return _("%(who)s discarded %(card)s and set sail without a crew.") % {
                "who": who,
                "card": card_label(entry["card"]),
            }
        return _("%(who)s discarded %(card)s and set sail with a crew of %(crew)s.") % {
            "who": who,
            "card": card_label(entry["card"]),
            "crew": colours_label(entry["crew"]),
        }
    if action == "attach":
        if "cards" not in entry:
            return _("%(who)s laid down.") % {"who": who}
        words = {"who": who, "cards": cards_label(entry["cards"])}
        if entry["crew"]:
            words["crew"] = colours_label(entry["crew"])
            if entry["cards"]:
                text = _("%(who)s attached %(cards)s and laid down with a crew of %(crew)s.")
            else:
                text = _("%(who)s laid down with a crew of %(crew)s.")
        elif entry["cards"]:
            text = _("%(who)s attached %(cards)s and laid down without a crew.")
        else:
            text = _("%(who)s laid down without a crew.")
        return text % words
    return _("%(who)s dealt.") % {"who": who}
