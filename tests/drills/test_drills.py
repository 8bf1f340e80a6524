"""Fault drills in CI (issue 8), against real server processes: a killed Celery worker, a
killed ASGI server with moves in flight, and one move sent 50 times at once. Each ends by
replaying every match touched from its seed and move log. The Redis restart drill, and the
worker drill played to the end of every match, run by hand: python -m benchmarks.drills."""

import pytest

from benchmarks import drills

pytestmark = pytest.mark.django_db(transaction=True)


def passed(results, ids) -> None:
    bad = drills.replay_equals_stored(ids)
    assert not bad, f"matches whose move log does not replay to their state: {bad}"
    failed = [r for r in results if not r[1]]
    assert not failed, failed


def test_a_killed_worker_loses_no_turn_and_plays_none_twice(stack, drill_results):
    passed(drill_results, drills.drill_worker(stack, matches=2, finish=False))


def test_after_an_asgi_crash_tabs_reconnect_and_moves_in_flight_apply_once(stack, drill_results):
    passed(drill_results, drills.drill_asgi(stack, kill_delays=(0.0, 0.003, 0.05)))


def test_one_move_sent_50_times_at_once_is_applied_once(stack, drill_results):
    """POSTed 50 times, then sent over 30 sockets at once: applied once each time."""
    passed(drill_results, drills.drill_concurrent(stack))
