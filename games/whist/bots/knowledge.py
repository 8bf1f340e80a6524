"""What a seat knows, read from its own view only (WH12): its hand, the cards gone, the turned-up
card still in the dealer's hand (WH4), and the voids shown by failures to follow suit (WH5)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import FULL, mask_of, suit_index, to_int


@dataclass
class Knowledge:
    seat: int
    trump: int  # suit index, -1 for no trump
    hand: int  # mask of the seat's own cards
    legal: list[int]
    leader: int  # who led the current trick
    trick: list[int]  # the current trick's cards, from the leader on
    gone: int  # mask of every card played in this deal, the current trick's included
    voids: list[int]  # per seat, a mask of suits (bit s) it has shown it lacks
    known: list[int]  # per seat, cards known to be in its hand (the turned-up card)
    sizes: list[int]  # cards per hand
    tricks: list[int]  # won per team in this deal
    partner_leads: list[int]  # suits the partner led to a trick, in order

    @property
    def unseen(self) -> int:
        """Cards in the other hands that this seat cannot place."""
        known = 0
        for m in self.known:
            known |= m
        return FULL & ~self.hand & ~self.gone & ~known

    @property
    def in_play(self) -> int:
        """Every card not yet played: in some hand."""
        return FULL & ~self.gone


def read(view: dict) -> Knowledge:
    seat = view["seat"]
    voids = [0, 0, 0, 0]
    gone = 0
    partner_leads = []
    tricks = [t["cards"] for t in view["played"]] + [view["trick"]]
    for cards in tricks:
        if not cards:
            continue
        led = to_int(cards[0]["card"]) // 13
        if cards[0]["seat"] == (seat + 2) % 4:
            partner_leads.append(led)
        for entry in cards:
            card = to_int(entry["card"])
            gone |= 1 << card
            if card // 13 != led:
                voids[entry["seat"]] |= 1 << led
    known = [0, 0, 0, 0]
    if view["turned_up"] is not None and view["dealer"] != seat:
        known[view["dealer"]] = 1 << to_int(view["turned_up"])
    return Knowledge(
        seat=seat,
        trump=suit_index(view["trump"]),
        hand=mask_of(view["hand"]),
        legal=[to_int(c) for c in view["legal"]],
        leader=view["leader"],
        trick=[to_int(e["card"]) for e in view["trick"]],
        gone=gone,
        voids=voids,
        known=known,
        sizes=list(view["hand_sizes"]),
        tricks=list(view["tricks"]),
        partner_leads=partner_leads,
    )
