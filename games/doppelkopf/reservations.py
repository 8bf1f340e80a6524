"""The reservations before the first card (DK5), compulsory and forced solos (DK6), and how the
contract and the parties follow from them (DK7)."""

from __future__ import annotations

from .state import Deal

SOLOS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleischlos")  # DK7.4
RESERVATIONS = ("healthy", "wedding", *SOLOS)  # DK5


def legal_reservations(hand: list[str]) -> list[str]:
    """DK5: healthy, a wedding only with both queens of clubs, any of the seven solos."""
    wedding = ["wedding"] if hand.count("QC") == 2 else []
    return ["healthy", *wedding, *SOLOS]


def forced_seat(dealer: int, owed: list[bool], compulsory_option: bool, left: int) -> int | None:
    """DK6: the seat that must play a forced solo in this deal, or None. `left` counts the
    counting deals still to play, this one included."""
    if not compulsory_option or not any(owed) or sum(owed) != left:
        return None
    # counting from the dealer's left, the dealer last
    return next(s for s in ((dealer + i) % 4 for i in range(1, 5)) if owed[s])


def settle(deal: Deal, owed: list[bool], compulsory_option: bool) -> None:
    """DK5's priority once all four have declared: a compulsory solo, a solo, a wedding, else a
    normal game or a silent wedding. Sets the contract, the parties and the first leader."""
    order = [(deal.vorhand + i) % 4 for i in range(4)]
    soloists = [s for s in order if deal.reservations[s] in SOLOS]
    compulsory = [s for s in soloists if compulsory_option and owed[s]]
    deal.leader = deal.vorhand  # DK9
    if soloists:
        seat = (compulsory or soloists)[0]
        start_solo(deal, seat, deal.reservations[seat], bool(compulsory))
        return
    holders = [s for s in range(4) if deal.dealt[s].count("QC") == 2]
    if "wedding" in deal.reservations:
        seat = deal.reservations.index("wedding")
        deal.contract, deal.declarer = "wedding", seat
        # DK7.2: only the bridegroom's party is known until the clarification trick
        deal.parties = ["re" if s == seat else None for s in range(4)]
    elif holders:  # DK7.3: he declared healthy
        deal.contract, deal.solo, deal.declarer = "silent_wedding", "diamonds", holders[0]
        deal.parties = ["re" if s == holders[0] else "kontra" for s in range(4)]
    else:  # DK7.1: the two holders of a queen of clubs are Re
        deal.contract = "normal"
        deal.parties = ["re" if "QC" in deal.dealt[s] else "kontra" for s in range(4)]


def start_solo(deal: Deal, seat: int, kind: str, compulsory: bool) -> None:
    """DK7.4: the soloist alone is Re; a compulsory solo is led by the soloist (DK6, DK9)."""
    deal.contract, deal.solo, deal.declarer = "solo", kind, seat
    deal.compulsory = compulsory
    deal.parties = ["re" if s == seat else "kontra" for s in range(4)]
    deal.leader = seat if compulsory else deal.vorhand
