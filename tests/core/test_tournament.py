"""The shared tournament harness (games.core.tournament): seatings, standings, intervals.

Each game's tests run its own command once, small; what is common is proven here."""

from __future__ import annotations

import pytest

from games.core import Status, Traits, tournament
from games.core.tournament import Job, Result, by_seat, endings, schedule, standings, wilson
from games.schlagdame import GAME as SCHLAGDAME


def result(levels, ranking, scores=(), sides=None, cpu=None):
    sides = sides or [[seat] for seat in range(len(levels))]
    return Result(0, "s-0", tuple(levels), tuple(ranking), tuple(scores), sides, 1, 10, cpu or {})


def test_two_levels_swap_colours_on_one_seed():
    jobs = schedule(["grandmaster", "man"], 3, "s")
    assert len(jobs) == 4  # rounded up to whole sets
    assert [job.seed for job in jobs] == ["s-0", "s-0", "s-1", "s-1"]
    assert [job.levels for job in jobs[:2]] == [("grandmaster", "man"), ("man", "grandmaster")]
    assert [job.index for job in jobs] == [0, 1, 2, 3]


def test_every_level_takes_every_seat_and_partnerships_swap():
    jobs = schedule(["c", "b", "d"], 5, "s")
    assert len(jobs) == 6 and [job.levels[0] for job in jobs[:3]] == ["c", "b", "d"]
    pairs = schedule(["a", "b", "a", "b"], 4, "s")  # Whist: the partnerships' seats swapped
    assert [job.levels for job in pairs[:2]] == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(pairs) == 4 and pairs[2].seed == "s-1"


def test_a_shared_first_place_is_split_and_a_draw_is_half():
    table = standings([result(["x", "y", "z"], (1, 1, 3)), result(["x", "y"], (1, 1))])
    assert table["x"].wins == pytest.approx(1 / 2 + 1 / 2)
    assert table["z"].wins == 0 and table["z"].played == 1
    assert table["y"].win_rate == pytest.approx(0.5)


def test_a_team_is_one_side_shared_by_its_seats():
    teams = [[0, 2], [1, 3]]
    won = result(["a", "b", "a", "b"], (1, 2, 1, 2), scores=(6, 0, 6, 0), sides=teams)
    lost = result(["b", "a", "b", "a"], (1, 2, 1, 2), scores=(4, 2, 4, 2), sides=teams)
    table = standings([won, lost])
    assert table["a"].played == 2 and table["a"].wins == 1  # one rubber won of two
    assert table["a"].points == 8 and table["b"].points == 4


def test_wins_by_seat_count_only_first_places_alone_and_endings_count_reasons():
    results = [result(["x", "y"], (1, 2)), result(["y", "x"], (1, 1)), result(["y", "x"], (2, 1))]
    for r, reason in zip(results, ["blocked", "drawn", "blocked"], strict=True):
        r.extra["end_reason"] = reason
    rows = {line.split()[0]: line.split()[1:] for line in by_seat(results, "xy", "AB").splitlines()}
    assert rows["x"] == ["1/1", "1/2"] and rows["y"] == ["0/2", "0/1"]
    assert endings(results) == "ended by blocked 2, drawn 1"


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 0) == (0.0, 0.0)
    assert wilson(100, 100)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == 0.0


def test_play_a_paired_game_and_report_it():
    setup = tournament.Setup(SCHLAGDAME, 2, clock=None)
    jobs = schedule(["king", "man"], 2, "t")
    results = tournament.run(setup, jobs)
    assert [r.levels for r in results] == [("king", "man"), ("man", "king")]
    for r in results:
        assert sorted(r.ranking) in ([1, 1], [1, 2]) and r.actions > 0
        assert r.cpu and all(t >= 0 for ts in r.cpu.values() for t in ts)
    text = tournament.report(results, SCHLAGDAME.bots.levels)
    rows = {line.split()[0]: line.split() for line in text.splitlines()[2:4]}
    assert set(rows) == {"king", "man"} and rows["king"][1] == "2"
    assert "95% CI" in text and "p95" in text


def test_a_match_that_does_not_end_is_an_error():
    class Endless:
        traits = type("T", (), {"max_actions": 5})()
        bots = SCHLAGDAME.bots

        def __getattr__(self, name):
            return getattr(SCHLAGDAME, name)

    with pytest.raises(RuntimeError, match="did not end in 5 actions"):
        tournament.play(tournament.Setup(Endless(), 2), Job(0, "e", ("man", "man")))


class Shout:
    """A toy game: two seats add 1 in turn up to 6; the seat not on turn may shout once (an
    optional move); whoever shouted wins."""

    player_counts = (2,)
    options = ()
    traits = Traits(perfect_information=True, chance=False, max_actions=20, optional_moves=True)

    def new(self, players, seed, options):
        return {"total": 0, "turn": 0, "shouted": [False, False]}

    def status(self, state):
        over = state["total"] >= 6
        turn = state["turn"]
        shouted = state["shouted"]
        ranking = (1, 1) if shouted[0] == shouted[1] else tuple(1 if s else 2 for s in shouted)
        return Status(
            to_act=() if over else (turn,),
            over=over,
            ranking=ranking if over else (),
            optional=() if over else tuple(s for s in (0, 1) if s != turn and not shouted[s]),
        )

    def view(self, state, seat):
        return {**state, "seat": seat}

    def apply(self, state, action):
        state = {**state, "shouted": state["shouted"][:]}
        if action["action"] == "shout":
            state["shouted"][action["seat"]] = True
        else:
            state["total"] += 1
            state["turn"] = 1 - state["turn"]
        return state

    def teams(self, players, options):
        return None


class ShoutBots:
    levels = ("quiet", "loud")

    def choose(self, level, view, rng, budget=None, clock=None):
        return {"seat": view["seat"], "action": "add"}

    def optional(self, level, view, rng):
        if level in ("loud", "sparring") and not view["shouted"][view["seat"]]:
            return {"seat": view["seat"], "action": "shout"}
        return None


Shout.bots = ShoutBots()


def test_bots_take_optional_moves_and_a_sparring_partner_plays_under_its_own_name():
    results = tournament.run(tournament.Setup(Shout(), 2), schedule(["loud", "quiet"], 4, "o"))
    assert all(r.ranking[r.levels.index("loud")] == 1 for r in results)
    assert standings(results)["loud"].wins == 4
    sparring = tournament.Setup(Shout(), 2, bots=ShoutBots())  # knows "sparring" too
    results = tournament.run(sparring, schedule(["sparring", "quiet"], 2, "p"))
    assert standings(results)["sparring"].wins == 2
    assert "sparring" in tournament.report(results, ShoutBots.levels)  # no level: listed last
