"""resample(): another state a seat cannot tell from the real one (the information-set check).

Everything the seat cannot see is drawn afresh: the unplayed cards of the other hands, the
other seats' losing reservations, and with them the secret parties (who holds the queens of
clubs) and whether a normal game is really a silent wedding; the seed (future deals). It stays
consistent with all the seat saw: its own hand, every card played and by whom, who could not
follow (DK9), the contract as it was announced, every call and its party (DK10.2).
"""

from __future__ import annotations

from random import Random

from .reservations import SOLOS, legal_reservations, settle
from .state import FINISHED, Deal, Match
from .trumps import card_class
from .views import public_contract, public_parties, reservation_seen

ATTEMPTS = 400


def voids(deal: Deal) -> list[set[str]]:
    """DK9: per seat, the classes it showed out of (it holds none of them any more)."""
    out: list[set[str]] = [set() for _ in range(4)]
    tricks = [(t["leader"], t["cards"]) for t in deal.played]
    if deal.trick:
        tricks.append((deal.leader, deal.trick))
    for leader, cards in tricks:
        led = card_class(cards[0], deal.order_kind)
        for i, card in enumerate(cards[1:], start=1):
            if card_class(card, deal.order_kind) != led:
                out[(leader + i) % 4].add(led)
    return out


def _played_by(deal: Deal) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(4)]
    tricks = [(t["leader"], t["cards"]) for t in deal.played]
    tricks.append((deal.leader, deal.trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            out[(leader + i) % 4].append(card)
    return out


def _deal_unknown(deal: Deal, seat: int | None, rng: Random) -> list[list[str]] | None:
    """The other seats' hands drawn afresh (same sizes, no card of a class they showed out of);
    None if this random attempt ran into a dead end."""
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in deal.hands[s]]
    rng.shuffle(pool)
    void = voids(deal)
    room = {s: len(deal.hands[s]) for s in others}
    hands = [deal.hands[s][:] if s == seat else [] for s in range(4)]
    kind = deal.order_kind
    # the most constrained cards first, so a dead end is rare
    pool.sort(key=lambda c: sum(card_class(c, kind) not in void[s] for s in others))
    for card in pool:
        fits = [s for s in others if room[s] and card_class(card, kind) not in void[s]]
        if not fits:
            return None
        s = rng.choice(fits)
        hands[s].append(card)
        room[s] -= 1
    return hands


def _priority(seat: int, reservation: str, deal: Deal, owed: list[bool], option: bool):
    """DK5's order of the reservations, as a sortable key (higher wins)."""
    position = (seat - deal.vorhand) % 4
    if reservation in SOLOS:
        return (3 if option and owed[seat] else 2, -position)
    return (1 if reservation == "wedding" else 0, -position)


def _rebuild(match: Match, seat: int | None, hands: list[list[str]], rng: Random) -> Deal | None:
    """The deal with these hands, its hidden reservations and parties redrawn; None if no
    consistent one was found in this attempt."""
    old = match.deal
    new = old.copy()
    played = _played_by(old)
    new.hands = [h[:] for h in hands]
    new.dealt = [hands[s] + played[s] for s in range(4)]
    owed, option = match.compulsory_owed, match.options["compulsory_solo"]
    winner = old.declarer if old.contract in ("solo", "wedding", "wedding_solo") else None
    for s in range(4):
        if s == seat or reservation_seen(old, seat, s) != "reservation":
            continue
        choices = [r for r in legal_reservations(new.dealt[s]) if r != "healthy"]
        if winner is not None:
            top = _priority(winner, old.reservations[winner], old, owed, option)
            choices = [r for r in choices if _priority(s, r, old, owed, option) < top]
        if not choices:
            return None
        new.reservations[s] = rng.choice(choices)
    if old.contract in ("wedding", "wedding_solo") and new.dealt[old.declarer].count("QC") != 2:
        return None
    if old.contract in ("normal", "silent_wedding"):
        fresh = new.copy()
        fresh.contract = fresh.solo = fresh.declarer = None
        settle(fresh, owed, option)
        new.contract, new.solo, new.declarer = fresh.contract, fresh.solo, fresh.declarer
        new.parties = fresh.parties
        if public_contract(new, seat) != public_contract(old, seat):
            return None
    if old.contract is not None and any(new.parties[c["seat"]] != c["party"] for c in old.calls):
        return None
    if public_parties(new) != public_parties(old):
        return None
    return new


def resample(match: Match, seat: int | None, rng: Random) -> Match:
    deal = match.deal
    out = match.copy()
    out.seed = None if match.seed is None else f"{rng.getrandbits(256):064x}"
    if deal.phase == FINISHED:
        return out  # DK17: after the deal nothing of it is secret
    for _ in range(ATTEMPTS):
        hands = _deal_unknown(deal, seat, rng)
        if hands is None:
            continue
        rebuilt = _rebuild(match, seat, hands, rng)
        if rebuilt is not None:
            out.deal = rebuilt
            return out
    return out  # the real deal is one the seat cannot tell apart either
