"""The whole state of a Mau Mau match (a series of games, MM2), secrets included, and its JSON.

Only `view()` decides what of it a seat may see. States are never changed in place by `apply()`:
it works on `Match.copy()`, so any state a caller holds stays valid.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

# Phases: a game (Einzelspiel) in play; a game over and the next not dealt yet; the match over.
PLAY, GAME_OVER, MATCH_OVER = "play", "game_over", "match_over"
LOG_SIZE = 24  # public events kept for the table (the record has the whole move log)


@dataclass
class Match:
    options: dict  # MM13, complete (game.OPTIONS)
    players: int
    seed: str | None  # None for a position built by the scenario runner
    round: int  # the game's number in the match, 1-based (Status.round)
    dealer: int
    hands: list[list[str]]
    stock: list[str]  # top (next drawn) first
    discard: list[str]  # bottom first, top (the card to match) last
    to_move: int | None = None  # None once the game is over
    direction: int = 1  # 1 clockwise (increasing seat), -1 anticlockwise
    wish: str | None = None  # MM6: the wished suit while a jack is on top
    pending: int = 0  # MM6: cards the player to move must draw for 7s
    places: list[int] = field(default_factory=list)  # MM11: seats gone out, in order
    phase: str = PLAY
    scores: list[int] = field(default_factory=list)  # MM12: wins or penalty points
    match_winners: list[int] = field(default_factory=list)
    reshuffles: int = 0  # MM8: in this game
    restock: list[str] = field(default_factory=list)  # the last reshuffle's cards, sorted (public)
    mau_missed: list[int] = field(default_factory=list)  # MM9: penalties per seat in this game
    log: list[dict] = field(default_factory=list)  # the latest public events of this game
    actions: int = 0  # actions applied in this match (game.MAX_ACTIONS)
    void: bool = False  # the game in play was cut off by the match's action limit
    result: dict | None = None  # once the game is over (round_result)
    setup: dict = field(default_factory=dict)  # the game as it began (round_setup)
    # scenario runner (no seed): the reshuffle orders given in advance (MM8)
    orders: list[list[str]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.phase == MATCH_OVER

    def in_game(self) -> list[int]:
        """MM11: the seats still holding cards."""
        return [s for s in range(self.players) if self.hands[s]]

    def next_seat(self, seat: int) -> int:
        """MM4: the next seat in the current direction that still holds cards (players who have
        gone out are passed over); `seat` itself when nobody else holds cards."""
        n = self.players
        s = seat
        for _ in range(n):
            s = (s + self.direction) % n
            if self.hands[s]:
                return s
        return seat

    def copy(self) -> Match:
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.hands = [h[:] for h in self.hands]
        m.stock = self.stock[:]
        m.discard = self.discard[:]
        m.places = self.places[:]
        m.scores = self.scores[:]
        m.match_winners = self.match_winners[:]
        m.mau_missed = self.mau_missed[:]
        m.log = self.log[:]  # events are never changed once logged; restock, setup, orders
        return m  # and result are replaced, never changed

    def add_event(self, event: dict) -> None:
        self.log.append(event)
        if len(self.log) > LOG_SIZE:
            del self.log[0]

    def to_dict(self) -> dict:
        return json.loads(json.dumps(self.__dict__))  # a deep copy, and plain JSON

    @classmethod
    def from_dict(cls, data: dict) -> Match:
        return cls(**json.loads(json.dumps(data)))  # shares nothing with the caller's dict
