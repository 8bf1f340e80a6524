"""The theme's colours (static/css/site.css), in the light and the dark theme."""

import re

from django.conf import settings

from games.charts import DASHES, line_chart
from scripts.colour_vision import contrast

CSS = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()


def token(name: str) -> tuple[str, str]:
    """A colour token's light and dark values: `--name: light-dark(#light, #dark);`."""
    match = re.search(rf"--{name}: light-dark\((#[0-9a-f]{{6}}), (#[0-9a-f]{{6}})\);", CSS)
    assert match, f"--{name} is not a light-dark() pair of colours"
    return match.group(1), match.group(2)


def test_every_chart_line_stands_out_from_the_chart_in_both_themes():
    chart = line_chart([(f"series {n}", [0.0, float(n)]) for n in range(len(DASHES) + 1)])
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
