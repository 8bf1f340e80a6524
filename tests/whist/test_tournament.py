"""A small tournament: paired rubbers, the report's figures."""

from __future__ import annotations

from games.whist.bots.tournament import main, play_rubber, report, schedule, wilson


def test_schedule_pairs_rubbers_on_one_seed_with_seats_swapped():
    jobs = schedule("club", "dabbler", 4, "s")
    assert [(seed, levels) for _, seed, levels in jobs] == [
        ("s-0", ("club", "dabbler")),
        ("s-0", ("dabbler", "club")),
        ("s-1", ("club", "dabbler")),
        ("s-1", ("dabbler", "club")),
    ]


def test_paired_rubbers_play_the_same_deals():
    first = play_rubber(0, "pair", ("club", "dabbler"), {}, None, True)
    second = play_rubber(1, "pair", ("dabbler", "club"), {}, None, True)
    assert first.winner in (0, 1) and second.winner in (0, 1)
    assert sum(first.deals[0]) == sum(second.deals[0]) == 13
    assert first.rubber_value > 0 and first.rubber_points[first.winner] >= 4


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 0) == (0.0, 0.0)


def test_club_beats_the_dabbler_and_the_report_says_so(capsys):
    main(["club", "dabbler", "--rubbers", "8", "--seed", "smoke", "--jobs", "1"])
    out = capsys.readouterr().out
    assert "club v dabbler, 8 rubbers (4 paired seeds)" in out
    line = next(x for x in out.splitlines() if x.startswith("rubbers won by A"))
    won = int(line.split(":")[1].split("/")[0])
    assert won >= 6  # 8 rubbers: the club player wins nearly all of them
    assert "95% CI" in line and "CPU ms: median" in out


def test_hoyle_plays_a_rubber_against_the_club_player():
    result = play_rubber(0, "hoyle-smoke", ("hoyle", "club"), {"variant": "short"}, None, True)
    assert result.winner in (0, 1) and len(result.deals) >= 2
    assert result.decision_times["hoyle"] and result.decision_times["club"]
    text = report([result], "hoyle", "club")
    assert "hoyle (A) v club (B): 1 rubbers" in text
