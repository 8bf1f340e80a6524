"""What one seat (or a spectator) may see (MM14), and states rebuilt from it (resample).

Public: the discard pile in order, the stock's size, every hand's size, the suit to follow and
any wish, pending 7s, the direction, whose turn it is, places and scores, the Mau calls and
penalties, interjections with the players they skipped, and which cards went into the stock at
the last reshuffle (they were the pile, face up). Private: the seat's own hand. Never: other
hands, the stock's order, the seed.
"""

from __future__ import annotations

import json
from collections import Counter
from random import Random

from .cards import sort_cards
from .engine import legal_actions
from .rules import can_interject, suit_to_follow
from .state import PLAY, Match

# Public fields of the state, copied as they are.
PUBLIC = ("options", "players", "round", "dealer", "discard", "direction", "wish", "places",
          "phase", "scores", "match_winners", "reshuffles", "restock", "mau_missed", "log",
          "actions", "void", "result")  # fmt: skip


def view(m: Match, seat: int | None) -> dict:
    seen = {key: getattr(m, key) for key in PUBLIC}
    playing = m.phase == PLAY
    seen.update(
        {
            "seat": seat,
            "hand": sort_cards(m.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in m.hands],
            "stock_size": len(m.stock),
            "top": m.discard[-1],
            "suit": suit_to_follow(m),
            "pending_draw": m.pending,
            "to_move": m.to_move,
            "over": not playing,  # the game
            "match_over": m.over,
            "winners": m.places[:1] if not playing and not m.void else [],
            "legal": legal_actions(m, seat) if seat is not None else [],
            "can_interject": seat is not None and playing and can_interject(m, seat),
        }
    )
    return json.loads(json.dumps(seen))  # shares nothing with the state


def unseen_pool(m: Match, seat: int) -> list[str]:
    """The cards `seat` cannot see: the other hands and the stock."""
    return [c for s, h in enumerate(m.hands) if s != seat for c in h] + m.stock


def determinize(seen: dict, pool: list[str], rng: Random, seed: str | None) -> Match:
    """A state whose view for `seen["seat"]` is `seen`: the unseen cards `pool` dealt at random
    to the other hands and the stock. Consistent with what the seat saw: after a reshuffle the
    stock holds only cards of that reshuffle (`restock`) not seen since. Not modelled: a pass
    (MM7) shows the passer held no fitting card then (rare: stock and pile both empty)."""
    seat = seen["seat"]
    sizes = seen["hand_sizes"]
    pool = pool[:]
    rng.shuffle(pool)
    if seen["restock"]:
        candidates = list((Counter(seen["restock"]) & Counter(pool)).elements())
        stock = rng.sample(candidates, seen["stock_size"])
        for card in stock:
            pool.remove(card)
        rng.shuffle(stock)
    else:
        stock, pool = pool[: seen["stock_size"]], pool[seen["stock_size"] :]
    hands = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(list(seen["hand"]))
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    m = Match(
        seed=seed,
        hands=hands,
        stock=stock,
        to_move=seen["to_move"],
        pending=seen["pending_draw"],
        **{key: seen[key] for key in PUBLIC},
    )
    return m.copy()  # its own lists; the rest (options, log entries, ...) is never changed
