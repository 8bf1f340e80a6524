"""What a seat sees (CG12), and states it cannot tell apart (resample).

`view(state, seat)` is the only way information leaves the engine: the board, the boat, every
pirate, the size of each hand and of the draw pile, the whole discard pile, whose turn it is,
the actions left and who must still discard; a seat's own hand (and the cards it drew since the
last reshuffle, which it saw); never another hand or the draw pile's order.

`determinize(view, rng)` deals what the view hides afresh: the draw pile and the other hands
from the cards the seat has not seen. After a reshuffle the draw pile can only hold cards of
the pile it was formed from (public) that the seat did not draw itself, and it keeps to that.
Bots use it on their own view; `resample` is it applied to `view(state, seat)`.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from .board import parse_position, position_name
from .cards import DECK, sort_cards
from .engine import legal_actions
from .rules import nest_counts
from .state import DISCARD, OVER, State


def to_move(state: State) -> list[int]:
    if state.phase == OVER:
        return []
    if state.phase == DISCARD:
        return [s for s in range(state.players) if state.must_discard[s]]
    return [state.turn]


def view(state: State, seat: int | None) -> dict:
    own = seat is not None
    return {
        "game": "cartagena2",
        "seat": seat,
        "players": state.players,
        "tiles": [t if isinstance(t, str) else list(t) for t in state.tiles],
        "spaces": list(state.spaces[1:]),  # spaces 1-35
        "boat": state.boat,
        "pirates": [[position_name(p) for p in ps] for ps in state.pirates],
        "hand": sort_cards(state.hands[seat]) if own else None,
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "reshuffles": state.reshuffles,
        "pool": None if state.pool is None else list(state.pool),
        "drawn": sort_cards(state.drawn[seat]) if own else None,
        "phase": state.phase,
        "turn": None if state.phase == OVER else state.turn,
        "actions_left": state.actions_left,
        "free_boat": state.free_boat,
        "must_discard": list(state.must_discard),
        "to_move": to_move(state),
        "over": state.phase == OVER,
        "winner": state.winner,
        "scores": nest_counts(state),
        "legal": legal_actions(state, seat) if own else [],
    }


def unseen(view: dict) -> Counter:
    """The cards the seat has not seen where they are: the other hands and the draw pile."""
    return Counter(DECK) - Counter(view["hand"] or []) - Counter(view["discard"])


def determinize(view: dict, rng: Random) -> State:
    """A whole state matching `view`, with everything it hides dealt afresh from `rng`."""
    seat = view["seat"]
    hidden = unseen(view)
    candidates = hidden
    if view["pool"] is not None:  # CG10: the pile holds only what it was formed from
        candidates = (Counter(view["pool"]) - Counter(view["drawn"] or [])) & hidden
    deck = rng.sample(sorted(candidates.elements()), view["deck_size"])
    rest = sorted((hidden - Counter(deck)).elements())
    rng.shuffle(rest)
    hands = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    if rest:
        raise ValueError("the view's counts do not add up to 105 cards")
    state = State(
        players=view["players"],
        tiles=list(view["tiles"]),
        boat=view["boat"],
        pirates=[sorted(parse_position(p) for p in ps) for ps in view["pirates"]],
        hands=hands,
        deck=deck,
        discard=list(view["discard"]),
        turn=view["turn"] if view["turn"] is not None else 0,
        actions_left=view["actions_left"],
        free_boat=view["free_boat"],
        phase=view["phase"],
        must_discard=list(view["must_discard"]),
        winner=view["winner"],
        seed=f"{rng.getrandbits(128):032x}",  # future reshuffles: unknown, so fresh
        reshuffles=view["reshuffles"],
        pool=None if view["pool"] is None else list(view["pool"]),
    )
    if seat is not None:
        state.drawn[seat] = list(view["drawn"])
    return state


def resample(state: State, seat: int | None, rng: Random) -> State:
    return determinize(view(state, seat), rng)


def outcome(state: State) -> dict:
    """The whole state in the scenario format's output terms (scenarios/cartagena2/README.md);
    secrets included: for the runner and the record, never for a seat."""
    over = state.phase == OVER
    return {
        "status": "ok",
        "to_move": to_move(state),
        "over": over,
        "winners": [] if state.winner is None else [state.winner],
        "scores": nest_counts(state),
        "phase": state.phase,
        "turn": None if over else state.turn,
        "actions_left": state.actions_left,
        "free_boat": state.free_boat,
        "boat": state.boat,
        "pirates": [[position_name(p) for p in ps] for ps in state.pirates],
        "hands": [sort_cards(h) for h in state.hands],
        "hand_sizes": [len(h) for h in state.hands],
        "must_discard": list(state.must_discard),
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
    }
