"""What every page's header shows (templates/base.html)."""

from __future__ import annotations

from functools import cache

from games import selectors


def waiting(request) -> dict:
    """How many tables wait for the signed-in player: one query, only when a page shows it
    (templates call it; a partial for htmx never does)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_count": cache(lambda: selectors.waiting_count(user))}
