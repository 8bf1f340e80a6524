"""Korsaren's penalty cards, in the table they always had (games_penaltycard): the model moved
here from the platform's app, the data did not move."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [("games", "0003_games_as_plugins")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="PenaltyCard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("seat", models.PositiveSmallIntegerField()),
                        ("card", models.CharField(max_length=12)),
                        (
                            "match",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="penalty_cards",
                                to="games.match",
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="penalty_cards",
                                to="games.round",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_penaltycard",
                        "ordering": ["match", "round", "seat", "card"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("match", "card"), name="penalty_card_once_per_match"
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
