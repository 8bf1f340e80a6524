"""Celery tasks: thin wrappers around games/services.py. Each is idempotent: it carries the
match version it was queued for, and the service plays nothing if the table has moved on."""

from __future__ import annotations

from celery import shared_task

from games import ratings, services


@shared_task(acks_late=True)
def play_bot_turn(match_id: int, position: int, version: int) -> bool:
    return services.play_bot_turn(match_id, position, version)


@shared_task(acks_late=True)
def play_bot_optional(match_id: int, position: int, version: int) -> bool:
    """A bot's optional move (an interjection, an announcement) on the table at `version`."""
    return services.play_bot_optional(match_id, position, version)


@shared_task(acks_late=True)
def take_server_step(match_id: int, version: int) -> bool:
    """The game's own step between turns (the next deal), after the pause."""
    return services.take_server_step(match_id, version)


@shared_task(acks_late=True)
def deal_next_round(match_id: int, version: int) -> bool:
    """The name the server step had before games were plug-ins: tasks queued by a server of that
    time still run after an upgrade."""
    return services.take_server_step(match_id, version)


@shared_task
def sweep_timeouts() -> int:
    """Run by beat every few seconds: play for players whose turn timer ran out (R10), and
    re-queue server moves that a lost task left waiting."""
    return services.sweep_timeouts() + services.kick_stalled_matches()


@shared_task(acks_late=True)
def rate_finished_matches() -> int:
    """Apply the rating changes of finished rated matches (idempotent; also run by beat as a
    safety net for a lost task)."""
    return ratings.rate_finished_matches()
