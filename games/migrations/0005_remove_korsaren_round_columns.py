
from django.db import migrations


def restore(apps, schema_editor):
    """Going back: the columns again, from the setup and the result."""
    Round = apps.get_model("games", "Round")
    for rnd in Round.objects.iterator(chunk_size=2000):
        rnd.dealer = rnd.setup["dealer"]
        rnd.penalties_before = rnd.setup["penalties"]
        rnd.closer = (rnd.result or {}).get("closer")
        rnd.save(update_fields=["dealer", "penalties_before", "closer"])


class Migration(migrations.Migration):
    dependencies = [("games", "0004_round_setup_is_last")]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, restore),
        migrations.RemoveField(model_name="round", name="closer"),
        migrations.RemoveField(model_name="round", name="dealer"),
        migrations.RemoveField(model_name="round", name="is_last"),
        migrations.RemoveField(model_name="round", name="penalties_before"),
    ]
