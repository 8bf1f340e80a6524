"""Announcements and refusals (DK10): the calls, who may make them and their deadlines.

A party's level is the highest call it has made (0 none, 1 Re/Kontra, 2 no 90, 3 no 60, 4 no 30,
5 black). Deadlines count the cards the caller himself has played, shifted by s in a wedding
(DK10.6).
"""

from __future__ import annotations

from .state import PLAY, Deal, other

REFUSALS = ("no90", "no60", "no30", "black")  # DK10.1, levels 2 to 5
CALLS = ("re", "kontra", *REFUSALS)


def call_name(party: str, level: int) -> str:
    return party if level == 1 else REFUSALS[level - 2]


def call_level(call: str) -> int:
    return 1 if call in ("re", "kontra") else REFUSALS.index(call) + 2


def calls_open(deal: Deal) -> bool:
    """DK10.3: once the contract is settled, in a wedding only after its clarification trick,
    and never after the last card."""
    if deal.phase != PLAY:
        return False
    return deal.contract not in ("wedding",) or deal.clarification_trick is not None


def calls_for(deal: Deal, party: str, played: int) -> list[str]:
    """The calls a member of `party` who has played `played` cards may make now, lowest level
    first (DK10.4 deadlines, DK10.5 skipping, DK10.7 the reply)."""
    if not calls_open(deal) or deal.late_reply[party]:
        return []  # DK10.7: after a late reply no further call
    level, theirs, s = deal.levels[party], deal.levels[other(party)], deal.wedding_shift
    if level >= 5:
        return []
    if played <= level + 1 + s:  # DK10.5: the deadline of the lowest level not yet called
        return [call_name(party, n) for n in range(level + 1, 6)]
    if level == 0 and theirs >= 1 and played <= theirs + s + 1:  # DK10.7: the reply
        return [party]
    return []


def legal_calls(deal: Deal, seat: int) -> list[str]:
    party = deal.parties[seat]
    if party is None:
        return []
    return calls_for(deal, party, deal.cards_played(seat))


def could_call(deal: Deal, seat: int, public_party: str | None) -> bool:
    """Whether `seat` might have a call by public knowledge alone (Status.optional): its party
    if that is public, else either party."""
    parties = [public_party] if public_party else ["re", "kontra"]
    return any(calls_for(deal, p, deal.cards_played(seat)) for p in parties)


def record_call(deal: Deal, seat: int, call: str) -> None:
    """Apply a legal call to `deal` (a copy the caller owns)."""
    party = deal.parties[seat]
    if deal.levels[party] == 0 and deal.cards_played(seat) > 1 + deal.wedding_shift:
        deal.late_reply[party] = True  # DK10.7: a reply after the own deadline
    deal.levels[party] = call_level(call)
    deal.calls.append({"seat": seat, "call": call, "party": party})
