"""The rules engine and the bots stay pure Python: no Django, no site code (DESIGN.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN = {"django", "channels", "celery", "korsaren_site", "accounts", "redis"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_engine_or_bot_module_imports_django_or_the_site():
    offenders = []
    for package in ("games/korsaren",):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "web" in path.relative_to(ROOT).parts:
                continue  # the game's Django app
            bad = {m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN}
            bad |= {
                m
                for m in imported_modules(path)
                if m.startswith("games.")
                and not m.startswith(("games.korsaren", "games.korsaren.bots", "games.core"))
            }
            if bad:
                offenders.append(f"{path.relative_to(ROOT)}: {sorted(bad)}")
    assert offenders == []


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys, games.korsaren, games.korsaren.scenario, games.korsaren.bench; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{sorted(FORBIDDEN)!r}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
