"""The contract every game on the site passes (README, "Adding a game"): helpers for
tests/platform/test_contract.py."""

from __future__ import annotations

import re

_VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')


def version_of(html: str) -> int | None:
    found = _VERSION.search(html)
    return int(found.group(1)) if found else None


def leaks(html: str, secrets: set[str]) -> set[str]:
    """The secrets that appear in `html` as whole tokens ("red-1" is not in "red-11")."""
    found = set()
    for secret in secrets:
        if re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", html):
            found.add(secret)
    return found
