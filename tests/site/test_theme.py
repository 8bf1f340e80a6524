"""The theme's colours (static/css/site.css), in the light and the dark theme."""

import re

from django.conf import settings

from games.charts import DASHES, line_chart

CSS = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()


def token(name: str) -> tuple[str, str]:
    """A colour token's light and dark values: `--name: light-dark(#light, #dark);`."""
    match = re.search(rf"--{name}: light-dark\((#[0-9a-f]{{6}}), (#[0-9a-f]{{6}})\);", CSS)
    assert match, f"--{name} is not a light-dark() pair of colours"
    return match.group(1), match.group(2)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_chart_line_stands_out_from_the_chart_in_both_themes():
    chart = line_chart({f"series {n}": [0.0, float(n)] for n in range(len(DASHES) + 1)})
    used = {line.series for line in chart["lines"]}
    assert used == set(range(1, len(DASHES) + 1))  # the fifth repeats the first
    surface = token("surface")
    for series in used:
        assert f".chart-line--{series} {{\n  stroke: var(--series-{series});" in CSS
        for colour, background in zip(token(f"series-{series}"), surface, strict=True):
            assert contrast(colour, background) >= 3, (series, colour, background)  # WCAG 1.4.11


def test_the_contrast_check_knows_a_faint_line():
    assert contrast("#1565c0", "#15253a") < 3  # the light theme's blue on the dark surface
    assert round(contrast("#000000", "#ffffff")) == 21
