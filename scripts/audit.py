"""Audit the main pages with Lighthouse and axe-core, as a player would see them.

Starts the site production-like (DEBUG=0, collected and compressed static files, Daphne) on a
free loopback port with its own throwaway database and Redis, seeds demo data (scripts/demo.py),
signs a player in, and runs on each page:
- Lighthouse (tools/node_modules, from the npm registry) in Debian's Chromium: performance,
  accessibility and best-practices scores (mobile emulation, Lighthouse's defaults);
- axe-core in the same Chromium through Playwright: violations by impact.

    make audit                      # installs tools/ with npm ci, then runs this
    .venv/bin/python scripts/audit.py [--no-lighthouse] [--pages table,lobby] [--keep DIR]
                                      [--screenshots DIR]

Exits non-zero when a score is below its minimum (accessibility and best practices 95,
performance 90) or axe finds a serious or critical violation.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
LIGHTHOUSE = TOOLS / "node_modules" / "lighthouse" / "cli" / "index.js"
AXE = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = "/usr/bin/chromium"
# Chromium's flags here and in the browser tests (Playwright adds its own headless flag).
# Without the background-networking ones Chromium keeps calling home, which this closed network
# refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHROMIUM_FLAGS = ["--headless=new", *CHROMIUM_ARGS]  # Chromium started by hand, for Lighthouse
MINIMUM = {"performance": 90, "accessibility": 95, "best-practices": 95}
BLOCKING_IMPACTS = ("serious", "critical")


def pages(demo) -> list[tuple[str, str, bool]]:
    """(name, path, signed in) for every audited page."""
    return [
        ("home", "/", False),
        ("lobby", "/play/", True),
        ("table", f"/tables/{demo.table.pk}/", True),
        ("my matches", "/matches/", True),
        ("match", f"/matches/{demo.finished.pk}/", True),
        ("leaderboard", "/leaderboard/", False),
        ("rules", "/rules/", False),
    ]


def site_environment(var_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "audit-only-not-a-secret",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "VAR_DIR": str(var_dir),
        "STATIC_ROOT": str(var_dir / "static"),
        "DATABASE_URL": f"sqlite:///{var_dir / 'audit.sqlite3'}",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "CACHE_KEY_PREFIX": f"korsaren-audit-{os.getpid()}",
        "LOG_LEVEL": "WARNING",
    }


def lighthouse(url: str, out: Path, port: int | None = None) -> dict[str, int]:
    """Lighthouse's scores for `url`: in a Chromium of its own, or (signed in) in the one
    listening on `port`, whose cookie jar holds the session (a Cookie header would not reach the
    table's WebSocket)."""
    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility,best-practices",
        "--max-wait-for-load=30000",
    ]
    if port:
        command.append(f"--port={port}")
    else:
        command.append(f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, check=True, env=env, cwd=TOOLS, timeout=240)
    report = json.loads(out.read_text())
    return {k: round(v["score"] * 100) for k, v in report["categories"].items()}


@contextlib.contextmanager
def signed_in_chromium(playwright, cookie: dict, work_dir: Path):
    """A Chromium with the session cookie, for Lighthouse to connect to. Yields its port."""
    from korsaren_site import processes

    port = processes.free_port()
    profile = work_dir / "chromium-profile"
    chromium = processes.spawn(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--remote-debugging-port={port}"]
        + [f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        processes.wait_until(lambda: processes.port_open("127.0.0.1", port), 30, "Chromium")
        browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        browser.contexts[0].add_cookies([cookie])
        browser.close()  # disconnects; the browser and its cookie jar stay
        yield port
    finally:
        processes.stop(chromium)


def failed_audits(report_path: Path) -> list[str]:
    """The titles of the audits that cost points, for the printed summary."""
    report = json.loads(report_path.read_text())
    lost = []
    for key, good in (("performance", 0.9), ("accessibility", 1), ("best-practices", 1)):
        for ref in report["categories"][key]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < good:
                lost.append(f"{key}: {audit['id']} {audit.get('displayValue', '')}".strip())
    return lost


def axe(browser, url: str, cookie: dict | None, shots: Path | None, name: str) -> list[dict]:
    context = browser.new_context(bypass_csp=True, locale="en-GB")
    if cookie:
        context.add_cookies([cookie])
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    if shots:
        page.screenshot(path=str(shots / f"{name.replace(' ', '-')}.png"), full_page=True)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "axe.run(document, {resultTypes: ['violations'],"
        " runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']})"
    )
    context.close()
    return result["violations"]


@contextlib.contextmanager
def running_site(var_dir: Path, finished_matches: int = 6):
    """The site, production-like, on a free loopback port with seeded demo data.
    Yields (address, demo data, the session cookie of the demo player Anne)."""
    env = site_environment(var_dir)
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))

    from korsaren_site import processes
    from korsaren_site.embedded_redis import EmbeddedRedis

    redis_server = EmbeddedRedis(var_dir / "redis")
    os.environ["REDIS_URL"] = env["REDIS_URL"] = redis_server.start()
    daphne = None
    try:
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], check=True, env=env)
        subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], check=True, env=env)

        import django

        django.setup()
        from django.test import Client

        from scripts.demo import seed

        print("Seeding demo data...", flush=True)
        demo = seed(finished_matches)
        client = Client()
        client.force_login(demo.anne)
        session = client.cookies["sessionid"].value

        port = processes.free_port()
        log = (var_dir / "daphne.log").open("w")
        daphne = processes.spawn(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            + ["korsaren_site.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
        processes.wait_until(lambda: processes.port_open("127.0.0.1", port), 60, "Daphne")
        yield f"http://127.0.0.1:{port}", demo, session
    finally:
        if daphne is not None:
            processes.stop(daphne)
        redis_server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-lighthouse", action="store_true", help="axe only")
    parser.add_argument("--pages", default="", help="comma-separated page names (default: all)")
    parser.add_argument("--keep", type=Path, help="keep the reports and the site's data here")
    parser.add_argument("--screenshots", type=Path, help="save a screenshot of each page here")
    args = parser.parse_args()
    if not AXE.exists() or (not args.no_lighthouse and not LIGHTHOUSE.exists()):
        print("Install the audit tools first: (cd tools && npm ci)", file=sys.stderr)
        return 2

    var_dir = args.keep or Path(tempfile.mkdtemp(prefix="korsaren-audit-"))
    var_dir.mkdir(parents=True, exist_ok=True)
    try:
        with running_site(var_dir) as (site, demo, session):
            return audit(site, demo, session, var_dir, args)
    finally:
        if not args.keep:
            shutil.rmtree(var_dir, ignore_errors=True)


def audit(site: str, demo, session: str, var_dir: Path, args) -> int:
    wanted = {p.strip() for p in args.pages.split(",") if p.strip()}
    audited = [p for p in pages(demo) if not wanted or p[0] in wanted]
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    reports = var_dir / "reports"
    reports.mkdir(exist_ok=True)

    from playwright.sync_api import sync_playwright

    rows, failures = [], []
    cookie = {"name": "sessionid", "value": session, "url": site}
    with sync_playwright() as playwright, contextlib.ExitStack() as stack:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        port = None
        if not args.no_lighthouse:
            port = stack.enter_context(signed_in_chromium(playwright, cookie, var_dir))
        for name, path, signed_in in audited:
            url = site + path
            violations = axe(browser, url, cookie if signed_in else None, args.screenshots, name)
            blocking = [v for v in violations if v["impact"] in BLOCKING_IMPACTS]
            for v in violations:
                where = ", ".join(str(n["target"][0]) for n in v["nodes"][:3])
                print(f"  axe {name}: {v['impact']} {v['id']}: {v['help']} ({where})")
            scores = {}
            if not args.no_lighthouse:
                out = reports / f"{name.replace(' ', '-')}.json"
                scores = lighthouse(url, out, port if signed_in else None)
                for lost in failed_audits(out):
                    print(f"  lighthouse {name}: {lost}")
            rows.append((name, path, scores, len(blocking), len(violations)))
            for category, minimum in MINIMUM.items():
                if category in scores and scores[category] < minimum:
                    failures.append(f"{name}: {category} {scores[category]} < {minimum}")
            if blocking:
                failures.append(f"{name}: {len(blocking)} serious or critical axe violations")
        browser.close()

    print()
    print("| page | path | performance | accessibility | best practices | axe serious+critical |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, path, scores, blocking, total in rows:
        cells = [str(scores.get(k, "–")) for k in MINIMUM]
        print(f"| {name} | {path} | {' | '.join(cells)} | {blocking} (of {total}) |")
    print()
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
