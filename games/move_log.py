"""The table's move log, made by the platform from a game's description of one move.

A game gives its moves as entries, plain data a viewer may see (Presenter.log_entries: the "log"
of its view, or, for a game whose view keeps no log, what Presenter.log_entry says of each move
the platform replays), and one move's words (Presenter.log_line). Every update shows every
viewer the whole round's log, so each entry's words are made once per language and players'
names, and a replayed move is described once per server process.
"""

from __future__ import annotations

import threading

from django.utils.translation import get_language

from games.plugin import actor_note
from games.selectors import state_of


def freeze(entry):
    """A hashable copy of an entry (dicts and lists of plain values)."""
    if isinstance(entry, dict):
        return tuple((k, freeze(v)) for k, v in entry.items())
    if isinstance(entry, list | tuple):
        return tuple(freeze(v) for v in entry)
    return entry


def lines(presenter, entries, names: list[str], actors=()) -> list[str]:
    """The log's lines: each entry's words, the first line of a move nobody chose at the table
    marked so (`actors`: the round's moves' Move.Actor values, in order)."""
    names_key, language = tuple(names), get_language()
    # The entries that are moves (Presenter.log_entry_is_move: a move may bring a line of its
    # own, a penalty, or the server one, a deal) matched to the moves from the latest back: all
    # of them, or the latest only where the game's log keeps only those (log_keeps_latest).
    # Anything else would put a note on the wrong line: none then.
    moves = [i for i, entry in enumerate(entries) if presenter.log_entry_is_move(entry)]
    notes = {}
    if len(actors) == len(moves) or (presenter.log_keeps_latest and len(actors) > len(moves)):
        notes = dict(zip(reversed(moves), map(actor_note, reversed(actors)), strict=False))
    out = []
    for i, entry in enumerate(entries):
        words = WORDS.get(presenter, entry, names_key, language)
        note = notes.get(i, "")
        out.append(f"{words[0]} {note}" if note else words[0])
        out.extend(words[1:])
    return out


class Words:
    """Each entry's words, by game, entry, names and language (a few hundred tables' rounds in
    a handful of languages; emptied when full, as the whole log of a table is asked at once)."""

    def __init__(self, size: int = 32768) -> None:
        self.size = size
        self.said: dict[tuple, tuple[str, ...]] = {}

    def get(self, presenter, entry, names: tuple, language: str) -> tuple[str, ...]:
        key = (presenter.slug, freeze(entry), names, language)
        words = self.said.get(key)
        if words is None:
            said = presenter.log_line(entry, list(names))
            words = (said,) if isinstance(said, str) else tuple(said)
            if len(self.said) >= self.size:
                self.said.clear()
            self.said[key] = words
        return words


WORDS = Words()


class Replayed:
    """For games whose view keeps no log: each match's moves described by the presenter's
    log_entry(before, after), from the states around each move. A server process replays a
    match once from its start, then describes one move per version from the state it kept and
    the match's (as read, or as the move that this process just played left it): no query."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        # By match, seed hash and start: a row id alone could be a new match's (test databases).
        self.cache: dict[tuple, tuple[int, object, tuple]] = {}
        self.lock = threading.Lock()

    def entries(self, match, presenter, round_number: int | None = None) -> list:
        """The entries of one round (None: every round) up to the match's version."""
        key = (match.pk, match.seed_sha256, match.started_at)
        with self.lock:
            version, state, entries = self.cache.get(key, (0, None, ()))
        if state is None or version > match.version:
            version, entries = 0, ()
            state = match.engine.new(match.seat_count, match.seed, match.options)
        if version < match.version:
            states = self._states_after(match, version, state)
            added = []
            for after, status in states:
                entry = presenter.log_entry(state, after)
                if entry is not None:
                    added.append((status.round, entry))
                state = after
            version, entries = match.version, entries + tuple(added)
            with self.lock:
                if key not in self.cache and len(self.cache) >= self.size:
                    self.cache.pop(next(iter(self.cache)))
                self.cache[key] = (version, state, entries)
        return [e for n, e in entries if round_number is None or n == round_number]

    @staticmethod
    def _states_after(match, version: int, state) -> list[tuple]:
        """The states (and statuses) after each move since `version`, whose state is given."""
        if version == match.version - 1:
            return [state_of(match)]
        engine, out = match.engine, []
        moves = match.moves.filter(seq__gt=version, seq__lte=match.version).order_by("seq")
        for action in moves.values_list("action", flat=True):
            state = engine.apply(state, action)
            out.append((state, engine.status(state)))
        return out


REPLAYED = Replayed()
