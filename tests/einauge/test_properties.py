"""Properties of whole random games (every player count): they end within the declared bound,
cards and money move only as the rules say, apply never mutates, dump/load and replay are
lossless, and resample keeps every seat's view."""

from __future__ import annotations

import random

import pytest

from games.einauge import GAME
from games.einauge.cards import ALL_CARDS, ISLANDS, SHIPS

from .helpers import play_random

COUNTS = (2, 3, 4, 5)
# EA1, written out again here: price -> (sabres, ducats, jewels) shown.
SHOWN = {2: (0, 0, 0), 3: (0, 1, 0), 4: (1, 1, 0), 5: (0, 3, 0), 6: (2, 2, 0), 7: (0, 0, 1)}
SHOWN[8] = (0, 0, 2)


def shown(card):
    return (0, 0, 0) if card.startswith("ship") else SHOWN[int(card.split("-")[1])]


def owned(player):
    return [c for row in player.rows.values() for c in row] + player.loose_ships


def everywhere(state):
    cards = state.display + state.table + state.deck
    return cards + [c for p in state.players for c in owned(p)]


@pytest.fixture(scope="module", params=COUNTS)
def game(request):
    n = request.param
    return play_random(n, f"prop-{n}", random.Random(n))


def test_random_play_ends_within_max_actions():
    for n in COUNTS:
        for k in range(3):
            states, log = play_random(n, f"end-{n}-{k}", random.Random(k))
            assert GAME.status(states[-1]).over, (n, k)
            assert len(log) <= GAME.traits.max_actions


def test_the_game_is_set_up_by_player_count(game):
    """EA2: 3, 2, 1, 0 colours removed; 6 in the display, 1 on the table, ships below."""
    states, _ = game
    first = states[0]
    n = first.n
    assert len(first.colours) == 8 - {2: 3, 3: 2, 4: 1, 5: 0}[n]
    assert len(first.display) == 6 and len(first.table) == 1
    assert first.deck[-8:] and sorted(first.deck[-8:]) == sorted(SHIPS)
    in_play = [c for c in ISLANDS if c.split("-")[0] in first.colours] + list(SHIPS)
    assert sorted(everywhere(first)) == sorted(in_play)
    assert all((p.ducats, p.sabres, p.jewels) == (20, 2, 1) for p in first.players)


def test_cards_are_conserved_and_only_sales_remove_them(game):
    states, log = game
    for before, action, after in zip(states, log, states[1:], strict=False):
        b, a = everywhere(before), everywhere(after)
        assert len(set(a)) == len(a)
        gone = set(b) - set(a)
        assert set(a) <= set(b)
        assert gone == (
            {action["card"]} if action["action"] == "sell" and "card" in action else set()
        )


def test_money_moves_as_the_rules_say(game):
    """EA4-EA7: a purchase costs its price, a fight its sabres, a sale pays 3 or 5; a card
    joining a row pays what the whole row shows; nothing else changes anyone's holdings."""
    states, log = game
    for before, action, after in zip(states, log, states[1:], strict=False):
        seat = action["seat"]
        for s in range(before.n):
            p, q = before.players[s], after.players[s]
            delta = [q.sabres - p.sabres, q.ducats - p.ducats, q.jewels - p.jewels]
            expected = [0, 0, 0]
            verb = action["action"]
            if s == seat and verb == "sell":
                expected = (
                    [0, 5, 0] if "card" in action else [0, 3 * action["jewels"], -action["jewels"]]
                )
            elif s == seat and verb in ("buy", "fight"):
                card = action["card"]
                row = next((r for r in q.rows.values() if card in r), [])
                expected = [sum(shown(c)[i] for c in row) for i in range(3)]
                if verb == "buy":
                    expected[1] -= 5 if card.startswith("ship") else int(card.split("-")[1])
                else:
                    sabre = not card.startswith("ship") and card.split("-")[1] in ("4", "6")
                    expected[0] -= 4 if sabre else 3
            assert delta == expected, (action, s)
            assert min(q.sabres, q.ducats, q.jewels) >= 0


def test_apply_never_mutates_and_dump_load_is_lossless(game):
    states, log = game
    for state, action in zip(states[:40], log[:40], strict=False):
        dumped = GAME.dump(state)
        GAME.apply(state, action)
        assert GAME.dump(state) == dumped
        again = GAME.load(dumped)
        assert GAME.dump(again) == dumped
        assert GAME.legal_actions(again, action["seat"]) == GAME.legal_actions(
            state, action["seat"]
        )
    assert GAME.dump(GAME.load(GAME.dump(states[-1]))) == GAME.dump(states[-1])


def test_replay_gives_the_same_state(game):
    states, log = game
    first = states[0]
    replay = GAME.new(first.n, f"prop-{first.n}", {})
    assert GAME.dump(replay) == GAME.dump(first)
    for action in log:
        replay = GAME.apply(replay, action)
    assert GAME.dump(replay) == GAME.dump(states[-1])


def test_resample_keeps_every_view_and_redraws_only_the_pile(game):
    states, _ = game
    rng = random.Random(5)
    changed = 0
    for state in states[::3]:
        for seat in (*range(state.n), None):
            other = GAME.resample(state, seat, rng)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert sorted(other.deck) == sorted(state.deck)
            ships = [c.startswith("ship") for c in other.deck]
            assert ships == sorted(ships)  # islands above, ships below (EA2)
            assert GAME.dump(other) | {"deck": None, "setup": None} == GAME.dump(state) | {
                "deck": None,
                "setup": None,
            }
            changed += other.deck != state.deck
    assert changed > 0


def test_the_view_never_shows_the_pile_order():
    """EA13: the pile's contents are public (sorted), its order is not; nor is the seed."""
    state = GAME.new(3, "secret-seed", {})
    view = GAME.view(state, 0)
    assert view["deck_cards"] == sorted(view["deck_cards"], key=ALL_CARDS.index)
    assert view["deck_size"] == len(state.deck)
    assert "deck" not in view and "setup" not in view
    assert "secret-seed" not in str(view)
    shuffled = GAME.resample(state, None, random.Random(1))
    assert shuffled.deck != state.deck
    assert GAME.view(shuffled, None) == GAME.view(state, None)
