"""{% card c %}, {% card_row cards %} and {% hand_cards %}: card faces, drawn in Python because a
table shows dozens of them in every update (as template includes they were most of a region's
rendering time, and the hand's loop in the template most of the hand's).

`c` is rendering.card_info(card) (or a dict like it). Colour is never the only cue (R1): the
number, the colour's emblem (drawn by site.css from static/img/emblems) and the colour's name
(for screen readers) are all on the card. With `decorative`, the card is hidden from screen
readers because the control around it already carries its name (the radio buttons of a hand).
"""

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

_FACE = (
    '<span class="card card--{}{}" data-card="{}"{}><span class="card__number" aria-hidden="true">'
    '{}</span><span class="card__emblem" aria-hidden="true"></span></span>'
)


@register.simple_tag
def card(c: dict, small: bool = False, decorative: bool = False) -> str:
    return _face(c["id"], c["colour"], c["number"], str(c["label"]), bool(small), bool(decorative))


@lru_cache(maxsize=4096)  # a face depends on nothing else: the same few hundred strings all day
def _face(card_id: str, colour: str, number: int, label: str, small: bool, decorative: bool):
    if decorative:
        name = mark_safe(' aria-hidden="true"')
    else:
        name = format_html(' role="img" aria-label="{}"', label)
    size = " card--small" if small else ""
    return format_html(_FACE, colour, size, card_id, name, number)


@register.simple_tag
def card_row(cards: list[dict], small: bool = False) -> str:
    """A row of faces, or a dash for none."""
    if not cards:
        return mark_safe('<span class="card-row"><span class="muted">–</span></span>')
    faces = "".join(card(c, small) for c in cards)  # each face is safe HTML already
    return mark_safe(f'<span class="card-row">{faces}</span>')  # noqa: S308


_HAND_CARD = (
    '<label class="hand-card{}{}"{}><input type="radio" id="hand-{}" name="card" value="{}"'
    ' aria-label="{}"{}{}>{}</label>'
)


@register.simple_tag
def hand_cards(hand: list[dict], drawn: str | None, pier_colour: str | None, enabled: bool) -> str:
    """The viewer's hand as radio buttons, each marked if just drawn or of the pier's colour
    (a prisoner if the player sets sail now, R5); described by the notes above the hand."""
    cards = (
        _hand_card(
            c["id"],
            c["colour"],
            c["number"],
            str(c["label"]),
            c["id"] == drawn,
            c["colour"] == pier_colour,
            bool(enabled),
        )
        for c in hand
    )
    return mark_safe("".join(cards))  # noqa: S308 (each card is safe HTML already)


@lru_cache(maxsize=8192)
def _hand_card(card_id, colour, number, label, drawn, prisoner, enabled):
    notes = [note for note, on in (("drawn-note", drawn), ("prisoner-note", prisoner)) if on]
    return format_html(
        _HAND_CARD,
        " hand-card--drawn" if drawn else "",
        " hand-card--prisoner" if prisoner else "",
        mark_safe(" data-new") if drawn else "",  # the card to focus after a draw (table.js)
        card_id,
        card_id,
        label,
        format_html(' aria-describedby="{}"', " ".join(notes)) if notes else "",
        "" if enabled else mark_safe(" disabled"),
        _face(card_id, colour, number, label, False, True),
    )
