import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def point_at_the_last_round(apps, schema_editor):
    """Every match points at its last round (the one in play, for a match being played)."""
    Match = apps.get_model("games", "Match")
    Round = apps.get_model("games", "Round")
    last = Round.objects.filter(match=OuterRef("pk")).order_by("-number").values("pk")[:1]
    Match.objects.update(current_round=Subquery(last))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_match_draw_seats"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="current_round",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="games.round",
            ),
        ),
        migrations.RunPython(point_at_the_last_round, migrations.RunPython.noop),
    ]
