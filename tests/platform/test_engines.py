"""Every engine against the game protocol (games/core/protocol.py), by random simulation.

In the manner of OpenSpiel's random-simulation test: whole matches of random legal play, from
many seeds, at every player count and with random table options, for every folder of games/
with a conformance runner (found by folder, not by the registry: engines without a web part
are held to it too). Each match:
- ends within the declared `traits.max_actions`;
- `apply` never changes the state it is given; what is not offered is refused with the game's
  errors; `dump` shares nothing with the state;
- `dump`/`load` are lossless through JSON, and a loaded state plays on alike;
- replaying the seed and the actions gives the same state;
- the timeout's actions are legal, one after another, for every seat the game waits for;
- for a game with hidden information, `resample` keeps the seat's view (and its legal actions)
  and deals something else in some position.
What is particular to a game (its invariants, its rules) stays in tests/<slug>/.

Small counts here; `ENGINE_SEEDS=200 ENGINE_CHECKED=1 ENGINE_MOST_CHECKS=100000 pytest
tests/platform/test_engines.py` for a full run (every position checked).
"""

from __future__ import annotations

import importlib
import json
import os
import random
from pathlib import Path

import pytest

from games.core import GameError

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.parent.name for p in (ROOT / "games").glob("*/scenario.py"))
SLUGS = [slug for slug in SLUGS if slug != "core"]
SEEDS = int(os.environ.get("ENGINE_SEEDS", "3"))
CHECKED = float(os.environ.get("ENGINE_CHECKED", "0.1"))  # share of positions checked deeply
MOST_CHECKS = int(os.environ.get("ENGINE_MOST_CHECKS", "15"))  # per match
RESIGN_CHANCE = 0.005  # a resignation ends a game at once: random play takes it rarely


def engine(slug: str):
    return importlib.import_module(f"games.{slug}").GAME


def counts(game) -> list[int]:
    return sorted(game.player_counts)


CASES = [
    pytest.param(slug, players, id=f"{slug}-{players}")
    for slug in SLUGS
    for players in counts(engine(slug))
]


def new_match(game, players: int, seed: str, rng: random.Random) -> tuple[dict, object]:
    """(options, state): a match with random table options, drawn again while the game
    refuses them for this many players (Mau Mau's 32-card pack is for 2 to 4), else the
    defaults."""
    for _ in range(20):
        options = {option.key: rng.choice(option.choices) for option in game.options}
        try:
            return options, game.new(players, seed, options)
        except ValueError:
            continue
    options = {option.key: option.default for option in game.options}
    return options, game.new(players, seed, options)


def random_action(game, state, status, rng: random.Random) -> dict:
    """A random legal action: the server's step, or one of a seat the game waits for (now and
    then an optional move of a seat it does not wait for)."""
    if status.server_step:
        return status.server_step
    seats = list(status.to_act)
    if status.optional and rng.random() < 0.2:
        seats = [s for s in status.optional if game.legal_actions(state, s)] or seats
    seat = rng.choice(seats)
    actions = game.legal_actions(state, seat)
    assert actions, f"seat {seat} is waited for but has no legal action"
    rare = [a for a in actions if a.get("action") == "resign"]
    if len(rare) < len(actions) and rng.random() > RESIGN_CHANCE:
        actions = [a for a in actions if a not in rare]
    return rng.choice(actions)


def through_json(data):
    return json.loads(json.dumps(data))


def clear_nested(value) -> None:
    """Empty every list and dict inside `value` (as a careless caller of dump might)."""
    children = value.values() if isinstance(value, dict) else value
    for child in list(children):
        if isinstance(child, (list, dict)):
            clear_nested(child)
    value.clear()


def check_storage(game, state) -> None:
    """dump/load lossless through JSON; neither shares anything with the state."""
    data = game.dump(state)
    stored = through_json(data)
    assert stored == data, "dump is not plain JSON"
    loaded = game.load(through_json(stored))
    assert game.dump(loaded) == stored
    assert game.status(loaded) == game.status(state)
    clear_nested(data)
    assert game.dump(state) == stored, "the dump shares data with the state"


def check_timeout(game, state, status, rng: random.Random) -> None:
    """Every seat waited for: its timeout actions are legal one after another (BGA's zombie)."""
    for seat in status.to_act:
        actions = game.timeout_actions(state, seat, random.Random(rng.random()))
        assert actions, f"no timeout action for seat {seat}"
        after = state
        for action in actions:
            assert action in game.legal_actions(after, seat), f"timeout {action} is not legal"
            after = game.apply(after, action)


def check_refusals(game, state, players: int, rng: random.Random) -> None:
    """Actions that are not legal here are refused with the game's errors (IllegalAction,
    MalformedAction), and the state stays as it was."""
    before = game.dump(state)
    offered = [a for s in range(players) for a in game.legal_actions(state, s)]
    attempts = ["nonsense", {}, {"seat": players, "action": "pass"}, {"seat": -1}]
    for action in rng.sample(offered, min(3, len(offered))):
        seat = (action["seat"] + rng.randrange(1, players + 1)) % (players + 1)
        attempts.append({**action, "seat": seat})  # another seat's move, or no seat's
    for action in attempts:
        seat = action.get("seat") if isinstance(action, dict) else None
        legal = seat in range(players) and action in game.legal_actions(state, seat)
        try:
            game.apply(state, action)
        except GameError:
            assert not legal, f"{action} is offered but refused"
        else:
            assert legal, f"{action} was applied but not offered"
    assert game.dump(state) == before, "a refused action changed the state"


def check_resample(game, state, players: int, rng: random.Random) -> int:
    """resample: the same view and legal actions for the seat; returns how many differed."""
    changed = 0
    for seat in (None, rng.randrange(players)):  # a spectator and one seat
        before = game.dump(state)
        other = game.resample(state, seat, random.Random(rng.random()))
        assert game.dump(state) == before, "resample changed its input"
        assert game.view(other, seat) == game.view(state, seat), f"seat {seat} can tell"
        if seat is not None:
            assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
        assert game.status(other).to_act == game.status(state).to_act
        check_storage(game, other)
        changed += game.dump(other) != before
    return changed


def play(game, players: int, seed: str, rng: random.Random):
    """A whole random match: (options, actions, final state, positions resampled that
    changed). The costlier checks (and apply's purity) at the first position and at about one
    in ten, at most MOST_CHECKS."""
    traits = game.traits
    options, state = new_match(game, players, seed, rng)
    actions: list[dict] = []
    changed = 0
    checks = 0
    while not (status := game.status(state)).over:
        assert len(actions) < traits.max_actions, f"no end within {traits.max_actions} actions"
        assert traits.optional_moves or not status.optional, "undeclared optional moves"
        assert status.to_act or status.server_step, "nobody to act and no server step"
        deep = not actions or (checks < MOST_CHECKS and rng.random() < CHECKED)
        if deep:
            checks += 1
            check_storage(game, state)
            check_timeout(game, state, status, rng)
            check_refusals(game, state, players, rng)
            if not traits.perfect_information:
                changed += check_resample(game, state, players, rng) > 0
        action = random_action(game, state, status, rng)
        before = game.dump(state) if deep else None
        following = game.apply(state, through_json(action))
        assert before is None or game.dump(state) == before, f"apply changed its input ({action})"
        actions.append(action)
        state = following
    assert status.ranking and min(status.ranking) == 1 and len(status.ranking) == players
    return options, actions, state, changed


@pytest.mark.parametrize("slug, players", CASES)
def test_random_matches_end_and_keep_the_protocol(slug, players):
    game = engine(slug)
    changed = 0
    for n in range(SEEDS):
        rng = random.Random(f"{slug}-{players}-{n}")
        seed = f"engine-{n}"
        options, actions, final, resampled = play(game, players, seed, rng)
        changed += resampled
        replayed = game.new(players, seed, options)
        for action in through_json(actions):
            replayed = game.apply(replayed, action)
        assert game.dump(replayed) == game.dump(final), "seed + actions replay differently"
        check_storage(game, final)
    if not game.traits.perfect_information:
        assert changed, "resample never dealt anything differently"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_declared_traits_hold(slug):
    game = engine(slug)
    traits = game.traits
    assert counts(game) and all(n >= 1 for n in counts(game))
    assert traits.max_actions > 0
    defaults = {option.key: option.default for option in game.options}
    for players in counts(game):
        teams = game.teams(players, defaults)
        assert (teams is not None) == traits.teams, "teams are not as declared"
        if teams:
            assert sorted(s for team in teams for s in team) == list(range(players))
        # Chance: the seed decides what the first seat is dealt or sees, or nothing does.
        starts = [json.dumps(game.view(game.new(players, f"s{n}", defaults), 0)) for n in range(6)]
        assert (len(set(starts)) > 1) == traits.chance, "the seed's effect is not as declared"
    if not traits.perfect_information:
        assert callable(getattr(game, "resample", None)), "hidden information needs resample"
