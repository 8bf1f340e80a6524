"""Small line charts as server-rendered SVG (no chart library, no CDN)."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 14, 12, 30  # room for the value labels left, the x labels below
MAX_X_LABELS = 16
# Series differ by dash pattern and by colour (site.css: --series-1..4, light and dark).
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass
class Series:
    label: str
    points: str  # "x,y x,y ..." for <polyline>
    series: int  # 1-based: the class chart-line--N picks its colour
    dash: str
    last: float


def _ticks(low: float, high: float) -> list[float]:
    """Round values from at most `low` to at least `high`, about five of them (1, 2 or 5 times
    a power of ten apart)."""
    span = (high - low) or 1.0
    raw = span / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first, last = math.floor(low / step), math.ceil(high / step)
    if first == last:
        last += 1
    return [round(k * step, 10) for k in range(first, last + 1)]


def line_chart(
    series: list[tuple[str, list[float]]], x_labels: list[str] | None = None, x_title: str = ""
) -> dict | None:
    """Polylines for labelled series over a shared x axis (0..n-1), with round values marked on
    the y axis and, if given, a label under each x (thinned out when there are many). One line
    per series, even where two labels are alike."""
    values = [v for _, vs in series for v in vs]
    longest = max((len(vs) for _, vs in series), default=0)
    if not values or longest < 2:
        return None
    ticks = _ticks(min(values + [0.0]), max(values))
    low, span = ticks[0], ticks[-1] - ticks[0]

    def x(i: int) -> float:
        return LEFT + i * (WIDTH - LEFT - RIGHT) / (longest - 1)

    def y(v: float) -> float:
        return HEIGHT - BOTTOM - (v - low) * (HEIGHT - TOP - BOTTOM) / span

    lines = [
        Series(
            label=label,
            points=" ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs)),
            series=n % len(DASHES) + 1,
            dash=DASHES[n % len(DASHES)],
            last=vs[-1],
        )
        for n, (label, vs) in enumerate(series)
        if vs
    ]
    every = math.ceil(longest / MAX_X_LABELS)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        # Coordinates as strings: a template would write a float the viewer's way ("190,5").
        "y_ticks": [{"y": f"{y(t):.1f}", "label": f"{t:g}"} for t in ticks],
        "x_ticks": [
            {"x": f"{x(i):.1f}", "label": label}
            for i, label in enumerate((x_labels or [])[:longest])
            if i % every == 0 or i == longest - 1
        ],
        "x_title": x_title,
        "x0": LEFT,
        "x1": WIDTH - RIGHT,
        "y0": HEIGHT - BOTTOM,
        "label_x": LEFT - 6,
        "label_y": HEIGHT - BOTTOM + 16,
        "title_y": HEIGHT - 2,
    }
