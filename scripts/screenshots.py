"""Screenshots of a live table for the README: desktop and phone, light and dark.

Starts the site with demo data as scripts/audit.py does and saves docs/screenshots/*.png
(made smaller with pngquant when it is installed: apt-get install pngquant).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.audit import CHROMIUM, CHROMIUM_ARGS, running_site  # noqa: E402

VIEWS = {
    "desktop": {"viewport": {"width": 1280, "height": 860}, "device_scale_factor": 1},
    "phone": {
        "viewport": {"width": 360, "height": 760},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    var_dir = Path(tempfile.mkdtemp(prefix="korsaren-shots-"))
    try:
        with running_site(var_dir, finished_matches=1) as (site, demo, session):
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
                for view, options in VIEWS.items():
                    for scheme in ("light", "dark"):
                        context = browser.new_context(
                            **options, color_scheme=scheme, locale="en-GB", reduced_motion="reduce"
                        )
                        context.add_cookies([{"name": "sessionid", "value": session, "url": site}])
                        page = context.new_page()
                        page.goto(f"{site}/tables/{demo.table.pk}/", wait_until="networkidle")
                        # A card chosen, as a player about to discard sees it.
                        page.locator("#hand-form input").nth(3).check()
                        page.wait_for_timeout(300)
                        path = args.out / f"table-{view}-{scheme}.png"
                        page.screenshot(path=str(path), full_page=view == "phone")
                        context.close()
                        if shutil.which("pngquant"):
                            subprocess.run(
                                ["pngquant", "--force", "--skip-if-larger", "--output", str(path)]
                                + ["--quality", "70-95", str(path)],
                                check=False,
                            )
                        print(f"{path} ({path.stat().st_size // 1024} kB)")
                browser.close()
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
