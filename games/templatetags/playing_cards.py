"""{% pcard c %}, {% pcard_row cards %} and {% card_hand hand legal playing %}: the card
component's French-suited faces and hand (docs/cards.md), drawn in Python (a table shows dozens in
every update). `c` is a mapping a game makes in its own words: `id` (what a move names), `suit`
(a class: clubs, spades...), `red`, `rank` (the letter on the face), `symbol` (the suit's) and
`label` (the card in words). The suit is never told by colour alone: each face shows its rank
and suit symbol, and its name for screen readers (or, with `decorative`, the control around it
carries the name). In a region (Jinja2) they are `playing_cards.pcard(c)` and so on."""

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
    '<label class="hand-card{}{}"><input type="radio" id="hand-{}{}" name="card" value="{}"'
    ' aria-label="{}"{}>{}</label>'
)


@register.simple_tag
def card_hand(hand, legal, playing: bool, card_class: str = "", marked=(), mark: str = "") -> str:
    """The viewer's hand as radio buttons (docs/cards.md); only the legal cards can be chosen (a
    revoke cannot happen online), so the arrow keys move over the playable cards only. On the
    player's turn the others are greyed out. `card_class` is added to every card, `mark` to
    those whose id is in `marked` (a game's own states: Doppelkopf's trumps). Each radio
    button's id is `hand-<card>`, and `hand-<card>-2` for a second copy (a double pack)."""
    seen: dict[str, int] = {}
    out = []
    for c in hand:
        n = seen[c["id"]] = seen.get(c["id"], 0) + 1
        out.append(
            _hand_card(
                c["id"],
                n,
                str(c["label"]),
                playing and c["id"] not in legal,
                c["id"] in legal,
                pcard(c, decorative=True),
                " ".join(filter(None, [card_class, mark if c["id"] in marked else ""])),
            )
        )
    return mark_safe("".join(out))  # noqa: S308 (each card is safe HTML already)


@lru_cache(maxsize=4096)  # a pack's cards, playable or not, in a few languages
def _hand_card(card_id, n, label, unplayable, legal, face, classes) -> str:
    return format_html(
        _HAND_CARD,
        " " + classes if classes else "",
        " hand-card--unplayable" if unplayable else "",
        card_id,
        f"-{n}" if n > 1 else "",
        card_id,
        label,
        "" if legal else mark_safe(" disabled"),
        face,
    )
