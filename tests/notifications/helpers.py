"""Helpers for the tests of issue 21 (turns, e-mails, time off)."""

from __future__ import annotations

from games import services
from games.models import Match

from ..games.tables import users_by_seat

SLOW = 86400  # a 24-hour turn timer: a slow table
FAST = 60


def to_act(match: Match) -> list[int]:
    match.refresh_from_db()
    return list(match.engine.status(match.engine_state).to_act)


def play_turn(match: Match):
    """The seat on turn draws from the stock and discards a card (Korsaren R4): a whole
    turn. Returns the user who played."""
    match.refresh_from_db()
    seat = to_act(match)[0]
    user = users_by_seat(match)[seat]
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, match.version)
    match.refresh_from_db()
    card = match.engine_state.round.hands[seat][0]
    services.play(match.pk, user, {"action": "discard", "card": card}, match.version)
    match.refresh_from_db()
    return user
