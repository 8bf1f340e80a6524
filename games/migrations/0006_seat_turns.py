from django.conf import settings
from django.db import migrations, models


def mark_current_turns(apps, schema_editor):
    """The seats that active matches wait for now, from each game's status (issue 21)."""
    from games import registry

    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    for match in Match.objects.filter(status="active").exclude(state=None).iterator():
        try:
            engine = registry.engine(match.game)
        except LookupError:  # a game no longer installed: its tables wait for nobody
            continue
        status = engine.status(engine.load(match.state))
        if status.over:
            continue
        Seat.objects.filter(match=match, position__in=list(status.to_act)).update(
            turn_since=match.updated_at, turn_version=match.version
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_remove_korsaren_round_columns"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="turn_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="turn_version",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(fields=["user", "turn_since"], name="seat_turns"),
        ),
        migrations.RunPython(mark_current_turns, migrations.RunPython.noop),
    ]
