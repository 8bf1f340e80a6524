"""The rules of Korsaren (RULES.md) as pure functions over MatchState.

state = new_match(players=3, seed=new_seed())
legal_actions(state, seat)        -> every action `seat` may take now
apply(state, action)              -> the new state (the old one is untouched), or IllegalAction
seats_to_act(state)               -> who the game is waiting for
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from .actions import Action, Attach, Deal, Discard, Draw, SetSail, parse_action
from .cards import ALL_CARDS, sort_cards
from .errors import IllegalAction
from .laydown import Laydown, attach_choices, crew_choices, lay_down
from .shuffle import first_dealer, shuffled_deck
from .state import ANNULLED, ATTACH, DISCARD, DRAW, SCORED, MatchState, Round

HAND_SIZE = 12  # R3
PIER_SIZE = {2: 7, 3: 8, 4: 9}  # R3
LAST_ROUND_AT = 35  # R8
MATCH_ENDS_AT = 45  # R8


# --- Starting a match and dealing ---------------------------------------------------------------


def new_match(players: int, seed: str) -> MatchState:
    """A match with its first round dealt (R2, R3)."""
    if players not in PIER_SIZE:
        raise ValueError("Korsaren is played by 2, 3 or 4 players")
    state = MatchState(
        players=players,
        seed=seed,
        round=_empty_round(),
        penalty_cards=[[] for _ in range(players)],
        prior_penalties=[0] * players,
        excluded=[],
    )
    # The first dealer is drawn from the seed (R2); `_deal` passes the deal clockwise, so start
    # from the seat before.
    state.round.dealer = (first_dealer(seed, players) - 1) % players
    return _deal(state)


def _empty_round() -> Round:
    return Round(number=0, dealer=0, is_last=False, hands=[], pier=[], discard=[], stock=[])


def from_deal(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[str]],
    pier: Sequence[str],
    discard: Sequence[str],
    stock: Sequence[str],
    penalties: Sequence[int] | None = None,
) -> MatchState:
    """A state at the start of a round with an explicit deal (scenarios, tests). Cards not dealt
    are taken to be penalty cards of earlier rounds: out of play for the rest of the match."""
    penalties = list(penalties) if penalties is not None else [0] * players
    dealt = {c for h in hands for c in h} | set(pier) | set(discard) | set(stock)
    rnd = Round(
        number=1,
        dealer=dealer,
        is_last=sum(penalties) >= LAST_ROUND_AT,
        hands=[list(h) for h in hands],
        pier=list(pier),
        discard=list(discard),
        stock=list(stock),
        to_move=(dealer + 1) % players,
        laydowns=[None] * players,
    )
    return MatchState(
        players=players,
        seed=None,
        round=rnd,
        penalty_cards=[[] for _ in range(players)],
        prior_penalties=penalties,
        excluded=[c for c in ALL_CARDS if c not in dealt],
    )


def _deal(state: MatchState) -> MatchState:
    """Deal the next round from the seeded shuffle of the remaining deck (R2, R3).

    Order: seat 0's twelve cards, seat 1's, ..., then the pier (first card first), the discard
    pile's first card, and the rest is the stock (top first)."""
    if state.seed is None:
        raise IllegalAction(
            "no_seed", "this state has no seed to shuffle the next round with", "R2"
        )
    n = state.players
    number = state.round.number + 1
    # R2, R8: every card but the penalty cards is shuffled for each round.
    out_of_play = frozenset(state.excluded).union(*state.penalty_cards)
    cards = shuffled_deck(state.seed, number, out_of_play)
    hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    rest = cards[n * HAND_SIZE :]
    pier_size = PIER_SIZE[n]
    dealer = (state.round.dealer + 1) % n
    state.round = Round(
        number=number,
        dealer=dealer,
        is_last=sum(state.penalties()) >= LAST_ROUND_AT,
        hands=hands,
        pier=rest[:pier_size],
        discard=rest[pier_size : pier_size + 1],
        stock=rest[pier_size + 1 :],
        to_move=(dealer + 1) % n,  # R3: the seat after the dealer starts
        laydowns=[None] * n,
    )
    return state


# --- Who may do what ----------------------------------------------------------------------------


def seats_to_act(state: MatchState) -> list[int]:
    """The seats the game waits for: the player on turn, the opponents still to lay down (R6),
    or the next dealer between rounds. Empty once the match is over."""
    r = state.round
    if state.match_over:
        return []
    if r.phase in (DRAW, DISCARD):
        return [r.to_move]
    if r.phase == ATTACH:
        return [s for s in range(state.players) if r.laydowns[s] is None]
    return [(r.dealer + 1) % state.players]


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action `seat` may take now, in canonical form. Attach and sail actions are listed
    for every crew-colour choice, so these lists can run to a few thousand."""
    if seat not in seats_to_act(state):
        return []
    r = state.round
    if r.phase == DRAW:
        return [Draw(seat, source) for source in ("stock", "discard", "pier") if _pile(r, source)]
    if r.phase == DISCARD:
        hand = sort_cards(r.hands[seat])
        actions: list[Action] = [] if r.must_sail else [Discard(seat, c) for c in hand]
        pier_colour = r.pier_colour
        crews = crew_choices(pier_colour)
        actions += [SetSail(seat, c, crew) for c in hand for crew in crews]
        return actions
    if r.phase == ATTACH:
        closer = r.laydowns[r.closer]
        crews = crew_choices(r.pier_colour)
        cards = attach_choices(r.hands[seat], closer)
        return [Attach(seat, attached, crew) for attached, crew in product(cards, crews)]
    return [Deal(seat)]


def _pile(r: Round, source: str) -> list[str]:
    return {"stock": r.stock, "discard": r.discard, "pier": r.pier}[source]


# --- Applying an action -------------------------------------------------------------------------


def apply(state: MatchState, action: Action | dict) -> MatchState:
    """The state after `action`, or IllegalAction naming the rule broken. `state` is unchanged
    either way. A dict is parsed first (MalformedAction if it is not an action)."""
    action = parse_action(action)
    if state.match_over:
        raise IllegalAction("match_over", "the match is over", "R8")
    seats = seats_to_act(state)
    if not 0 <= action.seat < state.players:
        raise IllegalAction(
            "no_such_seat", f"there is no seat {action.seat} at this table", "R2", seat=action.seat
        )
    if action.seat not in seats:
        raise _not_waiting(state, action.seat)
    new = state.copy()
    handler = {
        Draw: _draw,
        Discard: _discard,
        SetSail: _sail,
        Attach: _attach,
        Deal: _next_round,
    }[type(action)]
    handler(new, action)
    return new


def _not_waiting(state: MatchState, seat: int) -> IllegalAction:
    """Why the game is not waiting for `seat` now."""
    r = state.round
    if r.phase in (DRAW, DISCARD):
        message = f"it is seat {r.to_move}'s turn, not seat {seat}'s"
        return IllegalAction("not_your_turn", message, "R4", seat=r.to_move)
    if r.phase == ATTACH:
        if seat == r.closer:
            message = "the closer has laid down; the opponents are laying down now"
            return IllegalAction("closer_done", message, "R6")
        return IllegalAction(
            "already_laid_down", f"seat {seat} has already laid down this round", "R6"
        )
    dealer = (r.dealer + 1) % state.players
    message = f"the round is over; seat {dealer} deals the next one"
    return IllegalAction("round_over", message, "R2", seat=dealer)


def _expect_phase(r: Round, phase: str, rule: str, what: str, doing: str) -> None:
    if r.phase != phase:
        message = f"{doing} is not possible now (the turn is at: {r.phase})"
        raise IllegalAction("wrong_phase", message, rule, what=what)


def _draw(state: MatchState, a: Draw) -> None:
    r = state.round
    _expect_phase(r, DRAW, "R4", "draw", "drawing")
    pile = _pile(r, a.source)
    if not pile:
        raise IllegalAction("pile_empty", f"the {a.source} is empty", "R4", pile=a.source)
    card = pile.pop(0) if a.source in ("stock", "pier") else pile.pop()
    r.hands[a.seat].append(card)
    r.drawn = card
    r.log.append({"seat": a.seat, "action": "draw", "from": a.source, "card": card})
    if a.source == "pier" and not r.pier:
        # R4: drawing the pier's last card annuls the round at once; no discard, no scoring.
        r.phase, r.to_move = ANNULLED, None
        _end_round(state, scored=False)
        return
    r.must_sail = a.source == "stock" and not r.stock  # R4: the last stock card forces sail
    r.phase = DISCARD


def _take_from_hand(r: Round, seat: int, card: str) -> None:
    if card not in r.hands[seat]:
        raise IllegalAction("not_in_hand", f"{card} is not in your hand", "R4", card=card)
    r.hands[seat].remove(card)
    r.discard.append(card)


def _discard(state: MatchState, a: Discard) -> None:
    r = state.round
    _expect_phase(r, DISCARD, "R4", "discard", "discarding")
    if r.must_sail:
        raise IllegalAction("must_sail", "you drew the last stock card: you must set sail", "R4")
    _take_from_hand(r, a.seat, a.card)
    r.log.append({"seat": a.seat, "action": "discard", "card": a.card})
    r.phase, r.drawn = DRAW, None
    r.to_move = (a.seat + 1) % state.players


def _sail(state: MatchState, a: SetSail) -> None:
    r = state.round
    _expect_phase(r, DISCARD, "R5", "sail", "setting sail (only after drawing)")
    hand = r.hands[a.seat]
    if a.card not in hand:
        raise IllegalAction("not_in_hand", f"{a.card} is not in your hand", "R5", card=a.card)
    rest = [c for c in hand if c != a.card]
    laydown = lay_down(rest, r.pier_colour, a.crew)  # validates the crew (R5)
    _take_from_hand(r, a.seat, a.card)
    r.hands[a.seat] = []
    r.laydowns[a.seat] = laydown
    r.closer = a.seat
    r.phase, r.to_move, r.drawn, r.must_sail = ATTACH, None, None, False
    r.log.append({"seat": a.seat, "action": "sail", "card": a.card, "crew": list(a.crew)})


def _attach(state: MatchState, a: Attach) -> None:
    r = state.round
    _expect_phase(r, ATTACH, "R6", "attach", "attaching (only after a player sets sail)")
    closer = r.laydowns[r.closer]
    laydown = lay_down(r.hands[a.seat], r.pier_colour, a.crew, a.cards, closer)  # R6
    r.hands[a.seat] = []
    r.laydowns[a.seat] = laydown
    r.log.append({"seat": a.seat, "action": "attach", "cards": list(a.cards), "crew": list(a.crew)})
    if all(ld is not None for ld in r.laydowns):  # R6: scored when the last opponent is done
        _score(state)


def _next_round(state: MatchState, a: Deal) -> None:
    if state.round.phase not in (SCORED, ANNULLED):
        raise IllegalAction(
            "round_not_over", "the next round is dealt only when this one is over", "R2"
        )
    _deal(state)


# --- Scoring and the end of the match -----------------------------------------------------------


def _score(state: MatchState) -> None:
    """R7 (sinking, penalty cards), R9 (sweeps), then R8 (the end of the match)."""
    r = state.round
    n, closer = state.players, r.closer
    laydowns: list[Laydown] = r.laydowns  # all set by now
    limits = [ld.limit for ld in laydowns]
    closer_limit = limits[closer]
    opponents = [s for s in range(n) if s != closer]
    sank = [s for s in opponents if limits[s] <= closer_limit]
    taken: list[list[str]] = [[] for _ in range(n)]
    for s in opponents:
        if s not in sank:
            taken[s] = list(laydowns[s].stowaways)  # R7: l > L keeps its stowaways
    if sank:  # R7: the closer takes its own stowaways plus every sinker's
        taken[closer] = sort_cards(
            [*laydowns[closer].stowaways, *(c for s in sank for c in laydowns[s].stowaways)]
        )
    for s in range(n):
        state.penalty_cards[s].extend(taken[s])

    sweep = [s for s in range(n) if not laydowns[s].stowaways]
    r.phase, r.to_move = SCORED, None
    r.result = {
        "closer": closer,
        "pier_colour": r.pier_colour,
        "limits": limits,
        "sank_closer": sank,
        "penalty_cards_taken": [len(t) for t in taken],
        "penalty_cards": taken,
        "sweep": sweep,
    }
    _end_round(state, scored=True, sweep=sweep)


def _end_round(state: MatchState, scored: bool, sweep: Sequence[int] = ()) -> None:
    r = state.round
    penalties = state.penalties()
    total = sum(penalties)
    if scored and r.closer in sweep:
        winners = [r.closer]  # R9: the closer's sweep beats everything
    elif scored and sweep:
        fewest = min(penalties[s] for s in sweep)  # R9: several sweepers: fewest penalty cards
        winners = [s for s in sweep if penalties[s] == fewest]
    elif scored and (r.is_last or total >= MATCH_ENDS_AT):  # R8
        fewest = min(penalties)
        winners = [s for s in range(state.players) if penalties[s] == fewest]
    else:
        winners = []
    if winners:
        state.match_over = True
        state.winners = winners
        state.ranking = _ranking(penalties, winners)
    summary = {
        "penalties": penalties,
        "match_over": state.match_over,
        "winners": state.winners,
        # R8: an annulled last round is replayed, so it stays the last.
        "next_round_is_last": not state.match_over and total >= LAST_ROUND_AT,
    }
    r.result = {**(r.result or {}), **summary}


def _ranking(penalties: list[int], winners: list[int]) -> list[int]:
    """R8/R9: winners share rank 1; everyone else is ranked by penalty cards, ties sharing."""

    def better(a: int, b: int) -> bool:
        if (a in winners) != (b in winners):
            return a in winners
        return a not in winners and penalties[a] < penalties[b]

    n = len(penalties)
    return [1 + sum(better(o, s) for o in range(n)) for s in range(n)]


def total_penalties(state: MatchState) -> int:
    return sum(state.penalties())
