"""The boundaries of the layout (README, "Layout"): the platform knows games only through the
registry and the protocol, and every engine and its bots stay pure Python."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
# A game is a folder of games/ with a conformance runner; its web/ is its Django app.
GAME_FOLDERS = sorted(p.parent for p in GAMES.glob("*/scenario.py") if p.parent.name != "core")
SLUGS = {p.name for p in GAME_FOLDERS}
PLATFORM = [GAMES, ROOT / "accounts", ROOT / "moderation", ROOT / "korsaren_site"]
SITE = {
    "django", "channels", "celery", "daphne", "korsaren_site", "accounts", "moderation", "redis"
}  # fmt: skip
# Games that are another game's variant share its engine and bots (SCHLAGDAME.md: Dame played
# to lose), so they may import each other.
FAMILIES = [{"dame", "schlagdame"}]
TOOLS = {"tournament.py", "bench.py"}  # commands that time the bots: they may read the clock


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_every_game_folder_is_found():
    assert {"korsaren"} <= SLUGS


def test_no_platform_module_imports_a_game():
    offenders = []
    for folder in PLATFORM:
        for path in folder.rglob("*.py"):
            if any(path.is_relative_to(g) for g in GAME_FOLDERS) or "migrations" in path.parts:
                continue
            bad = {m for m in imports(path) if m.split(".")[:2][-1] in SLUGS and "games" in m}
            if bad:
                offenders.append(f"{path.relative_to(ROOT)}: {sorted(bad)}")
    assert offenders == []


def test_games_import_no_other_game():
    offenders = []
    for folder in GAME_FOLDERS:
        family = set().union({folder.name}, *(f for f in FAMILIES if folder.name in f))
        others = SLUGS - family
        for path in folder.rglob("*.py"):
            bad = {m for m in imports(path) if m.startswith("games.") and m.split(".")[1] in others}
            if bad:
                offenders.append(f"{path.relative_to(ROOT)}: {sorted(bad)}")
    assert offenders == []


def test_web_parts_take_the_platform_only_from_games_plugin():
    """A game's web app imports the platform only through its declared surface (games.plugin,
    and games.core's protocol), never the platform's views, selectors, rendering, forms or
    models: so those can change without touching any game (issue 30)."""
    site_parts = {"games", "accounts", "moderation", "korsaren_site", "notifications"}
    offenders = []
    for folder in GAME_FOLDERS:
        family = set().union({folder.name}, *(f for f in FAMILIES if folder.name in f))
        for path in (folder / "web").rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for name in imports(path):
                parts = name.split(".")
                if parts[0] not in site_parts:
                    continue
                if parts[0] == "games" and len(parts) > 1 and parts[1] in {"plugin", "core"}:
                    continue
                if parts[0] == "games" and len(parts) > 1 and parts[1] in family:
                    continue
                if name == "games":  # "from games import x" is caught as games.x
                    continue
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_the_declared_surface_resolves():
    import games.plugin as plugin

    for name in plugin.SURFACE:
        assert getattr(plugin, name) is not None


def _pure_modules():
    for path in sorted((GAMES / "core").rglob("*.py")):
        if path.name not in TOOLS:  # the shared tournament harness times the bots
            yield path
    for folder in GAME_FOLDERS:
        for path in sorted(folder.rglob("*.py")):
            if "web" not in path.relative_to(folder).parts and path.name not in TOOLS:
                yield path


def test_engines_and_bots_are_pure_python_without_clock_or_global_random():
    """No Django, Channels, Celery or site code; no clock (bots get one from their caller); no
    global random state (only random.Random instances, seeded by whoever creates them)."""
    offenders = []
    for path in _pure_modules():
        names = imports(path)
        bad = {m for m in names if m.split(".")[0] in SITE}
        # Of the platform, only the protocol (games.core) and games (their own, by the test above)
        bad |= {
            m for m in names if m.startswith("games.") and m.split(".")[1] not in SLUGS | {"core"}
        }
        bad |= {m for m in names if m.split(".")[0] in ("time", "datetime")}
        bad |= {m for m in names if m.startswith("random.") and m != "random.Random"}
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):  # random.choice(...), random.seed(...): the global state
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                bad.add(f"random.{node.attr}")
        if bad:
            offenders.append(f"{path.relative_to(ROOT)}: {sorted(bad)}")
    assert offenders == []


def test_importing_an_engine_loads_no_django():
    """The runners and bots start without Django (the scenario runner is a plain script)."""
    modules = ["games.core"] + [
        f"games.{f.name}{part}"
        for f in GAME_FOLDERS
        for part in ("", ".scenario", ".bots")
        if part != ".bots" or (f / "bots").is_dir()
    ]
    code = (
        f"import importlib, sys; [importlib.import_module(m) for m in {modules!r}]; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(SITE)!r}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
