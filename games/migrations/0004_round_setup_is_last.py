"""Korsaren's rounds keep whether they were the last round (R8) in their setup, as its engine's
round_setup() states it; the columns that only Korsaren had go in the next migration (their
values are in the setup and the result already: dealer and penalties in the deal, the closer in
the result)."""

from django.db import migrations


def into_setup(apps, schema_editor):
    Round = apps.get_model("games", "Round")
    for rnd in Round.objects.only("id", "setup", "is_last").iterator(chunk_size=2000):
        rnd.setup = {**rnd.setup, "is_last": rnd.is_last}
        rnd.save(update_fields=["setup"])


def out_of_setup(apps, schema_editor):
    Round = apps.get_model("games", "Round")
    for rnd in Round.objects.only("id", "setup").iterator(chunk_size=2000):
        setup = dict(rnd.setup)
        rnd.is_last = setup.pop("is_last", False)
        rnd.setup = setup
        rnd.save(update_fields=["setup", "is_last"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_games_as_plugins")]

    operations = [migrations.RunPython(into_setup, out_of_setup)]
