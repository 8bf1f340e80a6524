"""The game protocol (DESIGN.md): what every engine offers the platform.

In the spirit of OpenSpiel's game API (legal actions, apply, per-player observation) and
boardgame.io's playerView. States are the engine's own objects; the platform stores
`dump(state)` (plain JSON) and rebuilds them with `load`. Actions are plain JSON dicts that
carry the acting seat: `{"seat": 0, "action": "move", "move": "c3-d4"}`.

Rules every engine keeps:
- pure Python: no Django, no clock, no global random state (randomness from `rng` streams of
  the match seed, labelled by public counters);
- `apply` never changes the state it is given, and raises IllegalAction (with a code) for a
  move the rules forbid, MalformedAction for something that is not an action;
- `view(state, seat)` is the only way information leaves the engine: exactly what that seat
  could see at a real table (`seat=None`: a spectator);
- replaying `new(players, seed, options)` and the stored actions gives the stored state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol


@dataclass(frozen=True)
class Option:
    """A table option chosen when the table is opened (a variant, a target, ...).

    `choices` are the allowed values (JSON scalars), `default` one of them. The web layer names
    the option and its values in the player's language (by `key` and value)."""

    key: str
    choices: tuple[Any, ...]
    default: Any

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.key}: default {self.default!r} is not a choice")


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict:
    """`given` completed with the defaults; ValueError for an unknown key or value."""
    given = dict(given or {})
    known = {o.key: o for o in declared}
    for key, value in given.items():
        if key not in known:
            raise ValueError(f"unknown option {key!r}")
        if value not in known[key].choices or isinstance(value, bool) != isinstance(
            known[key].default, bool
        ):
            raise ValueError(f"option {key!r} cannot be {value!r}")
    return {o.key: given.get(o.key, o.default) for o in declared}


@dataclass(frozen=True)
class Traits:
    """What the platform and the generic tests know about a game without playing it, declared
    once (OpenSpiel's GameType). The platform reads these instead of guessing.

    - `perfect_information`: every seat sees the whole state (Dame). False: something is hidden
      (hands, the deck order, Doppelkopf's parties), and the game must offer `resample`.
    - `chance`: cards are dealt or drawn, or a layout is random: the seed matters.
    - `max_actions`: the most actions a whole match can take, at any player count and options
      (the random-play test holds every game to it).
    - `optional_moves`: seats may act when it is not their turn (Mau Mau's interjection,
      Doppelkopf's announcements): `Status.optional` names them.
    - `teams`: the game has partnerships (`Game.teams` says which seats).
    """

    perfect_information: bool
    chance: bool
    max_actions: int
    optional_moves: bool = False
    teams: bool = False


@dataclass(frozen=True)
class Status:
    """Where a match stands, as the platform needs it (never anything secret).

    - `to_act`: the seats the game waits for (several in a simultaneous phase); empty between
      rounds and once the match is over.
    - `round`: the 1-based number of the round in play (a deal, a game of a rubber); games
      without rounds stay at 1.
    - `round_over`: the round has ended (scored, or void) and the next is not dealt yet;
      `round_void`: it ended without a score (Korsaren's annulled round).
    - `over`, `ranking`: the match is over; the final rank per seat, 1 = first, ties share
      (what ratings use).
    - `scores`: per seat, the score the table and the record show (penalty cards, points).
    - `simultaneous`: the seats in `to_act` act independently, in any order (Korsaren's
      lay-downs): another seat's action does not make a seat's pending choice stale.
    - `server_step`: an action only the server takes, after a short pause (the next deal: a
      chance node), or None.
    - `optional`: seats that may take an optional move now although they are not in `to_act`
      (boardgame.io's active players): an interjection, an announcement. `legal_actions` says
      which moves; the timer never waits for them. It may name seats that have no such move
      (every seat while interjecting is allowed), so that it gives nothing secret away.
    """

    to_act: tuple[int, ...] = ()
    simultaneous: bool = False
    round: int = 1
    round_over: bool = False
    round_void: bool = False
    over: bool = False
    ranking: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    server_step: dict | None = field(default=None, compare=False)
    optional: tuple[int, ...] = ()


class Bots(Protocol):
    """A game's bot players: pure Python, seeing only `view(state, seat)` of their own seat.

    Bots never read the clock or the global random state themselves: the caller passes `rng`
    and, for a search within `time_budget` seconds, `clock` (a monotonic seconds counter such
    as time.perf_counter). Without a clock a searching bot does a fixed amount of work, so
    tests are repeatable."""

    levels: tuple[str, ...]  # easiest first; the easiest plays timeouts and leavers' seats

    def choose(
        self,
        level: str,
        view: dict,
        rng: Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict:
        """One legal action for `view["seat"]`."""
        ...

    def optional(
        self,
        level: str,
        view: dict,
        rng: Random,
        time_budget: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> dict | None:
        """Games with optional moves (Traits.optional_moves) only: the optional move `view["seat"]`
        wants to make now although it is not its turn (an interjection, an announcement), or
        None. The platform asks a bot seat named in `Status.optional` after each move, following
        a human-like pause, with `level`, `view` and `rng` only (a quick decision, no budget),
        and plays the answer as a person's move made on that view (refused, and so dropped, if
        the table moved on and it is no longer legal)."""
        ...


class Game(Protocol):
    """One game on the site. Each `games/<slug>/__init__.py` exposes its `GAME`."""

    slug: str
    player_counts: tuple[int, ...]
    options: tuple[Option, ...]
    bots: Bots
    traits: Traits

    def new(self, players: int, seed: str, options: Mapping[str, Any]) -> Any:
        """A match at its start (the first deal made, if the game deals)."""
        ...

    def load(self, data: dict) -> Any: ...

    def dump(self, state: Any) -> dict:
        """The whole state, secrets included, as JSON-serialisable data (lossless)."""
        ...

    def status(self, state: Any) -> Status: ...

    def legal_actions(self, state: Any, seat: int) -> list[dict]: ...

    def apply(self, state: Any, action: dict) -> Any: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def resample(self, state: Any, seat: int | None, rng: Random) -> Any:
        """Games without perfect information: another state that `seat` cannot tell from
        `state` (OpenSpiel's resample_from_infostate): everything it cannot see (other hands,
        the deck order, secret parties) drawn afresh from `rng`, consistent with all it has
        seen. `view(result, seat)` equals `view(state, seat)`; the contract test renders both
        and demands identical pages for that seat."""
        ...

    def timeout_actions(self, state: Any, seat: int, rng: Random) -> list[dict]:
        """What the server plays for `seat` when its turn timer runs out (BGA's zombie turn):
        every action up to the end of its turn, each legal in turn (usually the easiest bot's
        choice; `rng` is the server's own random source, the moves are recorded); never an
        optional move, which is the player's own choice."""
        ...

    def teams(self, players: int, options: Mapping[str, Any]) -> list[list[int]] | None:
        """Partnerships as lists of seats (Whist: [[0, 2], [1, 3]]), or None."""
        ...

    def round_setup(self, state: Any) -> dict:
        """The round in play as it began (the deal, the starting position): secret until the
        match is over, then shown in the record and exported."""
        ...

    def round_result(self, state: Any) -> dict:
        """What the round in play came to, once `status.round_over` or `status.over` (JSON,
        shown by the record)."""
        ...

    def scenarios(self, record: dict) -> list[dict]:
        """A finished match in the game's scenario format (one or more scenarios). `record`:
        {"players", "options", "seed", "rounds": [{"number", "void", "setup", "result",
        "actions"}]}."""
        ...


def ranking_from_scores(scores: Sequence[float], higher_is_better: bool = True) -> list[int]:
    """Rank per seat from final scores: 1 = best, equal scores share a rank (1, 1, 3)."""
    sign = 1 if higher_is_better else -1
    return [1 + sum(sign * other > sign * own for other in scores) for own in scores]
