"""Which cards an HTML page or socket frame shows, for hidden-information checks."""

from __future__ import annotations

import re

from games.korsaren import COLOURS

_ATTR = re.compile(r'(?:data-card|value)="([a-z]+-\d{1,2})"')
_LABEL = re.compile(r"\b(" + "|".join(COLOURS) + r") (\d{1,2})\b")
_VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')


def cards_shown(html: str) -> set[str]:
    """Card ids in attributes plus cards named in words ("orange 7"), as "orange-7"."""
    return set(_ATTR.findall(html)) | {f"{c}-{n}" for c, n in _LABEL.findall(html)}


def version_of(html: str) -> int | None:
    found = _VERSION.search(html)
    return int(found.group(1)) if found else None
