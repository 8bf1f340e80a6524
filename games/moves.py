"""A player's move, however it arrives: posted to /tables/<id>/act/ (views.table_act: clients
without JavaScript, tests, API use) or sent over the table's WebSocket (consumers.TableConsumer,
the browser's usual way). Both share everything below the transport: the rate limit, the
table version, the game's form parsing and services.play, and so the same refusals."""

from __future__ import annotations

from django.conf import settings
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from games import registry, selectors, services
from games.converters import plain_number
from games.plugin import MoveRejected
from games.ratelimit import within_rate


class TooFast(services.ServiceError):
    status = 429


def within_move_rate(user) -> bool:
    """Move requests per player: ample for play (a turn is two moves), a wall for a script
    hammering the table (games/ratelimit.py: what happens when Redis fails)."""
    return within_rate(
        f"move-rate:{user.pk}", settings.KORSAREN_MOVE_RATE, settings.KORSAREN_MOVE_RATE_WINDOW
    )


def version_of(data) -> int | None:
    """The table version the move was made on (every move form carries it)."""
    return plain_number(data.get("version", ""))


def form_data(fields) -> MultiValueDict:
    """A socket's move ({"name": "value" or ["values"]}) as the form data a POST would give
    (a QueryDict is one), so a game's parse_move reads both alike. Anything but strings is
    dropped (a form sends nothing else): the game's form then refuses what is missing."""
    data = MultiValueDict()
    if isinstance(fields, dict):
        for name, value in fields.items():
            values = value if isinstance(value, list) else [value]
            data.setlist(str(name), [v for v in values if isinstance(v, str)])
    return data


def submit(user, match_id: int, data) -> services.Outcome:
    """Play the move a form describes, as `user`. Raises services.ServiceError (TooFast,
    NotFound, Conflict for a stale version...) with a message fit for the player; then nothing
    changed."""
    if not within_move_rate(user):
        raise TooFast(_("Too many moves at once: wait a moment."))
    game = selectors.game_of(match_id)
    if game is None:
        raise services.NotFound(_("There is no such table."))
    version = version_of(data)
    try:
        if version is None:
            raise MoveRejected(_("The move's table version is missing; reload the page."))
        action = registry.presenter(game).parse_move(data)
    except MoveRejected as e:
        raise services.ServiceError(e.message) from None
    return services.play(match_id, user, action, version)
