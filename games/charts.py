"""Small line charts as server-rendered SVG (no chart library, no CDN)."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 600, 220, 30
# Series differ by dash pattern and by colour (site.css: --series-1..4, light and dark).
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass
class Series:
    label: str
    points: str  # "x,y x,y ..." for <polyline>
    series: int  # 1-based: the class chart-line--N picks its colour
    dash: str
    last: float


def line_chart(series: dict[str, list[float]], y_label: str = "") -> dict | None:
    """Polylines for named series over a shared x axis (0..n-1)."""
    values = [v for vs in series.values() for v in vs]
    longest = max((len(vs) for vs in series.values()), default=0)
    if not values or longest < 2:
        return None
    low, high = min(values + [0.0]), max(values)
    span = (high - low) or 1.0

    def x(i: int) -> float:
        return PAD + i * (WIDTH - 2 * PAD) / (longest - 1)

    def y(v: float) -> float:
        return HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / span

    lines = [
        Series(
            label=label,
            points=" ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs)),
            series=n % len(DASHES) + 1,
            dash=DASHES[n % len(DASHES)],
            last=vs[-1],
        )
        for n, (label, vs) in enumerate(series.items())
        if vs
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        "y_label": y_label,
        "low": round(low, 1),
        "high": round(high, 1),
        "y_low": y(low),
        "y_high": y(high),
        "x0": PAD,
        "x1": WIDTH - PAD,
    }
