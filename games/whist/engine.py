"""The Whist rules engine (WHIST.md): the cut, the deal, the tricks, and applying actions.

Actions are plain dicts carrying the seat:
    {"seat": s, "action": "play", "card": "10D"}   play a card to the trick (WH5)
    {"seat": d, "action": "deal"}                   the server's step between deals (WH4): the
                                                    next dealer d deals from the match's seed

Randomness (games.core.rng streams of the match seed, public labels):
    "cut"               the pack the four players cut from (WH3): lobby place p draws card p
    "deal-<n>"          the n-th deal of the match (n = 1, 2, ...; Status.round): card i of the
                        shuffled pack (DECK order before shuffling) goes to seat dealer+1+i
    "second-pack-<n>"   trump option second_pack: the second pack; the eldest hand draws its
                        first card (WH4)

IllegalAction codes (params):
    not_your_turn    (seat, to_move)   another seat is to play, or to deal
    card_not_held    (card)            the seat does not hold that card
    must_follow_suit (suit)            WH5: the seat holds a card of the suit led
    not_now          (phase)           a card between deals, a deal during a deal
    rubber_over      ()                WH9: the match (one rubber, WH10) is over
MalformedAction: not a dict, no integer seat, an unknown verb or card name.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.rng import shuffled

from .cards import DECK, SUITS, cut_order, is_card, rank, suit
from .scoring import honours_held, score_deal
from .state import BETWEEN_DEALS, PLAY, RUBBER_OVER, Deal, Match, team_of

FIXED_ORDER = ("H", "C", "D", "S")  # WH4 Decided: the trump rotation of British whist drives
FIXED_NO_TRUMP_ORDER = ("H", "C", "D", "S", None)
VERBS = ("play", "deal")
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


# --- Starting a match and a deal ----------------------------------------------------------------


def cut(seed: str, for_seats: bool) -> tuple[dict, int]:
    """WH3: one card per lobby place from a shuffled pack; returns the draw ({"cards", "seats"}:
    per lobby place, its card and the seat it takes) and the first dealer's seat. Ace low, equal
    ranks by suit. Lowest: seat 0 and first dealer, then seat 2, seat 1, seat 3. Without the cut
    for seats everyone keeps their place and the lowest card only picks the first dealer."""
    cards = shuffled(DECK, seed, "cut")[:4]
    order = sorted(range(4), key=lambda place: cut_order(cards[place]))
    if not for_seats:
        return {"cards": cards, "seats": [0, 1, 2, 3]}, order[0]
    seats = [0] * 4
    for place, seat in zip(order, (0, 2, 1, 3), strict=True):
        seats[place] = seat
    return {"cards": cards, "seats": seats}, 0


def trump_suit(trump_option: str, trump_card: str | None, number: int) -> str | None:
    """WH4: the suit of the turned-up or drawn card, or the fixed rotation's suit for deal
    `number` of the rubber (None: no trump)."""
    if trump_option in ("turn_up", "second_pack"):
        return suit(trump_card)
    if trump_option == "fixed":
        return FIXED_ORDER[number % 4]
    return FIXED_NO_TRUMP_ORDER[number % 5]


def dealt_from_seed(seed: str, round_: int, dealer: int, trump_option: str):
    """WH4: the seeded shuffle, dealt one card at a time clockwise from the eldest hand, so the
    dealer gets the last card; returns (hands, trump_card)."""
    pack = shuffled(DECK, seed, f"deal-{round_}")
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, card in enumerate(pack):
        hands[(dealer + 1 + i) % 4].append(card)
    trump_card = None
    if trump_option == "turn_up":
        trump_card = pack[-1]  # the dealer's own last card, turned face up
    elif trump_option == "second_pack":
        trump_card = shuffled(DECK, seed, f"second-pack-{round_}")[0]
    return hands, trump_card


def start_deal(
    match: Match,
    hands: list[list[str]],
    trump_card: str | None,
    round_: int,
    number: int,
    dealer: int,
) -> None:
    """Put a full deal in play in `match` (a copy the caller owns); the eldest hand leads."""
    trump = trump_suit(match.options["trump"], trump_card, number)
    if match.options["trump"] not in ("turn_up", "second_pack"):
        trump_card = None
    match.deal = Deal(
        round=round_,
        number=number,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        dealt=[h[:] for h in hands],
        hands=[h[:] for h in hands],
        honours_held=honours_held(hands, trump, match.variant),
        leader=(dealer + 1) % 4,  # WH5: the eldest hand leads to the first trick
        score_before=match.score(),
    )
    match.phase = PLAY


def new_match(seed: str, options: dict) -> Match:
    """A rubber at its start, the first deal made. `options` are complete (game.OPTIONS)."""
    first_dealer = options["first_dealer"]
    draw = None
    if first_dealer is None:
        draw, first_dealer = cut(seed, options["cut"])
    match = Match(options=dict(options), seed=seed, cut=draw, first_dealer=first_dealer, deal=None)
    hands, trump_card = dealt_from_seed(seed, 1, first_dealer, options["trump"])
    start_deal(match, hands, trump_card, 1, 0, first_dealer)
    return match


# --- Playing ------------------------------------------------------------------------------------


def legal_cards(deal: Deal, seat: int) -> list[str]:
    """WH5: any card to lead; otherwise a card of the suit led if the seat holds one."""
    hand = deal.hands[seat]
    if deal.trick:
        led = suit(deal.trick[0])
        following = [c for c in hand if suit(c) == led]
        if following:
            return following
    return hand[:]


def trick_winner(leader: int, cards: list[str], trump: str | None) -> int:
    """WH5: the highest trump, or else the highest card of the suit led."""
    led = suit(cards[0])

    def strength(card: str) -> int:
        s = suit(card)
        return (2 if s == trump else 1 if s == led else 0) * 13 + rank(card)

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return (leader + best) % 4


def next_dealer(match: Match) -> int:
    """WH4: the deal passes to the left after every deal."""
    return (match.deal.dealer + 1) % 4


def parse_action(action: Any) -> tuple[int, str, str | None]:
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedAction("an action needs an integer 'seat'")
    verb = action.get("action")
    if verb not in VERBS:
        raise MalformedAction(f"unknown action {verb!r}; the verbs are {', '.join(VERBS)}")
    card = None
    if verb == "play":
        card = action.get("card")
        if not is_card(card):
            raise MalformedAction(f"'card' must be a card such as 'AS' or '10D', not {card!r}")
    return seat, verb, card


def apply(match: Match, action: dict) -> Match:
    """The state after `action`; `match` is never changed. IllegalAction if the rules forbid
    it, MalformedAction if it is not an action."""
    seat, verb, card = parse_action(action)
    if match.phase == RUBBER_OVER:
        raise IllegalAction("rubber_over", "the rubber is over", "WH9")
    if verb == "deal":
        return _deal(match, seat)
    return _play(match, seat, card)


def _deal(match: Match, seat: int) -> Match:
    if match.phase != BETWEEN_DEALS or match.seed is None:
        raise IllegalAction("not_now", "a deal is in play", "WH4", phase=match.phase)
    dealer = next_dealer(match)
    if seat != dealer:
        raise IllegalAction(
            "not_your_turn", f"seat {dealer} deals next", "WH4", seat=seat, to_move=dealer
        )
    new = match.copy()
    round_ = match.deal.round + 1
    hands, trump_card = dealt_from_seed(match.seed, round_, dealer, match.options["trump"])
    start_deal(new, hands, trump_card, round_, match.deal.number + 1, dealer)
    return new


def _play(match: Match, seat: int, card: str) -> Match:
    if match.phase != PLAY:
        raise IllegalAction("not_now", "no deal is in play", "WH5", phase=match.phase)
    deal = match.deal
    if seat != deal.to_move:
        raise IllegalAction(
            "not_your_turn",
            f"seat {deal.to_move} is to play",
            "WH5",
            seat=seat,
            to_move=deal.to_move,
        )
    if card not in deal.hands[seat]:
        raise IllegalAction("card_not_held", f"seat {seat} does not hold {card}", "WH5", card=card)
    if card not in legal_cards(deal, seat):
        led = suit(deal.trick[0])
        raise IllegalAction(
            "must_follow_suit", f"seat {seat} must follow suit ({led})", "WH5", suit=led
        )
    new = match.copy()
    d = new.deal
    d.hands[seat].remove(card)
    d.trick.append(card)
    if len(d.trick) == 4:
        winner = trick_winner(d.leader, d.trick, d.trump)
        d.played.append({"leader": d.leader, "cards": d.trick, "winner": winner})
        d.tricks[team_of(winner)] += 1
        d.trick = []
        d.leader = winner  # WH5: the winner leads to the next trick
        if not any(d.hands):
            score_deal(new)
            new.phase = RUBBER_OVER if new.winner is not None else BETWEEN_DEALS
    return new


def timeout_card(deal: Deal, seat: int) -> str:
    """WH12 Decided: the lowest card of the suit led if the seat can follow; otherwise (and when
    leading) the lowest card that is not a trump, or the lowest trump. Ties of rank by suit."""
    cards = legal_cards(deal, seat)
    plain = [c for c in cards if suit(c) != deal.trump]
    following = bool(deal.trick) and suit(cards[0]) == suit(deal.trick[0])
    pool = cards if following or not plain else plain
    return min(pool, key=lambda c: (rank(c), SUIT_ORDER[suit(c)]))
