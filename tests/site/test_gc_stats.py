"""The collector's figures a server process reports to the load benchmark (issue 37):
korsaren_site/gc_stats.py counts passes by generation and the unreachable objects they found."""

from __future__ import annotations

import gc

from korsaren_site.gc_stats import CollectorStats, window


def test_a_pass_that_frees_a_cycle_is_counted():
    stats = CollectorStats()
    before = stats.report()
    gc.callbacks.append(stats)
    try:
        a, b = [], []
        a.append(b)
        b.append(a)  # a cycle: reference counting alone never frees it
        del a, b
        gc.collect()
    finally:
        gc.callbacks.remove(stats)
    after = stats.report()
    done = window(before, after)
    assert done["passes"][2] == 1  # gc.collect() is a full pass
    assert done["unreachable"] >= 2
    assert done["seconds"][2] > 0 and done["longest"][2] > 0
    assert stats.report()["longest"] == [0.0, 0.0, 0.0]  # the longest is per report window
