"""The trick table of the card component (docs/cards.md, `.trick-table`) for four-seat trick
games (Whist, Doppelkopf): the trick shown in the middle, the four places around it as a viewer
sees them, and a trick as rows of cards. A game gives its view's trick fields and its card
faces (`card_info`); the rest of each place (teams, parties, badges) is the game's."""

from __future__ import annotations

from collections.abc import Callable

PLACES = ("bottom", "left", "top", "right")  # clockwise from the viewer: play runs clockwise


def shown_trick(current: list[dict], last: dict | None, played: int) -> dict | None:
    """The trick in the middle: the one being played (`current`, its cards so far), else the one
    just completed (`last`: cards and winner) until the next card is led; `played` is how many
    tricks are complete. None before the first card."""
    if current:
        return {"cards": current, "complete": False, "winner": None, "number": played + 1}
    if last:
        return {
            "cards": last["cards"],
            "complete": True,
            "winner": last["winner"],
            "number": played,
        }
    return None


def places(viewpoint: int | None, trick: dict | None, card_info: Callable) -> list[dict]:
    """The four places as the viewer sees them: their own at the bottom (a spectator sees seat 0
    there), the next seat clockwise on their left; each with its card in the shown trick and
    whether it won it."""
    base = viewpoint if viewpoint is not None else 0
    played = {c["seat"]: c["card"] for c in trick["cards"]} if trick else {}
    return [
        {
            "where": where,
            "seat": (seat := (base + k) % 4),
            "is_me": viewpoint is not None and seat == viewpoint,
            "played": card_info(played[seat]) if seat in played else None,
            "won": bool(trick and trick["complete"] and trick["winner"] == seat),
        }
        for k, where in enumerate(PLACES)
    ]


def trick_rows(trick: dict | None, names: list[str], card_info: Callable) -> list[dict]:
    """A trick as rows: who played which card, and who won it (once complete)."""
    if not trick:
        return []
    return [
        {
            "name": names[c["seat"]],
            "card": card_info(c["card"]),
            "won": c["seat"] == trick["winner"],
        }
        for c in trick["cards"]
    ]
