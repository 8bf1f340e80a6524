"""A small tournament: paired rubbers, the report's figures (the harness itself:
tests/core/test_tournament.py)."""

from __future__ import annotations

from games.core import tournament
from games.whist import GAME
from games.whist.bots.tournament import has_choice, main, rubbers, summary


def setup(**options) -> tournament.Setup:
    return tournament.Setup(GAME, 4, options, clock=None, timed=has_choice, summary=summary)


def test_paired_rubbers_play_the_same_deals():
    first, second = tournament.run(setup(), tournament.schedule(["club", "dabbler"] * 2, 2, "p"))
    assert first.seed == second.seed and first.levels == ("club", "dabbler") * 2
    assert second.levels == ("dabbler", "club") * 2
    for r in (first, second):
        assert r.extra["winner"] in (0, 1) and sum(r.extra["deals"][0]) == 13
        assert r.extra["rubber_value"] > 0 and r.extra["rubber_points"][r.extra["winner"]] >= 4
        assert r.ranking[r.extra["winner"]] == 1  # the winners rank first


def test_club_beats_the_dabbler_and_the_report_says_so(capsys):
    main(["club", "dabbler", "--rubbers", "8", "--seed", "smoke", "--jobs", "1", "--fixed"])
    out = capsys.readouterr().out
    assert "club v dabbler, 8 rubbers (4 paired seeds)" in out
    line = next(x for x in out.splitlines() if x.startswith("rubbers won by A"))
    won = int(line.split(":")[1].split("/")[0])
    assert won >= 6  # 8 rubbers: the club player wins nearly all of them
    assert "95% CI" in line and "CPU ms p50" in out
    club = next(x for x in out.splitlines() if x.startswith("club  ")).split()
    assert club[1] == "8"  # a partnership's two seats are one side: 8 rubbers played


def test_hoyle_plays_a_rubber_against_the_club_player():
    job = tournament.Job(0, "hoyle-smoke", ("hoyle", "club", "hoyle", "club"))
    result = tournament.play(setup(variant="short"), job)
    assert result.extra["winner"] in (0, 1) and len(result.extra["deals"]) >= 2
    assert result.cpu["hoyle"] and result.cpu["club"]
    text = rubbers([result], "hoyle", "club")
    assert "hoyle (A) v club (B): 1 rubbers" in text


def test_the_sparring_partner_is_a_tournament_level_and_beats_the_dabbler(capsys):
    main(["sparring", "dabbler", "--rubbers", "4", "--seed", "t"])
    out = capsys.readouterr().out
    assert "sparring (A) v dabbler (B): 4 rubbers" in out
    assert "rubbers won by A: 4/4" in out
