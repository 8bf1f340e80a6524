"""Games become plug-ins: a match names its game and options, a seat has a generic score and a
team, a round a generic setup (Korsaren's deal, which keeps its own keys) and a void flag,
ratings are per user and game. Korsaren's penalty cards move to its own app (same table).
Every existing row is Korsaren's."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_bot_seats_to_bot_accounts"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="game",
            field=models.CharField(
                db_index=True, default="korsaren", max_length=32, verbose_name="game"
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="match",
            name="options",
            field=models.JSONField(blank=True, default=dict, verbose_name="options"),
        ),
        migrations.AlterField(
            model_name="match",
            name="seat_count",
            field=models.PositiveSmallIntegerField(default=2, verbose_name="players"),
        ),
        migrations.RenameField(model_name="seat", old_name="penalty_count", new_name="score"),
        migrations.AlterField(
            model_name="seat", name="score", field=models.FloatField(default=0)
        ),
        migrations.AddField(
            model_name="seat",
            name="team",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RenameField(model_name="round", old_name="deal", new_name="setup"),
        migrations.RenameField(model_name="round", old_name="annulled", new_name="void"),
        migrations.AlterField(
            model_name="rating",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ratings",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="rating",
            name="game",
            field=models.CharField(default="korsaren", max_length=32),
            preserve_default=False,
        ),
        migrations.AlterField(model_name="rating", name="score", field=models.FloatField()),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                fields=("user", "game"), name="one_rating_per_game"
            ),
        ),
        migrations.AddIndex(
            model_name="rating",
            index=models.Index(fields=["game", "-score"], name="leaderboard"),
        ),
        # The table stays; only the model moves (to games.korsaren.web: app label "korsaren").
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="PenaltyCard")],
        ),
    ]
