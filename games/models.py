"""Tables and matches of every game (README, "Design").

A Match is a table from the moment it is opened in the lobby: it names its game and options,
fills its seats, starts, and stores the engine's state (JSON, secrets included) with a version
that every applied action increments. Moves and rounds are the permanent record (a game may keep
more, as Korsaren's penalty cards); only games/services writes any of them. Nothing here names a
game: the engine of `Match.game` is found in games/registry.py.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        ACTIVE = "active", _("playing")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    class TurnTimer(models.IntegerChoices):
        SECONDS_30 = 30, _("30 seconds")
        MINUTE_1 = 60, _("1 minute")
        MINUTES_3 = 180, _("3 minutes")
        HOURS_24 = 86400, _("24 hours (slow play)")

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tables_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN, db_index=True)

    game = models.CharField(_("game"), max_length=32, db_index=True)  # a registry slug
    options = models.JSONField(_("options"), default=dict, blank=True)  # the engine's, resolved
    seat_count = models.PositiveSmallIntegerField(_("players"), default=2)
    turn_seconds = models.PositiveIntegerField(
        _("turn timer"), choices=TurnTimer, default=TurnTimer.MINUTE_1
    )
    rated = models.BooleanField(_("rated"), default=True)
    private = models.BooleanField(
        _("private"), default=False, help_text=_("Joined by its invite link only.")
    )
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    chat_spectators = models.BooleanField(
        _("spectators can read the chat"),
        default=True,
        help_text=_("Only the players can write; otherwise only they can read it too."),
    )

    # The seed stays secret until the match ends; its hash is shown from the start (verifiable).
    seed = models.CharField(max_length=128, blank=True)
    seed_sha256 = models.CharField(max_length=64, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    # The round in play (or the last one played): a move is stored with it without a lookup.
    current_round = models.ForeignKey(
        "Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # When the seats the game waits for run out of time (R10); null when nobody is timed.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # Set when a rated match's rating changes were applied: the order ratings replay in.
    rating_order = models.PositiveIntegerField(null=True, blank=True, unique=True)
    ratings_voided = models.BooleanField(default=False)  # by a moderator: the match counts no more
    notice = models.TextField(blank=True)  # shown on the table, e.g. why it was aborted
    # The finished match this table is the rematch of (games.services.rematch).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # The seats are drawn from the seed when the match starts (the creator chose no seat).
    draw_seats = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"#{self.pk} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.pk])

    @property
    def engine(self):
        """The game's engine (games/core/protocol.py)."""
        from games import registry

        return registry.engine(self.game)

    @property
    def presenter(self):
        """The game's presenter (games/plugin.py): its name and words."""
        from games import registry

        return registry.presenter(self.game)

    @property
    def options_text(self) -> list[str]:
        """The table's options in words (the lobby, the table and the record show them)."""
        return self.presenter.options_text(self.options)

    @property
    def engine_state(self):
        return self.engine.load(self.state)

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)


class Seat(models.Model):
    """A place at a table. A bot seat has `bot_level` set; so does a human's seat that a bot took
    over after three timeouts (R10), until the player takes it back."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    bot_level = models.CharField(max_length=20, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    team = models.PositiveSmallIntegerField(null=True, blank=True)  # partnerships (Whist)
    score = models.FloatField(default=0)  # the game's score as its status reports it
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)  # consecutive (R10)
    abandoned = models.BooleanField(default=False)
    # Whether the game waits for this seat (the protocol's Status.to_act), kept by
    # games/services/turns.py so that "waiting for you" is one indexed query across games:
    # since when, and the match version at which this turn began (one e-mail per turn).
    turn_since = models.DateTimeField(null=True, blank=True)
    turn_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "position"]
        indexes = [models.Index(fields=["user", "turn_since"], name="seat_turns")]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.position}: {self.user}"

    @property
    def is_bot_controlled(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_bot_seat(self) -> bool:
        """A bot's own seat (added as a bot), not a player's that a bot took over."""
        return bool(self.bot_level) and not self.abandoned


class Round(models.Model):
    """One round of a match (a deal; the whole game for games without rounds). `setup` is how it
    began, from the engine's round_setup (the deal or starting position: secret until the match
    is over), so any round can be exported and verified; `result` is what it came to
    (round_result), once it ended; `void` when it ended without a score."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    void = models.BooleanField(default=False)
    setup = models.JSONField()
    result = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_row_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/round {self.number}"


class Move(models.Model):
    """Every applied action, in order: the match's seed plus these replay it exactly."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        TIMER = "timer", _("turn timer")  # played for a seat whose time ran out (R10)
        STANDIN = "standin", _("bot standing in")  # a bot playing a person's seat it took over
        SERVER = "server", _("server")  # a step only the server takes (the next deal)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # the match version this move produced
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="moves")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    actor = models.CharField(max_length=10, choices=Actor, default=Actor.PLAYER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq}: {self.action}"


class Rating(models.Model):
    """A player's (or bot's) OpenSkill Plackett-Luce rating in one game. `score` is the
    conservative estimate mu - 3 sigma the leaderboard sorts by."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    score = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")]
        indexes = [models.Index(fields=["game", "-score"], name="leaderboard")]

    def __str__(self) -> str:
        return f"{self.user} in {self.game}: {self.score:.1f}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating (one row per player and match)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="one_rating_change_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.match_id}: {self.score_before:.1f} -> {self.score_after:.1f}"

    @property
    def score_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def score_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after


class RatingLedger(models.Model):
    """A single row whose lock serialises rating updates, so the order matches were rated in is
    one sequence (`Match.rating_order`) that a full recomputation can replay exactly."""

    last_order = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"ratings applied: {self.last_order}"


class ChatMessage(models.Model):
    """A line of a table's chat, kept with the match (and shown in its history)."""

    MAX_LENGTH = 300

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden = models.BooleanField(default=False, help_text=_("Hidden by a moderator."))

    class Meta:
        ordering = ["match", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"


class ChatMute(models.Model):
    """One player no longer sees another's chat messages (their own choice)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="muted_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"
