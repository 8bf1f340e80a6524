"""The Captain (strong): flat Monte Carlo search over determinizations.

Each candidate action is played out to the end of the game on draw piles whose order is drawn
afresh from what the seat has seen (islands above, ships below: `views.shuffled_deck`), every
seat then playing the Merchant's policy; the same piles serve every candidate (common random
numbers). An outcome is scored by the final scoring (EA12): a win, and the margin over the best
other seat. Within `budget` seconds of `clock`, or, without a clock, a fixed number of piles.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from ..cards import is_ship
from ..rules import buys, fights, step
from ..scoring import final_scoring
from ..state import BUY, FIGHT, FINAL, TABLE, State
from ..views import shuffled_deck
from . import merchant

DEFAULT_TIME_BUDGET = 0.5  # seconds per decision
FIXED_PILES = 8  # without a clock
MAX_PILES = 200


def candidates(state: State, seat: int) -> list[dict]:
    """The actions worth comparing; ships are interchangeable (EA1), so one of each kind."""
    player = state.players[seat]
    phase = state.phase
    if phase == BUY:
        options = [{"action": "buy", **b} for b in buys(state, player)]
        if not options:
            return [merchant.forced_sale(player)]
    elif phase == FIGHT:
        options = [{"action": "fight", **f} for f in fights(state, player)]
        options.append({"action": "pass"})
    elif phase == TABLE:
        options = [{"action": "table", "card": c} for c in sorted(state.display)]
    elif phase == FINAL and not state.took:
        options = [{"action": "fight", **f} for f in fights(state, player)]
        options.append(merchant.final_sale(state, seat) or {"action": "pass"})
    else:
        return [merchant.decide(state, seat)]
    unique, seen = [], set()
    for option in options:
        card = option.get("card", "")
        key = (option["action"], "ship" if is_ship(card) else card, option.get("row"),
               option.get("onto_ships"))  # fmt: skip
        if key not in seen:
            seen.add(key)
            unique.append(option)
    return unique


def playout(state: State) -> State:
    """Every seat plays the Merchant to the end (in place)."""
    while not state.over:
        seat = state.turn
        step(state, {"seat": seat, **merchant.decide(state, seat)})
    return state


def utility(state: State, seat: int) -> float:
    scores = final_scoring(state.players, state.colours)["scores"]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    margin = scores[seat] - best_other
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0) + margin / 20


def choose(
    view: dict,
    state: State,
    rng: Random,
    budget: float,
    clock: Callable[[], float] | None = None,
) -> dict:
    seat = view["seat"]
    options = candidates(state, seat)
    if len(options) == 1:
        return {"seat": seat, **options[0]}
    totals = [0.0] * len(options)
    started = clock() if clock else 0.0
    piles = 0
    while piles < MAX_PILES:
        world = state.copy()
        world.deck = shuffled_deck(state.deck, rng)
        for i, option in enumerate(options):
            trial = world.copy()
            step(trial, {"seat": seat, **option})
            totals[i] += utility(playout(trial), seat)
        piles += 1
        if clock is None:
            if piles >= FIXED_PILES:
                break
        elif clock() - started >= budget * 0.8:
            break
    best = max(range(len(options)), key=lambda i: totals[i])
    return {"seat": seat, **options[best]}
