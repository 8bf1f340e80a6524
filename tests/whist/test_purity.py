"""The Whist engine and bots stay pure Python: no Django, no site code, no clock, no global
random state (DESIGN.md). The game's web app (games/whist/web) is its Django half."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"django", "channels", "celery", "korsaren_site", "accounts", "redis", "time"}


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_whist_module_imports_django_the_site_or_the_clock():
    offenders = []
    folder = ROOT / "games" / "whist"
    for path in sorted(folder.rglob("*.py")):
        if path.name == "tournament.py":  # the command line times the bots
            continue
        if "web" in path.relative_to(folder).parts:
            continue
        bad = {m for m in imports(path) if m.split(".")[0] in FORBIDDEN}
        bad |= {
            m
            for m in imports(path)
            if m.startswith("games.") and not m.startswith(("games.whist", "games.core"))
        }
        if bad:
            offenders.append(f"{path.relative_to(ROOT)}: {sorted(bad)}")
    assert offenders == []


def test_no_global_random_state():
    for path in sorted((ROOT / "games" / "whist").rglob("*.py")):
        text = path.read_text()
        for call in ("random.choice(", "random.shuffle(", "random.random(", "random.randrange("):
            assert call not in text, f"{path.name} uses the global {call}"


def test_importing_the_game_loads_no_django():
    code = (
        "import sys, games.whist, games.whist.scenario, games.whist.bots; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'channels', 'celery', 'korsaren_site', 'redis')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
