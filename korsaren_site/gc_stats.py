"""The cyclic garbage collector's work in a server process, for the load benchmark (issue 37):
its passes by generation, how long they took, and how many objects they found unreachable
(cyclic garbage: what reference counting alone never frees). Off unless GC_STATS names a
folder; the process then writes its figures to <folder>/<pid>.json each time it gets SIGUSR1
(benchmarks/load.py asks at the start and the end of each step)."""

from __future__ import annotations

import gc
import json
import os
import signal
import time
from pathlib import Path

GENERATIONS = 3


class CollectorStats:
    """Running totals since the process started; the longest pass since the last report."""

    def __init__(self) -> None:
        self.passes = [0] * GENERATIONS
        self.seconds = [0.0] * GENERATIONS
        self.longest = [0.0] * GENERATIONS  # reset by each report: the window's longest
        self.unreachable = 0
        self._started: float | None = None

    def __call__(self, phase: str, info: dict) -> None:
        """A gc.callbacks hook (runs in whichever thread triggered the pass)."""
        if phase == "start":
            self._started = time.perf_counter()
            return
        if self._started is None:
            return
        took, self._started = time.perf_counter() - self._started, None
        g = info["generation"]
        self.passes[g] += 1
        self.seconds[g] += took
        self.longest[g] = max(self.longest[g], took)
        self.unreachable += info["collected"] + info["uncollectable"]

    def report(self) -> dict:
        figures = {
            "passes": list(self.passes),
            "seconds": list(self.seconds),
            "longest": list(self.longest),
            "unreachable": self.unreachable,
        }
        self.longest = [0.0] * GENERATIONS
        return figures


def install_from_environment() -> None:
    folder = os.environ.get("GC_STATS")
    if not folder:
        return
    stats = CollectorStats()
    gc.callbacks.append(stats)
    path = Path(folder) / f"{os.getpid()}.json"

    def write(_signum, _frame) -> None:
        path.write_text(json.dumps(stats.report()))

    signal.signal(signal.SIGUSR1, write)


def window(before: dict, after: dict) -> dict:
    """What the collector did between two reports of one process."""
    return {
        "passes": [b - a for a, b in zip(before["passes"], after["passes"], strict=True)],
        "seconds": [b - a for a, b in zip(before["seconds"], after["seconds"], strict=True)],
        "longest": after["longest"],
        "unreachable": after["unreachable"] - before["unreachable"],
    }
