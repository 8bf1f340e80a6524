"""Shared pieces of the fuzz tests: how many cases to run, strategies for hostile input, and
the state that must not change when a request is refused."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.korsaren import ALL_CARDS, COLOURS
from games.models import ChatMessage, Match, Move, Seat

# CI runs a sample; `FUZZ_EXAMPLES=2500 pytest tests/security -k fuzz` is the ≥10,000-case run.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
CASES = {"count": 0}  # every case run, reported at the end of the session


def fuzz_settings(examples: int = EXAMPLES):
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def counted() -> None:
    CASES["count"] += 1


JUNK_CARDS = ["red-0", "red-12", "purple-3", "RED-1", "red-1 ", "red--1", "-", "red-01", "🃏-1"]
FIELDS = [
    "version",
    "action",
    "source",
    "card",
    "crew",
    "cards",
    "seat",
    "level",
    "invite",
    "crew_sent",
    "from",
    "chat",
    "csrfmiddlewaretoken",
    "seat_count",
    "turn_seconds",
    "rated",
    "private",
    "reason",
    "page",
    "move",
    "result",
    "players",
]

scalar = st.one_of(
    st.text(max_size=40),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["draw", "discard", "sail", "attach", "deal", "stock", "discard", "pier"]),
    st.sampled_from(
        list(ALL_CARDS) + JUNK_CARDS + list(COLOURS) + ["0", "-1", "1e9", "null", "[]"]
    ),
    st.just("x" * 20_000),  # a big field, well under the request size limit
    st.binary(max_size=30).map(lambda b: b.decode("latin-1")),
)
form_values = st.one_of(scalar, st.lists(scalar, max_size=15))
# Forms close to a real move (a right version, a real card) with one thing or another wrong,
# so that some are legal moves and the rest probe the checks one at a time.
near_moves = st.fixed_dictionaries(
    {
        "version": st.sampled_from(["0", "1", "2", "3", "-1", "x", "", "0.0", "99999999999999999"]),
        "action": st.sampled_from(
            ["draw", "draw", "discard", "discard", "sail", "attach", "deal", "Draw", "fold"]
        ),
        "source": st.sampled_from(["stock", "stock", "discard", "pier", "hand", ""]),
    },
    optional={
        "card": st.sampled_from(list(ALL_CARDS) + JUNK_CARDS),
        "crew": st.lists(st.sampled_from(list(COLOURS) + ["gold", ""]), max_size=4),
        "cards": st.lists(st.sampled_from(list(ALL_CARDS) + JUNK_CARDS), max_size=14),
        "seat": st.sampled_from(["0", "1", "2", "5", "-1"]),  # never read: the seat is the user's
    },
)
forms = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)), form_values, max_size=8
)


def snapshot() -> tuple:
    """Everything a refused request must leave as it was."""
    return (
        sorted(Match.objects.values_list("pk", "version", "status", "state", "deadline")),
        sorted(Seat.objects.values_list("pk", "user_id", "bot_level", "timeouts", "abandoned")),
        Move.objects.count(),
        ChatMessage.objects.count(),
    )


def assert_clean(response) -> None:
    """A clear answer: never a server error, never a stack trace or debug page."""
    assert response.status_code < 500, response.status_code
    body = response.content
    assert b"Traceback" not in body and b'id="traceback"' not in body
    assert b"DEBUG = True" not in body  # Django's debug pages say so
