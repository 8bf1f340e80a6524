"""The rules engine: a new match, the legal actions, and applying one (CG3-CG11).

Actions (the scenario format's, with the acting seat):
    {"seat": s, "action": "play", "card": "compass", "from": 3}          CG5
    {"seat": s, "action": "advance", "target": t, "from": "start"}       CG6
    {"seat": s, "action": "boat"}                                         CG7, CG8
    {"seat": s, "action": "end"}                                          CG4
    {"seat": s, "action": "discard", "cards": ["map", "map"]}            CG9

Random streams of the match seed (games/core/rng.py), all with public labels: "board" and
"board-faces" (the random layout, board.py), "deal" (the 105 cards from cards.DECK's order: seat
0 gets the first seven, seat 1 the next, ...; the rest is the draw pile, top first),
"first-player" (CG3), "reshuffle-K" (the K-th time the discard pile, bottom first, becomes the
draw pile, CG10).

IllegalAction codes (rule): game_over (CG11), not_your_turn (CG4), must_discard (CG9),
no_discard_due (CG9), wrong_discard_count (CG9), card_not_held (CG5, CG9), no_pirate_there
(CG5, CG6), pirate_cannot_move (CG5, CG6), no_destination (CG5), own_pirate (CG6),
cannot_advance (CG6), boat_needs_crew (CG7), boat_needs_islander (CG7), no_action_taken (CG4).
"""

from __future__ import annotations

from collections import Counter

from games.core import IllegalAction, MalformedAction, Stream, shuffled
from games.core.scenario import is_int

from .board import (
    BOAT,
    NEST,
    PIRATES,
    STANDARD,
    START,
    parse_position,
    position_name,
    random_layout,
)
from .cards import DECK, KINDS, is_card, is_privateer, remove, sort_cards, symbol
from .rules import (
    advance_destination,
    boat_allowed,
    has_action,
    is_captain,
    occupancy,
    play_destination,
)
from .state import ACTIONS, DISCARD, OVER, State

HAND = 7  # CG3: cards dealt; CG9: what a privateer card leaves
VERBS = ("play", "advance", "boat", "end", "discard")


class ReshuffleMismatch(ValueError):
    """A scenario's `reshuffles` order does not hold the discard pile's cards (malformed)."""


def new_match(players: int, seed: str, options: dict) -> State:
    """CG3: the layout, the deal, the first player; the boat at the first island."""
    tiles = list(STANDARD) if options["board"] == "standard" else random_layout(seed)
    cards = shuffled(DECK, seed, "deal")
    hands = [cards[HAND * s : HAND * (s + 1)] for s in range(players)]
    deck = cards[HAND * players :]
    first = Stream(seed, "first-player").below(players)
    state = State(
        players=players,
        tiles=tiles,
        boat=1,
        pirates=[[START] * PIRATES for _ in range(players)],
        hands=hands,
        deck=deck,
        discard=[],
        turn=first,
        seed=seed,
    )
    state.setup = {"board": tiles, "turn": first, "hands": hands, "deck": deck}
    begin_turn(state, first)
    return state


def begin_turn(state: State, seat: int) -> None:
    """CG4, CG8: three actions; the captain is decided now, from the pirates aboard."""
    state.turn = seat
    state.actions_left = 3
    state.phase = ACTIONS
    state.free_boat = is_captain(state, seat)


def end_turn(state: State) -> None:
    begin_turn(state, (state.turn + 1) % state.players)  # CG3: clockwise


# --- drawing (CG10) ------------------------------------------------------------------------


def _reshuffle(state: State) -> None:
    """CG10: the discard pile becomes the draw pile."""
    k = state.reshuffles + 1
    if state.preset is not None and k <= len(state.preset):
        order = list(state.preset[k - 1])
        if sort_cards(order) != sort_cards(state.discard):
            raise ReshuffleMismatch(f"reshuffle {k} does not hold the discard pile's cards")
    elif state.seed is not None:
        order = shuffled(state.discard, state.seed, f"reshuffle-{k}")
    else:
        order = list(state.discard)  # the scenario format: the first discarded drawn first
    state.reshuffles = k
    state.orders = [*state.orders, order]
    state.pool = sort_cards(order)
    state.drawn = [[] for _ in range(state.players)]
    state.deck = list(order)
    state.discard = []


def draw(state: State, seat: int, count: int) -> None:
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                return  # CG10: both piles empty, the rest of the draw is lost
            _reshuffle(state)
        card = state.deck.pop(0)
        state.hands[seat].append(card)
        state.drawn[seat].append(card)


# --- actions ---------------------------------------------------------------------------------


def parse(state: State, action) -> dict:
    """The action checked for shape (MalformedAction), normalised: positions as integers."""
    if not isinstance(action, dict):
        raise MalformedAction("an action is a JSON object")
    seat, verb = action.get("seat"), action.get("action")
    if not is_int(seat) or not 0 <= seat < state.players:
        raise MalformedAction(f"no seat {seat!r} in a {state.players}-player game")
    if verb not in VERBS:
        raise MalformedAction(f"unknown action {verb!r}")
    out = {"seat": seat, "action": verb}
    try:
        if verb in ("play", "advance"):
            out["from"] = parse_position(action.get("from"))
    except ValueError as e:
        raise MalformedAction(str(e)) from None
    if verb == "play":
        if not is_card(action.get("card")):
            raise MalformedAction(f"unknown card {action.get('card')!r}")
        out["card"] = action["card"]
    elif verb == "advance":
        target = action.get("target")
        if not is_int(target) or not 0 <= target < state.players:
            raise MalformedAction(f"no seat {target!r} to advance")
        out["target"] = target
    elif verb == "discard":
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(is_card(c) for c in cards):
            raise MalformedAction("'cards' must be a list of card names")
        out["cards"] = list(cards)
    return out


def apply(state: State, action) -> State:
    """The state after `action`; `state` itself is never changed."""
    new = state.copy()
    step(new, action)
    return new


def step(state: State, action) -> None:
    """Apply `action` in place (bots' searches use it on their own copies)."""
    a = parse(state, action)
    seat, verb = a["seat"], a["action"]
    if state.phase == OVER:
        raise IllegalAction("game_over", "the game is over", "CG11")
    if state.phase == DISCARD:
        if verb != "discard":
            raise IllegalAction(
                "must_discard", "the privateer's discards come first", "CG9", seats=_due(state)
            )
        return _discard(state, seat, a["cards"])
    if verb == "discard":
        raise IllegalAction("no_discard_due", "nobody has to discard now", "CG9")
    if seat != state.turn:
        raise IllegalAction("not_your_turn", f"it is seat {state.turn}'s turn", "CG4")
    if verb == "end":
        return _end(state, seat)
    if verb == "boat":
        _boat(state, seat)
    elif verb == "play":
        _play(state, seat, a["card"], a["from"])
    else:
        _advance(state, seat, a["target"], a["from"])
    if state.phase == ACTIONS and state.actions_left == 0:
        end_turn(state)  # CG4 Decided: the turn passes after the third action


def _spend_action(state: State) -> None:
    state.actions_left -= 1
    state.free_boat = False  # CG8: once an action is taken the free move is gone


def _movable_pirate(state: State, seat: int, position: int, rule: str) -> None:
    """`seat` has a pirate at `position` that may be moved (CG5, CG6)."""
    if position not in state.pirates[seat]:
        raise IllegalAction(
            "no_pirate_there", f"seat {seat} has no pirate at {position}", rule, position=position
        )
    if position == NEST or (position == BOAT and state.boat == 1):
        raise IllegalAction(
            "pirate_cannot_move",
            "pirates in the nest, or aboard while the boat is at the first island, stay put",
            rule,
            position=position,
        )


def _move(state: State, seat: int, old: int, new: int) -> None:
    pirates = state.pirates[seat]
    pirates.remove(old)
    pirates.append(new)
    pirates.sort()


def _play(state: State, seat: int, card: str, position: int) -> None:
    """CG5, then CG9 for a privateer card, CG11 for the sixth pirate in the nest."""
    if card not in state.hands[seat]:
        raise IllegalAction("card_not_held", f"seat {seat} holds no {card}", "CG5", card=card)
    _movable_pirate(state, seat, position, "CG5")
    dest = play_destination(state, seat, position, symbol(card), occupancy(state))
    if dest is None:
        raise IllegalAction(
            "no_destination",
            f"no free {symbol(card)} ahead and no room in the boat",
            "CG5",
            card=card,
            position=position,
        )
    state.hands[seat].remove(card)
    state.discard.append(card)
    _move(state, seat, position, dest)
    _spend_action(state)
    if state.pirates[seat].count(NEST) == PIRATES:  # CG11: the game ends at once
        state.phase, state.winner, state.actions_left = OVER, seat, 0
        return
    if is_privateer(card):  # CG9: everybody above seven discards down to seven
        state.must_discard = [max(0, len(h) - HAND) for h in state.hands]
        if any(state.must_discard):
            state.phase = DISCARD


def _advance(state: State, seat: int, target: int, position: int) -> None:
    """CG6: another player's pirate to the next space with one or two pirates; draw."""
    if target == seat:
        raise IllegalAction("own_pirate", "advance moves another player's pirate", "CG6")
    _movable_pirate(state, target, position, "CG6")
    found = advance_destination(state, target, position, occupancy(state))
    if found is None:
        raise IllegalAction(
            "cannot_advance",
            "no occupied space ahead, no room in the boat (never into the nest)",
            "CG6",
            position=position,
        )
    dest, cards = found
    _move(state, target, position, dest)
    _spend_action(state)
    draw(state, seat, cards)


def _boat(state: State, seat: int) -> None:
    """CG7; CG8: a captain's first boat move before any action is free."""
    if not boat_allowed(state, seat):
        if state.boat == 1:
            raise IllegalAction("boat_needs_crew", "none of your pirates is aboard", "CG7")
        raise IllegalAction(
            "boat_needs_islander", "none of your pirates is left on the first island", "CG7"
        )
    state.boat = 3 - state.boat
    if state.free_boat:
        state.free_boat = False
    else:
        _spend_action(state)


def _end(state: State, seat: int) -> None:
    """CG4: after at least one action; with no legal action at all, draw one card first."""
    if state.actions_left == 3:
        if has_action(state, seat):
            raise IllegalAction("no_action_taken", "take at least one action first", "CG4")
        draw(state, seat, 1)  # CG4 Decided
    end_turn(state)


def _due(state: State) -> list[int]:
    return [s for s in range(state.players) if state.must_discard[s]]


def _discard(state: State, seat: int, cards: list[str]) -> None:
    """CG9: exactly the surplus; the turn goes on once everybody has discarded."""
    due = state.must_discard[seat]
    if not due:
        raise IllegalAction("no_discard_due", f"seat {seat} need not discard", "CG9")
    if len(cards) != due:
        raise IllegalAction("wrong_discard_count", f"discard exactly {due} cards", "CG9", count=due)
    rest = remove(state.hands[seat], cards)
    if rest is None:
        raise IllegalAction("card_not_held", "you do not hold those cards", "CG9")
    state.hands[seat] = rest
    state.discard.extend(cards)
    state.must_discard[seat] = 0
    if not any(state.must_discard):
        state.phase = ACTIONS
        if state.actions_left == 0:
            end_turn(state)


# --- legal actions --------------------------------------------------------------------------


def discard_choices(hand: list[str], count: int) -> list[list[str]]:
    """Every distinct multiset of `count` cards from `hand` (CG9), in CG1 order."""
    kinds = sorted(Counter(hand).items(), key=lambda kv: KINDS.index(kv[0]))
    out: list[list[str]] = []
    _pick(kinds, out, 0, count, [])
    return out


def _pick(kinds: list, out: list[list[str]], i: int, left: int, chosen: list[str]) -> None:
    """discard_choices' recursion: a function of the module, not a closure (a closure that
    calls itself is a cycle left to the garbage collector after every call, issue 37)."""
    if left == 0:
        out.append(chosen)
        return
    if i == len(kinds) or left > sum(n for _, n in kinds[i:]):
        return
    card, n = kinds[i]
    for k in range(min(n, left), -1, -1):
        _pick(kinds, out, i + 1, left - k, chosen + [card] * k)


def legal_actions(state: State, seat: int) -> list[dict]:
    if state.phase == OVER:
        return []
    if state.phase == DISCARD:
        due = state.must_discard[seat]
        if not due:
            return []
        choices = discard_choices(state.hands[seat], due)
        return [{"seat": seat, "action": "discard", "cards": c} for c in choices]
    if seat != state.turn:
        return []
    out = []
    occ = occupancy(state)
    positions = sorted(set(state.pirates[seat]))
    for card in sort_cards(set(state.hands[seat])):
        for p in positions:
            if play_destination(state, seat, p, symbol(card), occ) is not None:
                out.append({"seat": seat, "action": "play", "card": card, "from": position_name(p)})
    for target in range(state.players):
        if target == seat:
            continue
        for p in sorted(set(state.pirates[target])):
            if advance_destination(state, target, p, occ) is not None:
                out.append(
                    {"seat": seat, "action": "advance", "target": target, "from": position_name(p)}
                )
    if boat_allowed(state, seat):
        out.append({"seat": seat, "action": "boat"})
    if state.actions_left < 3 or not out:
        out.append({"seat": seat, "action": "end"})
    return out
