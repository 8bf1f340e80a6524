"""Seats a bot was added to belong to that bot's account (issue 15).

Before bots had keys, a person who registered "bot-<level>" first was given every seat of that
level: the seats of tables not over yet go to the bot's real account. (Finished matches keep
their record; a moderator may void their ratings.)
"""

from django.db import migrations


def forwards(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    User = apps.get_model("accounts", "User")
    seats = Seat.objects.filter(
        match__status__in=["open", "active"], abandoned=False, user__is_bot=False
    ).exclude(bot_level="")
    for seat in seats:
        bot = User.objects.filter(is_bot=True, bot_key=f"korsaren:{seat.bot_level}").first()
        if bot is not None:
            seat.user = bot
            seat.save(update_fields=["user"])


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial"), ("accounts", "0003_bot_accounts")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
