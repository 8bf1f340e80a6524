"""Bot accounts: which game and level an account plays, and its name in the viewer's language.
(Temporary naming scheme: Korsaren's bots are "bot-<level>", other games' "bot-<game>-<level>".)"""

from __future__ import annotations

from games import registry


def bot_identity(username: str) -> tuple[str, str] | None:
    """(game, level) of a bot account's username, or None."""
    rest = username.removeprefix("bot-")
    if rest == username:
        return None
    for config in registry.all_games():
        prefix = "" if config.slug == "korsaren" else f"{config.slug}-"
        if rest.startswith(prefix) and rest.removeprefix(prefix) in config.game.bots.levels:
            return config.slug, rest.removeprefix(prefix)
    return None


def bot_name(user) -> str:
    identity = bot_identity(user.username)
    if identity is None:
        return ""
    game, level = identity
    return str(registry.presenter(game).bot_names()[level])
