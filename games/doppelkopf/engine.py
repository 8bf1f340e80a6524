"""The Doppelkopf rules engine: dealing, reservations, calls, tricks, and applying actions.

Actions are plain dicts carrying the seat:
    {"seat": s, "action": "reserve", "reservation": r}   DK5 (or naming a forced solo, DK6)
    {"seat": s, "action": "announce", "call": c}         DK10, also out of turn (optional move)
    {"seat": s, "action": "play", "card": "10H"}         DK9
    {"seat": d, "action": "deal"}                        the server's step between deals: the
                                                         next dealer d deals from the seed

Randomness (games.core.rng streams of the match seed, public labels):
    "dealer"      the first dealer (DK3): seat = the stream's first number below 4
    "deal-<n>"    the n-th deal of the match (n = 1, 2, ...; Status.round): the pack in sort
                  order (cards.pack) shuffled; card i goes to seat dealer + 1 + i (DK4 Decided)

IllegalAction codes (params), with the rule section:
    not_your_turn        (seat, to_move)   another seat is to declare or to play      DK5, DK9
    not_now              (phase)           the action does not belong to this phase    DK5, DK9
    deal_over            ()                the deal is scored                          DK14
    match_over           ()                the match is over                           DK3
    wedding_needs_queens ()                a wedding without both queens of clubs      DK5
    must_name_solo       ()                a forced soloist must name a solo           DK6
    card_not_held        (card)            the seat does not hold that card            DK9
    must_follow          (led)             the seat holds a card of the led class      DK9
    calls_not_open       ()                before the contract, or a wedding's
                                           clarification trick, or after the deal      DK10.3
    wrong_party          (call)            Re/Kontra only by that party's members      DK10.2
    already_called       (call)            the party already has that level            DK10.1
    no_more_calls        ()                the party replied late                      DK10.7
    too_late             (call)            the deadline has passed                     DK10.4
MalformedAction: not a dict, no integer seat 0-3, an unknown verb, card, reservation or call.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.rng import Stream, shuffled

from . import announcements as ann
from .cards import is_card, pack
from .reservations import RESERVATIONS, SOLOS, forced_seat, legal_reservations, settle, start_solo
from .scoring import score_deal
from .state import FINISHED, FORCED_SOLO, PLAY, Deal, Match
from .state import RESERVATIONS as RESERVING
from .trumps import card_class, is_trump, legal_cards, low_key, winning_index

VERBS = ("reserve", "announce", "play", "deal")


# --- Dealing ------------------------------------------------------------------------------------


def first_dealer(seed: str) -> int:
    return Stream(seed, "dealer").below(4)  # DK3 Decided


def dealt_from_seed(seed: str, round_: int, dealer: int, nines: bool) -> list[list[str]]:
    cards = shuffled(pack(nines), seed, f"deal-{round_}")
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, card in enumerate(cards):
        hands[(dealer + 1 + i) % 4].append(card)
    return hands


def start_deal(match: Match, hands: list[list[str]], round_: int, dealer: int) -> None:
    """Put a deal in play in `match` (a copy the caller owns): the reservations, or a forced
    solo (DK6)."""
    deal = Deal(
        round=round_,
        dealer=dealer,
        dealt=[h[:] for h in hands],
        hands=[h[:] for h in hands],
        before={
            "scores": match.scores[:],
            "deals_played": match.deals_played,
            "compulsory_owed": match.compulsory_owed[:],
        },
    )
    deal.leader = deal.vorhand
    left = match.options["deals"] - match.deals_played
    forced = forced_seat(dealer, match.compulsory_owed, match.options["compulsory_solo"], left)
    if forced is not None:
        deal.phase, deal.forced, deal.declarer, deal.compulsory = FORCED_SOLO, True, forced, True
        deal.leader = forced  # DK6: he will lead the first trick
    match.deal = deal


def new_match(seed: str, options: dict) -> Match:
    """A match at its start, the first deal made. `options` are complete (game.OPTIONS)."""
    dealer = first_dealer(seed)
    owed = [bool(options["compulsory_solo"])] * 4
    match = Match(options=dict(options), seed=seed, deal=None, compulsory_owed=owed)
    start_deal(match, dealt_from_seed(seed, 1, dealer, options["nines"]), 1, dealer)
    return match


def next_dealer(match: Match) -> int | None:
    """DK3: the next seat, except after a voluntary compulsory solo (the same dealer again)."""
    deal = match.deal
    if deal.result is None:
        return None
    return (deal.dealer + (1 if deal.result["deal_counts"] else 0)) % 4


# --- Applying actions ---------------------------------------------------------------------------


def parse_action(action: Any) -> tuple[int, str, str | None]:
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise MalformedAction("an action needs a 'seat' from 0 to 3")
    verb = action.get("action")
    if verb not in VERBS:
        raise MalformedAction(f"unknown action {verb!r}; the verbs are {', '.join(VERBS)}")
    value = None
    if verb == "reserve":
        value = action.get("reservation")
        if value not in RESERVATIONS:
            raise MalformedAction(f"unknown reservation {value!r}")
    elif verb == "announce":
        value = action.get("call")
        if value not in ann.CALLS:
            raise MalformedAction(f"unknown call {value!r}")
    elif verb == "play":
        value = action.get("card")
        if not is_card(value):
            raise MalformedAction(f"'card' must be a card such as 'QC' or '10H', not {value!r}")
    return seat, verb, value


def apply(match: Match, action: dict) -> Match:
    """The state after `action`; `match` is never changed. IllegalAction if the rules forbid
    it, MalformedAction if it is not an action."""
    seat, verb, value = parse_action(action)
    if match.over:
        raise IllegalAction("match_over", "the match is over", "DK3")
    if verb == "deal":
        return _deal(match, seat)
    if match.deal.phase == FINISHED:
        raise IllegalAction("deal_over", "the deal is over", "DK14")
    if verb == "reserve":
        return _reserve(match, seat, value)
    if verb == "announce":
        return _announce(match, seat, value)
    return _play(match, seat, value)


def _turn(deal: Deal, seat: int, rule: str) -> None:
    if seat != deal.to_move:
        raise IllegalAction(
            "not_your_turn", f"seat {deal.to_move} is to act", rule, seat=seat, to_move=deal.to_move
        )


def _deal(match: Match, seat: int) -> Match:
    dealer = next_dealer(match)
    if dealer is None or match.seed is None:
        raise IllegalAction("not_now", "a deal is in play", "DK4", phase=match.deal.phase)
    if seat != dealer:
        raise IllegalAction(
            "not_your_turn", f"seat {dealer} deals", "DK3", seat=seat, to_move=dealer
        )
    new = match.copy()
    round_ = match.deal.round + 1
    start_deal(
        new, dealt_from_seed(match.seed, round_, dealer, match.options["nines"]), round_, dealer
    )
    return new


def _reserve(match: Match, seat: int, reservation: str) -> Match:
    deal = match.deal
    if deal.phase not in (RESERVING, FORCED_SOLO):
        raise IllegalAction("not_now", "the reservations are over", "DK5", phase=deal.phase)
    _turn(deal, seat, "DK5")
    if deal.phase == FORCED_SOLO and reservation not in SOLOS:
        raise IllegalAction("must_name_solo", "a forced soloist must name a solo", "DK6")
    if reservation not in legal_reservations(deal.hands[seat]):
        raise IllegalAction("wedding_needs_queens", "a wedding needs both queens of clubs", "DK5")
    new = match.copy()
    d = new.deal
    d.reservations[seat] = reservation
    if d.phase == FORCED_SOLO:
        start_solo(d, seat, reservation, compulsory=True)
        d.forced = True
        d.phase = PLAY
    elif all(r is not None for r in d.reservations):
        settle(d, new.compulsory_owed, new.options["compulsory_solo"])
        d.phase = PLAY
    return new


def _announce(match: Match, seat: int, call: str) -> Match:
    deal = match.deal
    if not ann.calls_open(deal):
        raise IllegalAction("calls_not_open", "no call is possible now", "DK10.3")
    party = deal.parties[seat]
    if call in ("re", "kontra") and call != party:
        raise IllegalAction(
            "wrong_party", f"only the {call} party says {call}", "DK10.2", call=call
        )
    if ann.call_level(call) <= deal.levels[party]:
        raise IllegalAction("already_called", f"{party} already called {call}", "DK10.1", call=call)
    if deal.late_reply[party]:
        raise IllegalAction("no_more_calls", f"{party} replied late: no more calls", "DK10.7")
    if call not in ann.legal_calls(deal, seat):
        raise IllegalAction("too_late", f"too late for {call}", "DK10.4", call=call)
    new = match.copy()
    ann.record_call(new.deal, seat, call)
    return new


def _play(match: Match, seat: int, card: str) -> Match:
    deal = match.deal
    if deal.phase != PLAY:
        raise IllegalAction("not_now", "the reservations are not over", "DK5", phase=deal.phase)
    _turn(deal, seat, "DK9")
    hand = deal.hands[seat]
    if card not in hand:
        raise IllegalAction("card_not_held", f"seat {seat} does not hold {card}", "DK9", card=card)
    if card not in legal_cards(hand, deal.trick, deal.order_kind):
        led = card_class(deal.trick[0], deal.order_kind)
        raise IllegalAction("must_follow", f"seat {seat} must follow {led}", "DK9", led=led)
    new = match.copy()
    d = new.deal
    d.hands[seat].remove(card)
    d.trick.append(card)
    if len(d.trick) == 4:
        _take_trick(new)
    return new


def _take_trick(match: Match) -> None:
    d = match.deal
    winner = (d.leader + winning_index(d.trick, d.order_kind)) % 4
    d.played.append({"leader": d.leader, "cards": d.trick, "winner": winner})
    d.trick = []
    d.leader = winner  # DK9: the winner leads next
    if d.contract == "wedding" and d.clarification_trick is None:
        _clarify(d, winner)
    if not any(d.hands):
        _finish(match)


def _clarify(d: Deal, winner: int) -> None:
    """DK7.2: the first of the first three tricks the bridegroom does not win finds his
    partner; winning all three makes a wedding solo."""
    k = len(d.played)
    if winner != d.declarer:
        d.clarification_trick, d.wedding_partner = k, winner
        d.parties = ["re" if s in (d.declarer, winner) else "kontra" for s in range(4)]
    elif k == 3:
        d.clarification_trick, d.contract, d.solo = 3, "wedding_solo", "diamonds"
        d.parties = ["re" if s == d.declarer else "kontra" for s in range(4)]


def _finish(match: Match) -> None:
    """DK14 and DK3: score the deal, update the match."""
    d = match.deal
    result = score_deal(d)
    counts = not (d.compulsory and not d.forced)  # DK6: a voluntary compulsory solo does not
    result["deal_counts"] = counts
    match.scores = [a + b for a, b in zip(match.scores, result["deal_scores"], strict=True)]
    if counts:
        match.deals_played += 1
    if d.compulsory:
        match.compulsory_owed[d.declarer] = False
    d.result = result
    d.phase = FINISHED
    match.sheet.append(
        {
            "round": d.round,
            "dealer": d.dealer,
            "contract": d.contract,
            "solo": d.solo,
            "declarer": d.declarer,
            "deal_scores": result["deal_scores"],
            "game_value": result["game_value"],
            "deal_counts": counts,
            "scores": match.scores[:],
        }
    )


def timeout_card(deal: Deal, seat: int) -> str:
    """DK17: the legal fehl cards if any, else the legal trumps; the fewest card points, then
    the lowest rank, then the sort order."""
    cards = legal_cards(deal.hands[seat], deal.trick, deal.order_kind)
    fehl = [c for c in cards if not is_trump(c, deal.order_kind)]
    return min(fehl or cards, key=lambda c: low_key(c, deal.order_kind))
