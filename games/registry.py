"""The installed games: every app in INSTALLED_APPS whose config is a games.plugin.GameConfig
(one `games.<slug>.web` line per game). The platform finds games only here."""

from __future__ import annotations

from django.apps import apps

from games.core import Game
from games.plugin import GameConfig, Presenter


def all_games() -> list[GameConfig]:
    """In INSTALLED_APPS order (the order the site lists them in)."""
    return [c for c in apps.get_app_configs() if isinstance(c, GameConfig)]


def get(slug: str) -> GameConfig:
    """LookupError for a slug that is not an installed game."""
    for config in all_games():
        if config.slug == slug:
            return config
    raise LookupError(f"no game {slug!r} is installed")


def engine(slug: str) -> Game:
    return get(slug).game


def presenter(slug: str) -> Presenter:
    return get(slug).presenter


def slugs() -> list[str]:
    return [c.slug for c in all_games()]
