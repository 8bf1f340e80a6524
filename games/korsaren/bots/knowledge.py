"""What one seat knows, read from its view alone (RULES.md R3, R10).

A seat sees its own hand, the pier, the whole discard pile, the closer's lay-down once they set
sail, and this round's public log: cards drawn from the pier or the discard pile were face up, so
the seat knows who holds them until they are discarded again. Every other card is unknown: in an
opponent's hand, in the stock, or out of play as a penalty card of an earlier round (R8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.korsaren import ALL_CARDS

from .hands import COLOUR_OF, colour_id, ids


@dataclass
class Knowledge:
    seat: int
    players: int
    hand: list[int]
    pier: list[int]  # first (takeable) card first
    pier_colour: int
    discard: list[int]  # bottom first
    stock_count: int
    hand_counts: list[int]
    penalties: list[int]
    turns: int  # draws made so far this round, by everyone
    must_sail: bool  # this seat drew the last stock card (R4)
    is_last_round: bool
    # Per seat: cards known to be in that hand (drawn face up, not discarded since).
    known: list[set[int]] = field(default_factory=list)
    # Per seat: how many cards it drew blind from the stock this round.
    stock_draws: list[int] = field(default_factory=list)
    # Per seat: colours it took face up this round, and colours it threw away (hints of a crew).
    taken_colours: list[list[int]] = field(default_factory=list)
    discarded_colours: list[list[int]] = field(default_factory=list)
    laid_down: set[int] = field(default_factory=set)  # cards in visible lay-downs

    def unknown_cards(self) -> list[int]:
        """Every card this seat cannot place: other hands' unknown cards, the stock, and the
        penalty cards of earlier rounds."""
        seen = set(self.hand) | set(self.pier) | set(self.discard) | self.laid_down
        for cards in self.known:
            seen |= cards
        return [c for c in range(len(ALL_CARDS)) if c not in seen]

    def unknown_in_hand(self, seat: int) -> int:
        return self.hand_counts[seat] - len(self.known[seat])

    def out_of_play(self) -> int:
        """How many unknown cards are penalty cards of earlier rounds (out of the deck)."""
        in_hands = sum(self.unknown_in_hand(s) for s in range(self.players) if s != self.seat)
        return len(self.unknown_cards()) - in_hands - self.stock_count

    def opponents(self) -> list[int]:
        return [(self.seat + i) % self.players for i in range(1, self.players)]


def read_view(view: dict) -> Knowledge:
    seat, players = view["seat"], view["players"]
    known: list[set[int]] = [set() for _ in range(players)]
    taken: list[list[int]] = [[] for _ in range(players)]
    thrown: list[list[int]] = [[] for _ in range(players)]
    turns = 0
    stock_draws = [0] * players
    for entry in view["log"]:
        s, action = entry["seat"], entry["action"]
        if action == "draw":
            turns += 1
            stock_draws[s] += entry["from"] == "stock"
            card = entry.get("card")
            if card is not None and s != seat:
                known[s].add(ids([card])[0])
                if entry["from"] != "stock":
                    taken[s].append(COLOUR_OF[ids([card])[0]])
        elif action in ("discard", "sail"):
            card = ids([entry["card"]])[0]
            known[s].discard(card)
            thrown[s].append(COLOUR_OF[card])
    laid_down: set[int] = set()
    for s, laydown in enumerate(view["laydowns"]):
        if laydown:
            cards = [*laydown["prisoners"], *laydown["crew"], *laydown["stowaways"]]
            laid_down |= set(ids([*cards, *laydown["attached"]]))
            known[s] = set()  # a hand laid down is empty
    for s, count in enumerate(view["hand_counts"]):
        if count == 0:
            known[s] = set()  # laid down (perhaps unseen, R6): those cards are no hand's now
    return Knowledge(
        seat=seat,
        players=players,
        hand=ids(view["hand"] or []),
        pier=ids(view["pier"]),
        pier_colour=colour_id(view["pier_colour"]),
        discard=ids(view["discard"]),
        stock_count=view["stock_count"],
        hand_counts=list(view["hand_counts"]),
        penalties=list(view["penalties"]),
        turns=turns,
        must_sail=view["must_sail"],
        is_last_round=view["is_last_round"],
        known=known,
        stock_draws=stock_draws,
        taken_colours=taken,
        discarded_colours=thrown,
        laid_down=laid_down,
    )
