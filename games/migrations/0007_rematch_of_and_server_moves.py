import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Min


def server_steps_apart(apps, schema_editor):
    """Server steps (the next deal) were stored as the turn timer's moves. A server step is what
    starts every round after the first (its move is the new round's first): mark those as the
    server's, so that "timer" means only moves played for a player whose time ran out."""
    Move = apps.get_model("games", "Move")
    Round = apps.get_model("games", "Round")
    firsts = (
        Round.objects.filter(number__gt=1)
        .annotate(first_seq=Min("moves__seq"))
        .values_list("match_id", "first_seq")
    )
    for match_id, seq in firsts.iterator():
        if seq is not None:
            Move.objects.filter(match_id=match_id, seq=seq, actor="timer").update(actor="server")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_seat_turns"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="rematch_of",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="rematches",
                to="games.match",
            ),
        ),
        migrations.AlterField(
            model_name="move",
            name="actor",
            field=models.CharField(
                choices=[
                    ("player", "player"),
                    ("bot", "bot"),
                    ("timer", "turn timer"),
                    ("server", "server"),
                ],
                default="player",
                max_length=10,
            ),
        ),
        migrations.RunPython(server_steps_apart, migrations.RunPython.noop),
    ]
