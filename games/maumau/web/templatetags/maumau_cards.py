"""{% mm_card c %} and {% mm_row cards %}: French-suited faces of the cards component (docs/
cards.md), drawn in Python (a table shows many in every update). `c` is presentation.card_info.
Each face shows its rank and suit symbol and is named in words for screen readers (or, with
`decorative`, the control around it carries the name)."""

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
def mm_card(c, small: bool = False, decorative: bool = False) -> str:
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
def mm_row(cards, small: bool = True) -> str:
    if not cards:
        return mark_safe('<span class="pcard-row"><span class="muted">–</span></span>')
    faces = "".join(mm_card(c, small) for c in cards)  # each face is safe HTML already
    return mark_safe(f'<span class="pcard-row">{faces}</span>')  # noqa: S308


_HAND_CARD = (
    '<label class="hand-card{}"><input type="radio" id="hand-{}" name="card" value="{}"'
    ' aria-label="{}"{}{}>{}</label>'
)


@register.simple_tag
def mm_hand(hand, legal, playing: bool) -> str:
    """The viewer's hand as radio buttons; on the player's turn only the cards that fit (MM5)
    can be chosen, the others are greyed out. A doubled pack (MM10) may hold a card twice: each
    copy is shown, the second one never chosen (the same card either way)."""
    seen: set[str] = set()
    out = []
    for c in hand:
        again = c["id"] in seen
        seen.add(c["id"])
        ok = c["id"] in legal and not again
        out.append(
            _hand_card(
                c["id"],
                str(c["label"]),
                playing and not ok,
                ok and playing,
                again,
                c["jack"],
                mm_card(c, decorative=True),
            )
        )
    return mark_safe("".join(out))  # noqa: S308 (each card is safe HTML already)


@lru_cache(maxsize=4096)
def _hand_card(card_id, label, unplayable, enabled, again, jack, face) -> str:
    classes = (" hand-card--unplayable" if unplayable else "") + (" maumau-jack" if jack else "")
    return format_html(
        _HAND_CARD,
        classes,
        f"{card_id}-2" if again else card_id,
        card_id,
        label,
        "" if enabled else mark_safe(" disabled"),
        mark_safe(' data-jack="1"') if jack else "",
        face,
    )
