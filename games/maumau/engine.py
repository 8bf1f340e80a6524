"""The Mau Mau rules engine (MAUMAU.md): the deal, laying and drawing cards, interjecting, the
end of a game and the match's score.

Actions are plain dicts carrying the seat:
    {"seat": s, "action": "play", "card": "JC", "wish": "H", "mau": true}
        lay a card in turn (MM5, MM6); `wish` only with a jack (none: the jack's own suit);
        `mau` is the last-card call (MM9), needed when the play leaves exactly one card
    {"seat": s, "action": "draw"}        draw (MM7): the pending 7s, else one card; turn over
    {"seat": s, "action": "interject", "card": "10H", "mau": false}
        MM10, option `interject`: lay the twin of the top card, in turn or out of turn
    {"seat": d, "action": "deal"}        the server's step between games: dealer d deals

Randomness (games.core.rng streams of the match seed, public labels):
    "dealer"              the first dealer: Stream(seed, "dealer").below(players) (MM2)
    "round-<n>"           the n-th game's pack (cards.pack order, n = 1, 2, ...): card i goes to
                          seat dealer+1+i for i < players*deal size, the next is the upcard,
                          the rest the stock, top first (MM3)
    "reshuffle-<n>-<k>"   game n's k-th reshuffle (k = 1, 2, ...): the discard pile below its top,
                          bottom first, shuffled into the new stock, top first (MM8)

IllegalAction codes (params), rule section in `rule`:
    match_over          ()               MM12: the match is over
    game_over           ()               MM11: the game is over, the next is not dealt yet
    not_now             ()               MM2: a deal while a game is in play
    not_your_turn       (seat, to_move)  MM4: only the player to move plays or draws
    card_not_held       (card)           MM4: the seat holds no such card
    must_answer_seven   (pending)        MM6: 7s are pending: play a 7 or draw
    no_jack_on_jack     ()               MM5: no jack may be laid on a jack
    must_follow_wish    (suit)           MM6: with a jack on top only the wished suit fits
    no_match            (top)            MM5: neither the suit to follow nor the top's rank
    wish_not_jack       (card)           MM6: only a jack wishes a suit
    false_mau           (left)           MM9: "Mau" with a play that leaves not exactly one card
    must_play           ()               MM7: nothing to draw, and the seat holds a fitting card
    interject_off       ()               MM10: the table plays without interjecting
    out_of_game         ()               MM11: the seat has gone out
    interject_special   (top)            MM10: never with a 7, 8, 9 or jack
    stale_interjection  (card, top)      MM10: the card is not (any more) the top card's twin
MalformedAction: not a dict, no seat of this table, an unknown verb, card name, suit or flag.
"""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction, MalformedAction
from games.core.rng import Stream, shuffled

from .cards import SUITS, is_card, is_special, pack, points, rank, sort_cards, suit
from .rules import can_interject, fits, nothing_to_draw, playable, suit_to_follow
from .state import GAME_OVER, MATCH_OVER, PLAY, Match

VERBS = ("play", "draw", "interject", "deal")
# Not in MAUMAU.md (drawing is voluntary, MM7, so a game need never end): a match stops after
# this many actions, ranked by its score so far, the game in play void. People play a match of
# the longest options (7 players, 5 wins, places, interjecting) in a few thousand; random play
# with the default options mostly stays below it (tests/maumau).
MAX_ACTIONS = 20_000


class ReshuffleOrderError(ValueError):
    """A scenario's reshuffle order that leaves a pile card out (a malformed scenario)."""


# --- Starting a match and a game --------------------------------------------------------------


def deal_size(players: int, options: dict) -> int:
    """MM3: 7 cards with 2 players, else `hand_size` (5 or 6)."""
    return 7 if players == 2 else options["hand_size"]


def dealt_from_seed(seed: str, round_: int, dealer: int, players: int, options: dict):
    """MM3: the seeded shuffle dealt one card at a time clockwise from the dealer's left; then
    the upcard; the rest is the stock. Returns (hands, upcard, stock)."""
    cards = shuffled(pack(options["deck"], players, options["interject"]), seed, f"round-{round_}")
    size = deal_size(players, options)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, card in enumerate(cards[: players * size]):
        hands[(dealer + 1 + i) % players].append(card)
    return hands, cards[players * size], cards[players * size + 1 :]


def start_game(m: Match, dealer: int, hands: list[list[str]], upcard: str, stock: list[str]):
    """Put a fresh game in play in `m` (a copy the caller owns). MM3 Decided: the upcard acts as
    if the dealer had played it (a 7 makes the first player draw two, an 8 skips them, a 9
    reverses, a jack wishes its own suit)."""
    m.dealer = dealer
    m.hands = [h[:] for h in hands]
    m.discard = [upcard]
    m.stock = stock[:]
    m.direction, m.wish, m.pending = 1, None, 0
    m.places, m.reshuffles, m.restock = [], 0, []
    m.mau_missed = [0] * m.players
    m.log, m.result, m.void = [], None, False
    m.phase = PLAY
    m.setup = {
        "round": m.round,
        "dealer": dealer,
        "hands": [h[:] for h in hands],
        "discard": [upcard],
        "stock": stock[:],
        "scores": m.scores[:],
    }
    m.add_event({"action": "deal", "seat": dealer, "card": upcard})
    effects(m, dealer, upcard, None, False)


def new_match(players: int, seed: str, options: dict) -> Match:
    """MM2: the first dealer drawn from the seed, the first game dealt."""
    dealer = Stream(seed, "dealer").below(players)
    m = Match(options=dict(options), players=players, seed=seed, round=1, dealer=dealer,
              hands=[], stock=[], discard=[], scores=[0] * players)  # fmt: skip
    start_game(m, dealer, *dealt_from_seed(seed, 1, dealer, players, options))
    return m


def next_dealer(m: Match) -> int:
    """MM2: the deal passes clockwise after every game."""
    return (m.dealer + 1) % m.players


# --- Changing a state in place (apply works on a copy; the bots' playouts on their own) -------


def effects(m: Match, seat: int, card: str, wish: str | None, went_out: bool) -> None:
    """MM6: what `card`, just laid by `seat`, does; sets the player to move."""
    r = rank(card)
    m.wish = (wish or suit(card)) if r == "J" else None
    if r == "7":
        m.pending += 2  # each 7 of a chain adds two
    if r == "9" and len(m.in_game()) + went_out >= 3:  # with two in the game it does nothing
        m.direction = -m.direction
    m.to_move = m.next_seat(seat)
    if r == "8":
        m.to_move = m.next_seat(m.to_move)  # the skipped player does not act at all


def lay(m: Match, seat: int, card: str, wish: str | None, mau: bool, verb: str = "play"):
    """Lay `card` from `seat`'s hand on the pile, in turn (MM5) or interjecting (MM10)."""
    before = m.to_move
    hand = m.hands[seat]
    hand.remove(card)
    m.discard.append(card)
    went_out = not hand
    event = {"seat": seat, "action": verb, "card": card}
    if rank(card) == "J":
        event["wish"] = wish or suit(card)
    if mau:
        event["mau"] = True
    if went_out:
        m.places.append(seat)  # MM11: gone out, takes the next free place
    if went_out and (not m.options["play_for_places"] or len(m.in_game()) <= 1):
        m.add_event(event)
        end_game(m)  # MM11: the last card's effects no longer matter
        return
    effects(m, seat, card, wish, went_out)
    if verb == "interject":  # MM14: the players in between lost their turn
        event["skipped"] = [] if m.to_move == before else _between(m, before, seat)
    m.add_event(event)
    if len(hand) == 1 and not mau:  # MM9: caught at once, one penalty card
        m.mau_missed[seat] += 1
        m.add_event({"seat": seat, "action": "penalty", "count": draw_cards(m, seat, 1)})


def _between(m: Match, first: int, interjector: int) -> list[int]:
    out, s = [], first
    while s != interjector and len(out) < m.players:
        if m.hands[s]:
            out.append(s)
        s = (s + m.direction) % m.players
    return out


def draw(m: Match, seat: int) -> None:
    """MM7: the pending 7s (the whole sum), else one card; the turn ends either way. With
    nothing to draw it takes nothing (a pass; apply has checked the seat holds no fitting card)."""
    count = m.pending or 1
    # what the drawer faced, for the table (and the bots' reading of it): public
    event = {"seat": seat, "action": "draw", "top": m.discard[-1], "suit": suit_to_follow(m),
             "pending": m.pending}  # fmt: skip
    m.pending = 0  # drawn: the 7 on top is an ordinary card now
    event["count"] = draw_cards(m, seat, count)
    m.add_event(event)
    m.to_move = m.next_seat(seat)


def draw_cards(m: Match, seat: int, count: int) -> int:
    """MM7/MM8: take `count` cards from the stock, reshuffling the pile when it runs out; fewer
    when there are not enough (the rest lapses). Returns how many were taken."""
    taken = 0
    while taken < count:
        if not m.stock:
            if len(m.discard) < 2:
                break
            reshuffle(m)
        m.hands[seat].append(m.stock.pop(0))
        taken += 1
    return taken


def reshuffle(m: Match) -> None:
    """MM8: every card of the pile but its top becomes the new stock, in secret order: from the
    match seed ("reshuffle-<game>-<k>"), or a scenario's given order, or turned over."""
    pile, top = m.discard[:-1], m.discard[-1]
    if m.seed is not None:
        m.stock = reshuffled(pile, m.seed, m.round, m.reshuffles + 1)
    elif m.reshuffles < len(m.orders):
        m.stock = _ordered(pile, m.orders[m.reshuffles])
    else:
        m.stock = pile  # scenario without an order: turned over, the oldest card on top
    m.discard = [top]
    m.reshuffles += 1
    m.restock = sort_cards(m.stock)
    m.add_event({"action": "reshuffle", "count": len(m.stock)})


def reshuffled(pile: list[str], seed: str, round_: int, k: int) -> list[str]:
    """MM8: game `round_`'s k-th new stock from the pile below the top, bottom first."""
    return shuffled(pile, seed, f"reshuffle-{round_}-{k}")


def _ordered(pile: list[str], order: list[str]) -> list[str]:
    """The scenario format's reshuffle: one copy of each listed card the pile still holds."""
    left = pile[:]
    out = []
    for card in order:
        if card in left:
            left.remove(card)
            out.append(card)
    if left:
        raise ReshuffleOrderError(f"reshuffle {sort_cards(left)} missing from the given order")
    return out


def end_game(m: Match) -> None:
    """MM11/MM12: the game is over; score it, and see whether the match is."""
    m.to_move = None
    if m.options["play_for_places"]:
        m.places += m.in_game()  # the last player takes the last place
    winner = m.places[0]
    game_points = None
    if m.options["scoring"] == "wins":
        m.scores[winner] += 1  # only the first out scores a win
        over = m.scores[winner] >= m.options["target_wins"]
        m.match_winners = [winner] if over else []
    else:
        game_points = [points(h) for h in m.hands]  # only hands still holding cards count
        m.scores = [s + p for s, p in zip(m.scores, game_points, strict=True)]
        over = max(m.scores) >= m.options["points_limit"]
        low = min(m.scores)
        m.match_winners = [s for s in range(m.players) if m.scores[s] == low] if over else []
    m.phase = MATCH_OVER if over else GAME_OVER
    m.result = {
        "round": m.round,
        "winners": [winner],
        "places": m.places[:],
        "points": game_points,
        "hand_sizes": [len(h) for h in m.hands],
        "mau_missed": m.mau_missed[:],
        "scores": m.scores[:],
        "match_over": over,
        "match_winners": m.match_winners[:],
        "void": False,
    }
    m.add_event({"action": "over", "winners": [winner], "places": m.places[:]})


def stop_match(m: Match) -> None:
    """MAX_ACTIONS reached: the match ends on its score so far; a game in play is void."""
    if m.phase == PLAY:
        m.void, m.to_move = True, None
    best = max(m.scores) if m.options["scoring"] == "wins" else min(m.scores)
    m.match_winners = [s for s in range(m.players) if m.scores[s] == best]
    m.phase = MATCH_OVER
    m.result = {**(m.result or {}), "match_over": True, "match_winners": m.match_winners[:],
                "void": m.void, "scores": m.scores[:], "round": m.round}  # fmt: skip


def deal_next(m: Match) -> None:
    m.round += 1
    dealer = next_dealer(m)
    start_game(m, dealer, *dealt_from_seed(m.seed, m.round, dealer, m.players, m.options))


# --- Checking and applying an action ----------------------------------------------------------


def parse_action(m: Match, action: Any) -> tuple[int, str, str | None, str | None, bool]:
    """(seat, verb, card, wish, mau); MalformedAction for anything that is not an action."""
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < m.players:
        raise MalformedAction(f"no seat {seat!r} at this table of {m.players}")
    verb = action.get("action")
    if verb not in VERBS:
        raise MalformedAction(f"unknown action {verb!r}; the verbs are {', '.join(VERBS)}")
    card = wish = None
    mau = False
    if verb in ("play", "interject"):
        card = action.get("card")
        if not is_card(card):
            raise MalformedAction(f"'card' must be a card such as '7H' or '10C', not {card!r}")
        wish = action.get("wish")
        if wish is not None and wish not in SUITS:
            raise MalformedAction(f"'wish' must be one of C, D, H, S, not {wish!r}")
        mau = action.get("mau", False)
        if mau is None:
            mau = False
        if not isinstance(mau, bool):
            raise MalformedAction(f"'mau' must be true or false, not {mau!r}")
    return seat, verb, card, wish, mau


def apply(m: Match, action: dict) -> Match:
    """The state after `action`; `m` is never changed. IllegalAction if the rules forbid it,
    MalformedAction if it is not an action."""
    seat, verb, card, wish, mau = parse_action(m, action)
    if m.phase == MATCH_OVER:
        raise IllegalAction("match_over", "the match is over", "MM12")
    if verb == "deal":
        _check_deal(m, seat)
    elif m.phase != PLAY:
        raise IllegalAction("game_over", "the game is over; the next is not dealt yet", "MM11")
    elif verb == "interject":
        _check_interject(m, seat, card, wish, mau)
    else:
        if seat != m.to_move:
            raise IllegalAction("not_your_turn", f"seat {m.to_move} is to move", "MM4",
                                seat=seat, to_move=m.to_move)  # fmt: skip
        if verb == "play":
            _check_play(m, seat, card, wish, mau)
        elif nothing_to_draw(m) and playable(m, seat):
            raise IllegalAction(
                "must_play", "nothing can be drawn and the seat holds a card that fits", "MM7"
            )
    new = m.copy()
    new.actions += 1
    if verb == "deal":
        deal_next(new)
    elif verb == "draw":
        draw(new, seat)
    else:
        lay(new, seat, card, wish, mau, verb)
    if new.actions >= MAX_ACTIONS and new.phase != MATCH_OVER:
        stop_match(new)
    return new


def _check_deal(m: Match, seat: int) -> None:
    if m.phase == PLAY or m.seed is None:
        raise IllegalAction("not_now", "a game is in play", "MM2")
    if seat != next_dealer(m):
        raise IllegalAction("not_your_turn", f"seat {next_dealer(m)} deals next", "MM2",
                            seat=seat, to_move=next_dealer(m))  # fmt: skip


def _check_card(m: Match, seat: int, card: str, wish: str | None, mau: bool) -> None:
    if card not in m.hands[seat]:
        raise IllegalAction("card_not_held", f"seat {seat} does not hold {card}", "MM4", card=card)
    if wish is not None and rank(card) != "J":
        raise IllegalAction("wish_not_jack", f"only a jack wishes a suit, not {card}", "MM6",
                            card=card)  # fmt: skip
    left = len(m.hands[seat]) - 1
    if mau and left != 1:
        raise IllegalAction("false_mau", f"'Mau' is called with the second-last card, not with "
                            f"{left} left", "MM9", left=left)  # fmt: skip


def _check_play(m: Match, seat: int, card: str, wish: str | None, mau: bool) -> None:
    _check_card(m, seat, card, wish, mau)
    if fits(m, card):
        return
    top = m.discard[-1]
    if m.pending:
        raise IllegalAction("must_answer_seven", f"{m.pending} cards are pending: play a 7 or "
                            "draw", "MM6", pending=m.pending)  # fmt: skip
    if rank(top) == "J" and rank(card) == "J":
        raise IllegalAction("no_jack_on_jack", "no jack on a jack", "MM5")
    if rank(top) == "J":
        raise IllegalAction("must_follow_wish", f"{m.wish} is wished", "MM6", suit=m.wish)
    raise IllegalAction("no_match", f"{card} matches neither suit nor rank of {top}", "MM5",
                        top=top)  # fmt: skip


def _check_interject(m: Match, seat: int, card: str, wish: str | None, mau: bool) -> None:
    if not m.options["interject"]:
        raise IllegalAction("interject_off", "this table plays without interjecting", "MM10")
    if not m.hands[seat]:
        raise IllegalAction("out_of_game", f"seat {seat} has gone out", "MM11")
    _check_card(m, seat, card, wish, mau)
    top = m.discard[-1]
    if card != top:
        raise IllegalAction("stale_interjection", f"{card} is not the twin of the top card {top}"
                            " (any more)", "MM10", card=card, top=top)  # fmt: skip
    if is_special(top):
        raise IllegalAction("interject_special", f"no interjecting on a special card ({top})",
                            "MM10", top=top)  # fmt: skip


# --- What a seat may do -----------------------------------------------------------------------


def _lays(m: Match, seat: int, card: str, verb: str) -> list[dict]:
    """Every way to lay `card`: each wish with a jack, with and without the Mau call when it
    leaves one card (a missed call is legal, and costs a penalty card, MM9)."""
    base = {"seat": seat, "action": verb, "card": card}
    variants = [{**base, "wish": w} for w in SUITS] if rank(card) == "J" else [base]
    if len(m.hands[seat]) == 2:
        variants += [{**v, "mau": True} for v in variants]
    return variants


def legal_actions(m: Match, seat: int) -> list[dict]:
    """Everything `seat` may do now: its plays and draw in turn, its interjections at any
    moment (MM10), the deal between games for the next dealer."""
    if m.phase == MATCH_OVER:
        return []
    if m.phase == GAME_OVER:
        ok = seat == next_dealer(m) and m.seed is not None
        return [{"seat": seat, "action": "deal"}] if ok else []
    out = []
    if seat == m.to_move:
        fitting = playable(m, seat)
        for card in sort_cards(fitting):
            out += _lays(m, seat, card, "play")
        if not (fitting and nothing_to_draw(m)):
            out.append({"seat": seat, "action": "draw"})
    if can_interject(m, seat):
        out += _lays(m, seat, m.discard[-1], "interject")
    return out


def timeout_action(m: Match, seat: int) -> dict:
    """MM14 Decided: draw; when nothing can be drawn, the first fitting card in sort order, a
    jack wishing the suit then held most (ties C, D, H, S), with the Mau call made right."""
    fitting = sort_cards(playable(m, seat))
    if not (fitting and nothing_to_draw(m)):
        return {"seat": seat, "action": "draw"}
    card = fitting[0]
    action = {"seat": seat, "action": "play", "card": card}
    if rank(card) == "J":
        rest = m.hands[seat][:]
        rest.remove(card)
        action["wish"] = max(
            SUITS, key=lambda s: (sum(suit(c) == s for c in rest), -SUITS.index(s))
        )
    if len(m.hands[seat]) == 2:
        action["mau"] = True
    return action
