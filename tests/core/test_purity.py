"""Every engine and its bots stay pure Python (DESIGN.md, common brief): no Django or site code,
no clock, no global random state. tests/engine/test_purity.py's idea, for every game.

Covered: games/core and every games/<slug>/ package that follows the game protocol (its
__init__ defines GAME), all their modules and sub-packages (bots/ included) except web/
sub-packages (the game's Django app) and the tournament and bench commands, which time things.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
FORBIDDEN = {
    "django",
    "channels",
    "celery",
    "daphne",
    "redis",
    "korsaren_site",
    "accounts",
    "moderation",
    "time",  # bots get a clock from the caller
    "datetime",
}
ALLOWED_FROM_RANDOM = {"Random"}  # the class, for seeded instances; never the module's functions
EXCLUDED_MODULES = {"tournament.py", "bench.py"}


def defines_game(package: Path) -> bool:
    init = package / "__init__.py"
    if not init.exists():
        return False
    for node in ast.parse(init.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "GAME" for t in targets):
            return True
    return False


def engine_packages() -> list[Path]:
    return [GAMES / "core"] + sorted(p for p in GAMES.iterdir() if p.is_dir() and defines_game(p))


def engine_modules(package: Path) -> list[Path]:
    return sorted(
        path
        for path in package.rglob("*.py")
        if "web" not in path.relative_to(package).parts[:-1] and path.name not in EXCLUDED_MODULES
    )


def platform_modules() -> set[str]:
    """games.models, games.services, ...: the Django app around the engines."""
    modules = {p.stem for p in GAMES.glob("*.py") if p.stem != "__init__"}
    return modules | {
        p.name for p in GAMES.iterdir() if p.is_dir() and not (p / "__init__.py").exists()
    }


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    platform = platform_modules() | {"management", "migrations", "templatetags"}
    found = []
    random_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN:
                    found.append(f"import {alias.name}")
                if alias.name == "random":
                    random_names.add(alias.asname or "random")
                if alias.name.startswith("games.") and alias.name.split(".")[1] in platform:
                    found.append(f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if top in FORBIDDEN:
                found.append(f"from {node.module} import ...")
            if node.module == "random":
                bad = {a.name for a in node.names} - ALLOWED_FROM_RANDOM
                found += [f"from random import {name}" for name in sorted(bad)]
            parts = node.module.split(".")
            if parts[0] == "games" and (
                (len(parts) > 1 and parts[1] in platform)
                or (len(parts) == 1 and {a.name for a in node.names} & platform)
            ):
                found.append(f"from {node.module} import ...")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in random_names
            and node.attr not in ALLOWED_FROM_RANDOM
        ):
            found.append(f"random.{node.attr} (the global random state)")
    return found


def test_the_covered_packages_include_the_games_that_follow_the_protocol():
    names = {p.name for p in engine_packages()}
    assert {"core", "dame", "schlagdame"} <= names


@pytest.mark.parametrize("package", engine_packages(), ids=lambda p: p.name)
def test_engines_and_bots_import_no_site_no_clock_no_global_random(package):
    bad = {
        str(path.relative_to(ROOT)): found
        for path in engine_modules(package)
        if (found := offences(path))
    }
    assert bad == {}


def test_the_check_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import time\nimport random\nfrom random import choice, Random\n"
        "from django.db import models\nfrom games import services\nimport games.models\n"
        "x = random.random()\ny = random.Random(1)\n"
    )
    assert sorted(offences(sample)) == sorted(
        [
            "import time",
            "from random import choice",
            "from django.db import ...",
            "from games import ...",
            "import games.models",
            "random.random (the global random state)",
        ]
    )


def test_importing_the_engines_loads_no_django():
    modules = []
    for package in engine_packages():
        for path in engine_modules(package):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    code = (
        f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        f"set({sorted(FORBIDDEN - {'time', 'datetime'})!r})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
