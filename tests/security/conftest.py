import sys

import pytest


@pytest.fixture(autouse=True)
def _isolated(fresh_cache) -> None:
    """Every test starts with no rate-limit counters."""


def pytest_terminal_summary(terminalreporter) -> None:
    fuzz = sys.modules.get("tests.security.fuzz")
    if fuzz and fuzz.CASES["count"]:
        terminalreporter.write_line(f"fuzz: {fuzz.CASES}")
