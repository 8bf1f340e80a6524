"""Bots' accounts found by key (issue 15), and every account's name keys.

Today's bot accounts ("bot-<level>", is_bot) are converted in place, so their ratings and
matches stay theirs: they get the key "korsaren:<level>" as key and username (a name nobody
can register). A person's account that took a "bot-..." name is left alone: it is not a bot.
Levels without an account get one. games.apps makes the accounts of later levels and games.
"""

from django.contrib.auth.hashers import make_password
from django.db import migrations

from accounts.names import name_key  # the keys must be those the running code compares

GAME = "korsaren"
LEVELS = {"deckhand": "Deckhand", "boatswain": "Boatswain", "captain": "Captain"}


def _keys(user) -> None:
    user.username_key = name_key(user.username)[:255]
    user.display_name_key = name_key(user.display_name)[:255]


def forwards(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username", "display_name").iterator():
        _keys(user)
        user.save(update_fields=["username_key", "display_name_key"])
    for level, name in LEVELS.items():
        key = f"{GAME}:{level}"
        if User.objects.filter(bot_key=key).exists():
            continue
        bot = User.objects.filter(username=f"bot-{level}", is_bot=True).first() or User(
            is_bot=True
        )
        bot.username = bot.bot_key = key
        bot.display_name = name
        bot.password = make_password(None)
        _keys(bot)
        bot.save()


def backwards(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for bot in User.objects.filter(bot_key__startswith=f"{GAME}:"):
        bot.username = f"bot-{bot.bot_key.split(':', 1)[1]}"
        bot.bot_key = None
        bot.save(update_fields=["username", "bot_key"])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_bot_key_and_name_keys")]

    operations = [migrations.RunPython(forwards, backwards)]
