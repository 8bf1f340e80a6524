"""Path converters for every route with a number in it (issue 28.8): `<id:match_id>` takes
plain digits 0-9 within what the database's integer columns hold, so any other number answers
404 as an unknown id does, never a 500 from an overflowing query."""

from __future__ import annotations

import re

PLAIN_DIGITS = re.compile(r"[0-9]+")  # str.isdigit() also takes "²" and "①", int() does not
LARGEST = 2**63 - 1  # PostgreSQL's bigint; every id column fits in it


class IdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST:
            raise ValueError(f"{value} is out of range")  # Django: no match, so a 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


def plain_number(value) -> int | None:
    """A number a form or a socket sent, if it is written in plain digits 0-9 and in range;
    else None (treated as missing)."""
    if isinstance(value, str) and PLAIN_DIGITS.fullmatch(value) and int(value) <= LARGEST:
        return int(value)
    return None
