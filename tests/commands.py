"""The project's commands run as anyone runs them (`python -m ...` from the repository's root),
for the tests of the conformance runners and the tournaments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_module(
    module: str, *args: str, stdin: str | None = None, timeout: float = 300
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def output(module: str, *args: str) -> str:
    """What a command that must succeed prints."""
    result = run_module(module, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def first_table(out: str) -> dict[str, list[str]]:
    """The rows of the first table printed (the tournament harness's), by their first word."""
    table: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line[:1].isalpha():
            table.setdefault(line.split()[0], line.split())
    return table
