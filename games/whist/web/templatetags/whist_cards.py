"""{% pcard c %}, {% pcard_row cards %} and {% whist_hand %}: playing-card faces, drawn in Python
(a table shows dozens in every update). `c` is presentation.card_info(card). The suit is never
told by colour alone: each face shows its rank and suit symbol, and its name in words for
screen readers (or, with `decorative`, the control around it carries the name)."""

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

_FACE = (
    '<span class="pcard pcard--{}{}{}" data-card="{}"{}>'
    '<span class="pcard__rank" aria-hidden="true">{}</span>'
    '<span class="pcard__suit" aria-hidden="true">{}</span></span>'
)


@register.simple_tag
def pcard(c, small: bool = False, decorative: bool = False) -> str:
    return _face(
        c["id"], c["suit"], c["red"], c["rank"], c["symbol"], str(c["label"]), small, decorative
    )


@lru_cache(maxsize=2048)
def _face(card_id, s, red, rank, symbol, label, small, decorative):
    name = (
        mark_safe(' aria-hidden="true"')
        if decorative
        else format_html(' role="img" aria-label="{}"', label)
    )
    return format_html(
        _FACE,
        s,
        " pcard--red" if red else "",
        " pcard--small" if small else "",
        card_id,
        name,
        rank,
        symbol,
    )


@register.simple_tag
def pcard_row(cards, small: bool = False) -> str:
    if not cards:
        return mark_safe('<span class="pcard-row"><span class="muted">–</span></span>')
    faces = "".join(pcard(c, small) for c in cards)  # each face is safe HTML already
    return mark_safe(f'<span class="pcard-row">{faces}</span>')  # noqa: S308


_HAND_CARD = (
    '<label class="hand-card whist-card{}"><input type="radio" id="hand-{}" name="card" value="{}"'
    ' aria-label="{}"{}>{}</label>'
)


@register.simple_tag
def whist_hand(hand, legal, playing: bool) -> str:
    """The viewer's hand as radio buttons; only the legal cards can be chosen (WH5: a revoke
    cannot happen online), so the arrow keys move over the playable cards only. On the
    player's turn the others are greyed out."""
    cards = (
        _hand_card(
            c["id"],
            str(c["label"]),
            playing and c["id"] not in legal,
            c["id"] in legal,
            pcard(c, decorative=True),
        )
        for c in hand
    )
    return mark_safe("".join(cards))  # noqa: S308 (each card is safe HTML already)


@lru_cache(maxsize=4096)  # 52 cards, playable or not, in a few languages
def _hand_card(card_id: str, label: str, unplayable: bool, legal: bool, face: str) -> str:
    return format_html(
        _HAND_CARD,
        " hand-card--unplayable" if unplayable else "",
        card_id,
        card_id,
        label,
        "" if legal else mark_safe(" disabled"),
        face,
    )
