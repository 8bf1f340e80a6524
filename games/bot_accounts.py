"""The bots' accounts (issue 15): every bot level of every game plays under an account of its
own, made ahead (a migration, then `ensure_bot_accounts` after every migrate) and found by its
bot key alone, never by a name. A bot's username is its key, "<game>:<level>": sign-up refuses
":" (and any name like a bot's, accounts.names), so no person can ever hold a bot's account.
"""

from __future__ import annotations

import functools

from django.contrib.auth.hashers import make_password
from django.utils import translation
from django.utils.functional import Promise

from accounts.models import User
from accounts.names import name_key
from games import registry


def bot_key(level: str, game: str) -> str:
    return f"{game}:{level}"


@functools.cache  # read for every bot seat on every render; the names are lazy translations
def bot_names() -> dict[str, Promise]:
    """Every bot's name (translatable) by its bot key: the one list the seats, the pages and the
    name checks read. Every installed game's bots (their presenters name them)."""
    return {
        bot_key(level, config.slug): name
        for config in registry.all_games()
        for level, name in config.presenter.bot_names().items()
    }


def ensure_bot_accounts(user_model=User, using: str = "default") -> int:
    """Make the accounts of the bots the code knows that have none yet; returns how many.
    `user_model` may be a migration's historical model."""
    names = bot_names()
    accounts = user_model._default_manager.db_manager(using)
    have = set(accounts.filter(bot_key__in=names).values_list("bot_key", flat=True))
    made = 0
    for key, name in names.items():
        if key in have:
            continue
        with translation.override("en"):
            display_name = str(name)
        accounts.create(
            username=key,
            bot_key=key,
            is_bot=True,
            display_name=display_name,
            username_key=name_key(key),  # set here: a historical model has no save() of ours
            display_name_key=name_key(display_name),
            password=make_password(None),  # no password: nobody signs in as a bot
        )
        made += 1
    return made


def bot_user(level: str, game: str) -> User:
    """The account `level` plays under: looked up as a bot, by its key only."""
    key = bot_key(level, game)
    found = User.objects.filter(is_bot=True, bot_key=key).first()
    if found is None:  # a level added since the last migrate
        ensure_bot_accounts()
        found = User.objects.get(is_bot=True, bot_key=key)
    return found
