"""How far apart the ten card colours stay for people who see colour differently.

Reads the palette from static/css/site.css (`--c-red: #...;` and so on), simulates protanopia,
deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear
sRGB) and achromatopsia (relative luminance only), and prints, for each, the smallest CIEDE2000
difference between two colours and the pairs closer than a threshold. Those pairs are told apart
by their emblems (every colour has its own shape), the number and the name in the card's label.

With --shots DIR it also renders the colour legend (every colour's card) in Chromium under each
of Chromium's own vision-deficiency emulations (DevTools Emulation.setEmulatedVisionDeficiency)
and saves one PNG per condition, for people to look at:

    .venv/bin/python scripts/colour_vision.py [--threshold 10] [--shots /tmp/korsaren-cvd]
"""

from __future__ import annotations

import argparse
import itertools
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.audit import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

CSS = ROOT / "static" / "css" / "site.css"
COLOURS = ("red", "orange", "yellow", "green", "blue", "violet", "pink", "brown", "grey", "black")

# Machado et al. 2009, severity 1.0: linear RGB -> simulated linear RGB.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
CONDITIONS = ("normal", "protanopia", "deuteranopia", "tritanopia", "achromatopsia")


def palette(css: str) -> dict[str, str]:
    found = dict(re.findall(r"--c-([a-z]+):\s*(#[0-9a-fA-F]{6})", css))
    return {c: found[c] for c in COLOURS}


def to_linear(hex_colour: str) -> tuple[float, float, float]:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    h = hex_colour.lstrip("#")
    return tuple(channel(int(h[i : i + 2], 16)) for i in (0, 2, 4))


def luminance(rgb: tuple[float, float, float]) -> float:
    """Relative luminance (WCAG 2) of a linear-sRGB colour."""
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""
    high, low = sorted((luminance(to_linear(a)), luminance(to_linear(b))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def simulate(rgb: tuple[float, float, float], condition: str) -> tuple[float, float, float]:
    if condition == "normal":
        return rgb
    if condition == "achromatopsia":
        y = luminance(rgb)
        return (y, y, y)
    m = MACHADO[condition]
    return tuple(min(1.0, max(0.0, sum(m[r][k] * rgb[k] for k in range(3)))) for r in range(3))


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1, lab2) -> float:
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(c_bar_p**7 / (c_bar_p**7 + 25**7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * c_bar_p
    sh = 1 + 0.015 * c_bar_p * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def distances(colours: dict[str, str], condition: str) -> dict[tuple[str, str], float]:
    labs = {c: lab(simulate(to_linear(h), condition)) for c, h in colours.items()}
    return {(a, b): ciede2000(labs[a], labs[b]) for a, b in itertools.combinations(colours, 2)}


def report(colours: dict[str, str], threshold: float) -> str:
    lines = [f"| condition | smallest ΔE2000 | pairs below {threshold:g} |", "| --- | --- | --- |"]
    for condition in CONDITIONS:
        d = distances(colours, condition)
        (a, b), low = min(d.items(), key=lambda kv: kv[1])
        close = sorted((v, p) for p, v in d.items() if v < threshold)
        pairs = ", ".join(f"{p[0]}/{p[1]} {v:.1f}" for v, p in close) or "none"
        lines.append(f"| {condition} | {low:.1f} ({a}/{b}) | {pairs} |")
    return "\n".join(lines)


def shots(out: Path) -> None:
    """The legend of every colour's cards, rendered under Chromium's vision emulations."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    css = CSS.read_text()
    cards = "".join(
        f'<span class="card card--{c}" role="img" aria-label="{c} {n}">'
        f'<span class="card__number" aria-hidden="true">{n}</span>'
        f'<span class="card__emblem" aria-hidden="true"></span></span>'
        for c in COLOURS
        for n in (7,)
    )
    names = "".join(f"<span class='swatch-name'>{c}</span>" for c in COLOURS)
    extra = (
        ".swatches{display:grid;grid-template-columns:repeat(10,4.2rem);gap:.4rem;padding:1rem;"
        "background:var(--bg)} .swatch-name{font:12px sans-serif;text-align:center}"
        " .card{--card-w:4rem}"
    )
    origin = "http://cvd.test"  # served by Playwright's routing: masks need a same-origin URL
    base = f"{origin}/static/css/"

    def html(theme: str) -> str:
        return (
            f"<!DOCTYPE html><html data-theme='{theme}'><head><base href='{base}'>"
            f"<style>{css}{extra}</style></head><body><div class='swatches'>"
            f"{cards}{names}</div></body></html>"
        )

    emulations = {
        "normal": "none",
        "protanopia": "protanopia",
        "deuteranopia": "deuteranopia",
        "tritanopia": "tritanopia",
        "achromatopsia": "achromatopsia",
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for theme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 760, "height": 150})

            def serve(route, theme=theme):
                path = route.request.url.removeprefix(origin + "/")
                if path == "swatches.html":
                    route.fulfill(body=html(theme), content_type="text/html")
                elif (ROOT / path).is_file() and path.startswith("static/"):
                    kind = "image/svg+xml" if path.endswith(".svg") else "text/css"
                    route.fulfill(body=(ROOT / path).read_bytes(), content_type=kind)
                else:
                    route.fulfill(status=404)

            page.route(origin + "/**", serve)
            page.goto(origin + "/swatches.html")
            page.wait_for_timeout(300)
            cdp = page.context.new_cdp_session(page)
            for name, kind in emulations.items():
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
                path = out / f"cards-{theme}-{name}.png"
                page.locator(".swatches").screenshot(path=str(path))
                print(path)
            page.close()
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threshold", type=float, default=10.0)
    parser.add_argument("--shots", type=Path, help="save Chromium renderings here")
    args = parser.parse_args()
    colours = palette(CSS.read_text())
    print("palette:", ", ".join(f"{c} {h}" for c, h in colours.items()))
    print(report(colours, args.threshold))
    if args.shots:
        shots(args.shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
