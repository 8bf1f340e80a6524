"""What Korsaren keeps beyond the platform's record."""

from django.db import models

from games.plugin import Match, Round


class PenaltyCard(models.Model):
    """A card that left the deck for the rest of the match (R7, R8). Written when a round is
    scored (KorsarenPresenter.on_round_end, called by games/services)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="penalty_cards")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="penalty_cards")
    seat = models.PositiveSmallIntegerField()
    card = models.CharField(max_length=12)

    class Meta:
        db_table = "games_penaltycard"  # kept from before games became plug-ins
        ordering = ["match", "round", "seat", "card"]
        constraints = [
            models.UniqueConstraint(fields=["match", "card"], name="penalty_card_once_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.seat}: {self.card}"
