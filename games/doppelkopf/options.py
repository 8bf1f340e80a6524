"""The table options of DK16 and their one cross-rule (DK6: compulsory solos need 8+ deals)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Option
from games.core.protocol import resolve_options

OPTIONS = (
    Option("nines", (True, False), True),  # DK2
    Option("deals", (4, 8, 12, 16, 20, 24), 24),  # DK3
    Option("compulsory_solo", (False, True), False),  # DK6
)


def complete(given: Mapping[str, Any] | None) -> dict:
    """`given` completed with the defaults; ValueError for anything DK16 does not allow."""
    options = resolve_options(OPTIONS, given)
    if options["compulsory_solo"] and options["deals"] < 8:
        raise ValueError("compulsory_solo needs at least 8 deals (DK6)")
    return options
