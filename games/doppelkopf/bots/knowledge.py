"""What a bot reads from its own view (DK17): its hand, the trick, the calls, and what follows
from them. Bots have no memory between moves (the protocol passes only the view), and the view
shows the current and the last trick only, so that is all a bot can count."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import pack
from ..trumps import card_class, is_trump, strengths

SOLO_LIKE = ("solo", "silent_wedding", "wedding_solo")


@dataclass
class Knowledge:
    seat: int
    hand: list[str]
    kind: str  # the trump order in force (trumps.ORDER_KINDS)
    contract: str | None
    party: str | None
    parties: list[str | None]  # as far as this seat can tell
    trick: list[tuple[int, str]]  # (seat, card) in play order
    leader: int
    legal: list[str]
    hand_sizes: list[int]
    unseen: Counter  # cards neither in the hand nor on the table now nor in the last trick
    voids: list[set[str]]  # classes a seat showed out of in the current or last trick
    levels: dict
    tricks_played: int
    cards_per_hand: int

    def trumps(self, cards=None) -> list[str]:
        return [c for c in (self.hand if cards is None else cards) if is_trump(c, self.kind)]

    def strength(self, card: str) -> int:
        return strengths(self.kind)[card]

    def cls(self, card: str) -> str:
        return card_class(card, self.kind)

    def partners(self) -> list[int]:
        return [
            s for s in range(4) if s != self.seat and self.party and self.parties[s] == self.party
        ]

    def is_partner(self, seat: int) -> bool:
        return seat == self.seat or (self.party is not None and self.parties[seat] == self.party)

    def is_opponent(self, seat: int) -> bool:
        return self.parties[seat] is not None and self.parties[seat] != self.party


def known_parties(view: dict) -> list[str | None]:
    """Every seat's party as far as the view tells (contract, calls, queens of clubs seen, and
    counting: Re has two members in a normal game or a wedding, one in a solo)."""
    seat, contract = view["seat"], view["contract"]
    parties: list[str | None] = [None] * 4
    if contract is None:
        return parties
    parties[seat] = view["party"]
    solo_like = contract in SOLO_LIKE
    if solo_like or (contract == "wedding" and view["clarification_trick"]):
        re = {view["declarer"], view["wedding_partner"]} - {None}
        return ["re" if s in re else "kontra" for s in range(4)]
    if contract == "wedding":
        parties[view["declarer"]] = "re"
    for call in view["calls"]:
        parties[call["seat"]] = call["party"]
    if contract == "normal":
        tricks = [view["trick"]] + ([view["last_trick"]["cards"]] if view["last_trick"] else [])
        for cards in tricks:
            for played in cards:
                if played["card"] == "QC":
                    parties[played["seat"]] = "re"
    if contract in ("normal", "wedding") and view["party"] is not None:
        for party, size in (("re", 2), ("kontra", 2)):
            if parties.count(party) == size:
                other = "kontra" if party == "re" else "re"
                parties = [p or other for p in parties]
    return parties


def read(view: dict) -> Knowledge:
    nines = view["options"]["nines"]
    kind = view["solo"] or "diamonds"
    hand = list(view["hand"])
    trick = [(t["seat"], t["card"]) for t in view["trick"]]
    seen = Counter(hand) + Counter(c for _, c in trick)
    voids: list[set[str]] = [set() for _ in range(4)]
    tricks = [trick]
    if view["last_trick"]:
        last = [(t["seat"], t["card"]) for t in view["last_trick"]["cards"]]
        tricks.append(last)
        seen += Counter(c for _, c in last)
    for cards in tricks:
        if not cards:
            continue
        led = card_class(cards[0][1], kind)
        for s, c in cards[1:]:
            if card_class(c, kind) != led:
                voids[s].add(led)
    unseen = Counter(pack(nines)) - seen
    return Knowledge(
        seat=view["seat"],
        hand=hand,
        kind=kind,
        contract=view["contract"],
        party=view["party"],
        parties=known_parties(view),
        trick=trick,
        leader=view["leader"],
        legal=list(view["legal"]["cards"]),
        hand_sizes=list(view["hand_sizes"]),
        unseen=unseen,
        voids=voids,
        levels=dict(view["levels"]),
        tricks_played=view["tricks_played"],
        cards_per_hand=12 if nines else 10,
    )
