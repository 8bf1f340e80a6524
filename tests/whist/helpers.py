"""Building Whist positions by hand, and random play, for the tests."""

from __future__ import annotations

import random
import re

from games.core.protocol import resolve_options
from games.whist import GAME
from games.whist.cards import DECK
from games.whist.engine import trick_winner
from games.whist.game import OPTIONS
from games.whist.state import Deal, Match

CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


def position(
    hands: list[list[str]],
    leader: int,
    trump: str | None = "S",
    dealer: int = 3,
    plays: list[str] = (),
    tricks: list[int] | None = None,
    trump_card: str | None = None,
    history: bool = False,
    **options,
) -> Match:
    """A match whose deal has these hands (all the same size), `leader` to lead, after `plays`
    (cards in order from the leader, through apply). With `history` the rest of the pack was
    played before, in tricks of one suit each (so they show no voids): each suit's missing
    cards must come in fours."""
    opts = resolve_options(OPTIONS, options)
    k = len(hands[0])
    played = []
    if history:
        held = {c for h in hands for c in h}
        for suit in "CDHS":
            gone = [c for c in DECK if c[-1] == suit and c not in held]
            assert len(gone) % 4 == 0, f"{len(gone)} {suit} gone"
            for i in range(0, len(gone), 4):
                cards = gone[i : i + 4]
                played.append(
                    {"leader": 0, "cards": cards, "winner": trick_winner(0, cards, trump)}
                )
    match = Match(
        options=opts,
        seed=None,
        cut=None,
        first_dealer=dealer,
        deal=Deal(
            round=1,
            number=0,
            dealer=dealer,
            trump=trump,
            trump_card=trump_card,
            dealt=[list(h) for h in hands],
            hands=[list(h) for h in hands],
            honours_held=[0, 0],
            leader=leader,
            tricks=tricks or [13 - k, 0],
            played=played,
        ),
    )
    for card in plays:
        match = GAME.apply(match, {"seat": match.deal.to_move, "action": "play", "card": card})
    return match


def random_step(state, rng: random.Random) -> dict:
    """A random legal action: the server's deal between deals, else a random legal card."""
    status = GAME.status(state)
    if status.server_step:
        return status.server_step
    return rng.choice(GAME.legal_actions(state, status.to_act[0]))


def play_random_rubber(state, rng: random.Random, limit: int = 5000):
    """(final state, the actions applied)."""
    log = []
    for _ in range(limit):
        if GAME.status(state).over:
            return state, log
        action = random_step(state, rng)
        log.append(action)
        state = GAME.apply(state, action)
    raise AssertionError("the rubber did not end")


def cards_in(value) -> set[str]:
    """Every card name anywhere in a JSON-like value."""
    return set(CARD.findall(repr(value)))
