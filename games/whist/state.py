"""The whole state of a Whist match (one rubber, WH10), secrets included, and its JSON form.

Only `view()` decides what of it a seat may see. States are never changed in place: `apply()`
works on `Match.copy()`, so any state a caller holds stays valid.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

# Match phases: a deal in play, a deal scored and the next not dealt yet, the rubber over.
PLAY, BETWEEN_DEALS, RUBBER_OVER = "play", "between_deals", "rubber_over"

TARGETS = {"short": 5, "long": 10, "american": 7}  # WH8: points that win a game
HONOUR_COUNT = {"short": 4, "long": 5, "american": 0}  # WH7: A K Q J (10) of trumps, or none


def team_of(seat: int) -> int:
    """WH1: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return seat % 2


@dataclass
class Deal:
    round: int  # 1-based count of deals in this match (Status.round)
    number: int  # deals before it in this rubber (WH4: the fixed trump orders count from 0)
    dealer: int
    trump: str | None  # the trump suit, None in a no-trump deal
    trump_card: str | None  # turn_up: the turned-up card; second_pack: the drawn card
    dealt: list[list[str]]  # per seat, the hands as dealt (or as a scenario gave them)
    hands: list[list[str]]  # per seat, the cards still held
    honours_held: list[int]  # per team, WH7 ([0, 0] when honours do not count)
    leader: int  # who led (or leads) the current trick
    trick: list[str] = field(default_factory=list)  # the current trick, from the leader on
    tricks: list[int] = field(default_factory=lambda: [0, 0])  # won per team in this deal
    played: list[dict] = field(default_factory=list)  # completed tricks: leader, cards, winner
    score_before: dict = field(default_factory=dict)  # the rubber's score when it was dealt
    result: dict | None = None  # once scored (scoring.score_deal)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.__dict__.update(self.__dict__)
        d.dealt = [h[:] for h in self.dealt]
        d.hands = [h[:] for h in self.hands]
        d.honours_held = self.honours_held[:]
        d.trick = self.trick[:]
        d.tricks = self.tricks[:]
        d.played = self.played[:]  # completed tricks are never changed
        return d


@dataclass
class Match:
    options: dict  # variant, trump, after_rubber (WH11), plus cut and first_dealer (WH3, WH10)
    seed: str | None  # None for a match built from explicit deals (a scenario)
    cut: dict | None  # WH3: {"cards": per lobby place, "seats": per lobby place} or None
    first_dealer: int  # F, the rubber's first dealer (WH10)
    deal: Deal
    phase: str = PLAY
    points: list[int] = field(default_factory=lambda: [0, 0])  # in the game in progress
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    game_points: list[int] = field(default_factory=lambda: [0, 0])  # WH9 values of games won
    completed_games: list[dict] = field(default_factory=list)  # winner, points, value
    sheet: list[dict] = field(default_factory=list)  # the score sheet: one line per scored deal
    winner: int | None = None  # the team that won the rubber

    @property
    def variant(self) -> str:
        return self.options["variant"]

    @property
    def target(self) -> int:
        return TARGETS[self.variant]

    @property
    def over(self) -> bool:
        return self.phase == RUBBER_OVER

    def copy(self) -> Match:
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.deal = self.deal.copy()
        m.points = self.points[:]
        m.games_won = self.games_won[:]
        m.game_points = self.game_points[:]
        m.completed_games = self.completed_games[:]
        m.sheet = self.sheet[:]
        return m

    def score(self) -> dict:
        """The rubber's score as a scenario's setup states it."""
        return {
            "points": self.points[:],
            "games_won": self.games_won[:],
            "game_points": self.game_points[:],
        }

    def rubber_points(self) -> list[int] | None:
        """WH9: when over, the games' values plus 2 for the rubber's winners."""
        if self.winner is None:
            return None
        return [p + 2 * (team == self.winner) for team, p in enumerate(self.game_points)]

    def rubber_value(self) -> int | None:
        points = self.rubber_points()
        if points is None:
            return None
        return points[self.winner] - points[1 - self.winner]

    def next_rubber(self) -> dict | None:
        """WH10: the next rubber's first dealer, and the two seats whose players swap places
        (change_partners; [] for a return rubber)."""
        if not self.over:
            return None
        f = self.first_dealer
        swap = []
        if self.options["after_rubber"] == "change_partners":
            swap = sorted([(f + 2) % 4, (f + 3) % 4])
        return {"dealer": (f + 1) % 4, "swap": swap}

    def to_dict(self) -> dict:
        data = {**self.__dict__, "deal": self.deal.__dict__}
        return json.loads(json.dumps(data))  # a deep copy, and plain JSON

    @classmethod
    def from_dict(cls, data: dict) -> Match:
        data = json.loads(json.dumps(data))  # the state shares nothing with the caller's dict
        data["deal"] = Deal(**data["deal"])
        return cls(**data)
