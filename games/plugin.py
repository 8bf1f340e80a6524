"""What a game's web part gives the platform, and the one place it takes the platform from.

Each game has a small Django app, `games/<slug>/web/`, whose AppConfig is a GameConfig naming
its engine module (which exposes GAME, games/core/protocol.py) and its Presenter. The presenter
turns the engine's views into the game's table regions, reads its moves from forms, and says
everything about the game in the player's language. The platform calls only the Presenter's
members below. Some have no usable default (a name, the board and moves templates, parse_move:
games/checks.py names what a game lacks when the site starts); docs/web-part.md is the table of
every member, its file, its template language and the context it gets. Region templates are
Jinja2 (`.jinja`, with the region() and move_form() globals of games/macros.py); pages and the
record's pieces are Django templates (`.html`).

A game's web part imports the platform only from here (tests/platform/test_boundaries.py):
this module's own names, and those of SURFACE, which are the platform's, lent to games.
"""

from __future__ import annotations

import json
from importlib import import_module

from django.apps import AppConfig
from django.utils.html import conditional_escape
from django.utils.module_loading import import_string
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games import (
    boards,  # noqa: F401 (lent to board games: docs/board.md)
    french_cards,  # noqa: F401 (lent to games with the French-suited pack: docs/cards.md)
    tricks,  # noqa: F401 (lent to trick-taking games: docs/cards.md)
)
from games.core import Game, IllegalAction

# The platform's parts a game's own pages, models and forms may use (imported when first asked
# for: this module is imported while the apps load, before any model may be).
SURFACE = {
    "Match": "games.models",  # a game's own records hang off the platform's match and round
    "Round": "games.models",
    "line_chart": "games.charts",  # the record's chart (Presenter.chart)
    "shared_fields": "games.forms",  # a move form's version field, as every game's
    "render_region": "games.rendering",  # a region or a piece of one, for a game's own view
    "seat_of": "games.selectors",
    "login_required": "games.views",  # a game's own views: the platform's access rules
    "private_page": "games.views",
    "visible_match": "games.views",
    "ReadOnlyAdmin": "moderation.admin",  # a game's own records in the admin, read-only
}


# The platform's components a game may use (Presenter.components): their static files.
COMPONENTS = {
    "board": {"css": "css/board.css", "js": "js/board.js"},
    "cards": {"css": "css/cards.css"},
}


def __getattr__(name: str):
    if name in SURFACE:
        return getattr(import_module(SURFACE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def refusal_text(texts: dict, error: IllegalAction, **labels) -> str:
    """An engine refusal in the player's language: the game's text for its code with the
    parameters named in `labels` put into words (name -> function), else the rule it breaks."""
    text = texts.get(error.code)
    if text is None:
        return _("That move is not allowed by the rules (%(rule)s).") % {"rule": error.rule}
    params = {k: labels[k](v) if k in labels else v for k, v in error.params.items()}
    return capfirst(str(text) % params if "%(" in str(text) else str(text))


def strings_in(data, keep) -> list[str]:
    """Every string anywhere in `data` (nested lists, tuples and dicts) that `keep` accepts: the
    cards a view shows, for a presenter's secrets()."""
    if isinstance(data, str):
        return [data] if keep(data) else []
    if isinstance(data, dict):
        return [c for v in data.values() for c in strings_in(v, keep)]
    if isinstance(data, list | tuple):
        return [c for v in data for c in strings_in(v, keep)]
    return []


def actor_note(actor: str) -> str:
    """What the log, the record and the replay add to a move nobody chose at the table: one the
    turn timer played for a player (R10, DA8, WH11), or a bot standing in for a person."""
    if actor == "timer":
        return _("(played by the turn timer)")
    if actor == "standin":
        return _("(played by a bot standing in)")
    return ""


class MoveRejected(Exception):
    """A move form that does not describe a move (the message is shown to the player)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def action_from_form(form) -> dict:
    """The action a game's move form describes (its `to_action()`), or MoveRejected with the
    form's errors in one sentence: a presenter's parse_move for a game whose moves are forms."""
    try:
        if not form.is_valid():
            raise MoveRejected("; ".join(str(m) for msgs in form.errors.values() for m in msgs))
        return form.to_action()
    finally:
        # A bound form and the bound fields it caches hold each other: a cycle per move for the
        # garbage collector's passes. Emptied, reference counting frees them (issue 37).
        form._bound_fields_cache.clear()


class once:  # noqa: N801 (used like a function: once(f, *args))
    """A context value computed only if a template uses it, then kept: a presenter gives the
    values only its shared regions need this way, and a tab whose shared regions come from the
    process's one rendering per version never computes them. Templates read it as the value
    itself: its items and attributes, length, truth and text. (Django's SimpleLazyObject does
    the same, at ten times the cost to make: a table makes dozens per viewer and move.)"""

    __slots__ = ("_function", "_args", "_value")

    def __init__(self, function, *args) -> None:
        self._function, self._args = function, args

    def __call__(self):
        if self._function is not None:
            self._value = self._function(*self._args)
            self._function = self._args = None
        return self._value

    def __iter__(self):
        return iter(self())

    def __len__(self) -> int:
        return len(self())

    def __bool__(self) -> bool:
        return bool(self())

    def __getitem__(self, key):
        return self()[key]

    def __getattr__(self, name: str):
        return getattr(self(), name)

    def __str__(self) -> str:
        return str(self())

    def __html__(self) -> str:
        return conditional_escape(self())


class Presenter:
    # Shown in the lobby, on the home page and the rules page (translatable, lazy).
    name = ""
    tagline = ""
    picture = ""  # a static file, e.g. "korsaren/picture.svg"
    minutes = (20, 40)  # typical length of a match
    # The game's own table regions (templates "<slug>/table/<region>.html") and which of them
    # every viewer sees alike (then rendered once per table version: the context keys they
    # also depend on). The platform's regions are status, seats, actions, log and chat.
    regions: tuple[str, ...] = ()
    shared_regions: dict[str, tuple[str, ...]] = {}
    board_template = ""  # lays the game's regions out (and includes regions.actions)
    moves_template = ""  # the move controls inside the actions region, on the player's turn
    # Games with optional moves (Traits.optional_moves): the controls for them, shown in the
    # actions region while it is not the player's turn and `optional_moves` (the legal actions
    # of the viewer's seat, named in Status.optional) is not empty; screen readers are told
    # `optional_announce` (table_context may set it) when they appear. Only this region may
    # show them: a region other viewers share would tell them who can move.
    optional_template = ""
    result_template = ""  # the record's summary of one round (match page)
    stylesheet = ""  # a static CSS file of the game's own, if any
    # The platform's shared components the game's table and record use (COMPONENTS): "board",
    # the 8x8 checkerboard and its move entry (docs/board.md); "cards", playing cards, hands
    # and piles (docs/cards.md).
    components: tuple[str, ...] = ()
    # Names of the seats by position (Dame's White and Black): the creator may pick one in the
    # create form, else the seats are drawn when the match starts. Empty: seats in join order.
    seat_names: tuple = ()
    hidden_options: tuple[str, ...] = ()  # engine options the create form does not offer

    def __init__(self, game: Game) -> None:
        self.game = game
        self.slug = game.slug

    @property
    def stylesheets(self) -> list[str]:
        """The static CSS files of the game's pages: its components', then its own."""
        own = [self.stylesheet] if self.stylesheet else []
        return [COMPONENTS[c]["css"] for c in self.components] + own

    @property
    def scripts(self) -> list[str]:
        """The static scripts of its components, for the table page."""
        return [COMPONENTS[c]["js"] for c in self.components if "js" in COMPONENTS[c]]

    # --- Words -----------------------------------------------------------------------------

    def players_text(self) -> str:
        counts = self.game.player_counts
        low, high = min(counts), max(counts)
        if low == high:
            return ngettext("%(n)d player", "%(n)d players", low) % {"n": low}
        return _("%(low)d–%(high)d players") % {"low": low, "high": high}

    def minutes_text(self) -> str:
        low, high = self.minutes
        return _("%(low)d–%(high)d minutes") % {"low": low, "high": high}

    def bot_names(self) -> dict[str, str]:
        """Each bot level's name (the lobby, the seats, the leaderboard)."""
        return {level: level.capitalize() for level in self.game.bots.levels}

    def option_label(self, key: str) -> str:
        return key

    def option_value_label(self, key: str, value) -> str:
        return str(value)

    def options_text(self, options: dict) -> list[str]:
        """The table's options as short phrases, shown at the table and in the record."""
        return [
            f"{self.option_label(o.key)}: {self.option_value_label(o.key, options.get(o.key))}"
            for o in self.game.options
        ]

    def refusal(self, error: IllegalAction) -> str:
        """An engine refusal in the player's language (by its code and params)."""
        return _("That move is not allowed by the rules (%(rule)s).") % {"rule": error.rule}

    def rules_context(self) -> dict:
        """What the game's rules page ("<slug>/rules.html") needs beyond `game`."""
        return {}

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        """Add what the game's regions show to `ctx` (the platform's table context, which
        holds the viewer's `v` = view(state, seat), `status`, `names`, `seat_rows`...).
        Each seat row may get `facts` [(css class, text)] and `badges` [(css class, text)].
        The log region's lines the platform makes (log_entries, log_line)."""

    # --- The move log (games/move_log.py) ---------------------------------------------------

    log_heading = gettext_lazy("Moves")

    def log_entries(self, ctx: dict) -> list:
        """The moves of the round in play as the viewer may see them, one entry (plain data)
        each: the "log" of the viewer's view; or, for a game that overrides log_entry, each
        move of the round the platform replays, as log_entry describes it."""
        if type(self).log_entry is not Presenter.log_entry:
            from games.move_log import REPLAYED

            return REPLAYED.entries(ctx["match"], self, ctx["status"].round)
        return ctx["v"].get("log") or []

    log_keeps_latest = False  # the view's log holds only the latest moves of the round

    def log_entry_is_move(self, entry) -> bool:
        """Whether a log entry is a move of its own, on which a note of who played it goes
        (the turn timer, a stand-in bot); False for a line that follows from another move or
        from the server (Mau Mau's penalty card, a deal)."""
        return True

    def log_entry(self, before, after):
        """For a game with perfect information whose view keeps no log: what one move did
        (plain data, None for a step not worth a line), from the states before and after it."""

    def replayed_lines(self, match, names: list[str], round_number: int | None = None) -> list:
        """The log of one round of a match (None: of all), replayed from its moves with
        log_entry: what the record shows of a game whose view keeps no log."""
        from games.move_log import REPLAYED

        return self.log_text(REPLAYED.entries(match, self, round_number), names)

    def log_text(self, entries, names: list[str], actors=()) -> list[str]:
        """Entries in words (the table's log, and a replay's), each made once per language."""
        from games.move_log import lines

        return lines(self, entries, names, actors)

    def log_line(self, entry, names: list[str]) -> str | tuple[str, ...]:
        """One move of the log in words, in the active language (or its lines: a card and the
        trick it won). The platform memoises it per entry, names and language, and marks a move
        the turn timer or a bot standing in played."""
        return str(entry)

    def rematch_options(self, options: dict, state) -> dict:
        """The options of a rematch, given the finished match's options and final state (a game
        may carry something on, e.g. who deals first)."""
        return options

    def rematch_seats(self, state) -> list[int] | None:
        """Per position of the finished match, the position its player takes in the rematch;
        None: the same seats."""
        return None

    def region_keys(self, ctx: dict) -> dict:
        """For some of the game's own regions, a key of everything the region shows this
        viewer (from the same `ctx`): a tab that was sent the region with the same key is not
        sent it again, nor is it rendered (in Korsaren, another seat's move leaves your hand
        alone). A region without a key is rendered on every update."""
        return {}

    @staticmethod
    def actions_key(ctx: dict, *shown) -> tuple:
        """A key for the platform's actions region, for region_keys: what actions.jinja shows
        of the viewer (their seat, whether a bot plays it, their turn, the timer's warning
        before a bot takes over, their optional moves) and `shown`, what the game's moves
        template shows."""
        me = ctx["me"]
        return (
            me.pk if me else None,
            bool(me and me.bot_level),
            ctx["my_turn"],
            tuple(sorted((ctx.get("timeouts") or {}).items())),
            tuple(json.dumps(a, sort_keys=True) for a in ctx.get("optional_moves") or ()),
            *shown,
        )

    def secrets(self, state, seat: int | None) -> set[str]:
        """What `seat` (None: a spectator) must not be sent at this state, as it would appear
        in HTML (card ids, card names): the platform's contract test looks for each in every
        page, region and socket frame sent to that seat. The seed is the platform's own."""
        return set()

    def parse_move(self, data) -> dict:
        """The action (without its seat) a table's move form posted; MoveRejected if none."""
        raise MoveRejected(_("That is not a move."))

    def seating(self, state) -> list[int] | None:
        """Where the players sit once the match has begun (a cut for seats): per position taken
        in the lobby, the seat its player moves to; None: everyone stays where they sat."""
        return None

    # --- The record ------------------------------------------------------------------------

    replay_template = ""  # one step of a round's replay: the position and what happened
    replay_class = ""  # a class for the replay's root element (the platform's shell)
    # The replay's words for its steps and rounds (Whist steps card by card, deal by deal).
    replay_words = {
        "previous": gettext_lazy("Previous move"),
        "next": gettext_lazy("Next move"),
        "position": gettext_lazy("Move %(n)s of %(total)s"),
        "previous_round": gettext_lazy("Previous round"),
        "next_round": gettext_lazy("Next round"),
    }
    # Whether the table shows every secret of a round once it is scored (Whist's 52 cards after
    # each deal, WH7): then its replay shows them too while the match goes on.
    rounds_face_up_when_scored = False
    # Whether the record shows every secret once the match is over (the hands as dealt). A game
    # whose rules keep them hidden at the end (Cartagena 2, CG12) says False: its replay shows
    # the public view for ever.
    face_up_when_over = True
    chart_heading = ""  # the match page's chart (if `chart` gives one): heading and caption
    chart_title = ""
    setup_name = gettext_lazy("start")  # how a round begins, in the record's verification

    def score_text(self, score: float) -> str:
        """A seat's score in words (the record, the ranking)."""
        return _("%(score)s points") % {"score": f"{score:g}"}

    def replay_context(self, state, ctx: dict) -> dict:
        """What replay_template shows of `state` (every secret once `ctx["face_up"]`, the
        public view while the match runs)."""
        return {}

    def round_summary(self, round_row, names: list[str]) -> dict:
        """What the match page shows of one ended round (for result_template)."""
        return {}

    def chart(self, rounds, names: list[str]) -> dict | None:
        """A chart of the match round by round (games.charts.line_chart), or None."""
        return None

    def player_facts(self, user, seats) -> list[tuple[str, str]]:
        """Lines of a game's own in a player's statistics: (label, value)."""
        return []

    def on_round_end(self, match, round_row, state) -> None:
        """Store what the game keeps of an ended round beyond its result (services calls it in
        the transaction that ends the round)."""

    # --- What the game calls a round (issue 30): Whist a deal, Dame a game -------------------

    # In the table's status line between rounds and in the record (its headings, the replay's
    # title, the verification). "numbered" takes %(n)s.
    round_words = {
        "numbered": gettext_lazy("Round %(n)s"),
        "plural": gettext_lazy("Rounds"),
        "next_dealt": gettext_lazy("The next round is being dealt."),
    }

    def round_name(self, number: int) -> str:
        """One round by its number, in the game's word ("Deal 3")."""
        return str(self.round_words["numbered"]) % {"n": number}

    # Whose game it is, on the home page's tile (translatable): "A card game by …". Empty: none.
    credit = ""


class BoardPresenter(Presenter):
    """Two players on the platform's board, with perfect information (Dame, Halma-Dame, Räuber
    und Gendarm, Wolf und Schafe): a move is a path of squares ("c3-e5-c7") or a resignation;
    a rematch swaps the sides; the move list of the player waiting stays as it is while the
    other moves; the record shows every move and the result. A game gives `move_hint` (the
    refusal of a form that names no move), `result_text(v, names)` ({"heading", "why"} of a
    view or a stored round result) and, if its move list shows more, `moves_shown(ctx)`."""

    components = ("board",)
    regions = ("board", "result")  # the result: the platform's panel
    # Perfect information: the board differs only by the side at the bottom and, for the
    # player on turn, the pieces that may move; every other viewer shares one rendering.
    shared_regions = {"board": ("bottom_colour", "my_turn"), "result": ()}
    board_template = "games/board/layout.html"
    result_template = "games/board/round.html"
    replay_template = "games/board/replay.html"
    setup_name = gettext_lazy("starting position")
    # The record numbers moves in pairs ("10. Black c3-d4"): the replay steps by half-moves,
    # so it counts steps, not moves (issue 28).
    replay_words = {
        **Presenter.replay_words,
        "previous": gettext_lazy("Previous step"),
        "next": gettext_lazy("Next step"),
        "position": gettext_lazy("Step %(n)s of %(total)s"),
    }
    # A match is one game: the record says "Game 1", not "Round 1".
    round_words = {
        **Presenter.round_words,
        "numbered": pgettext_lazy("a board game's", "Game %(n)s"),
        "plural": pgettext_lazy("a board game's", "Games"),
    }
    move_hint = ""
    max_move_length = 64  # far beyond any path of the 8x8 board's squares

    def rematch_seats(self, state) -> list[int]:
        return [1, 0]

    def parse_move(self, data) -> dict:
        verb = data.get("action")
        if verb == "resign":
            return {"action": "resign"}
        move = data.get("move", "")
        if verb != "move" or not move or len(move) > self.max_move_length:
            raise MoveRejected(str(self.move_hint))
        return {"action": "move", "move": move}

    def moves_shown(self, ctx: dict) -> tuple:
        """What the moves template shows beyond the list of moves (for the actions key)."""
        return ()

    def region_keys(self, ctx: dict) -> dict:
        if ctx["v"] is None or not ctx["match"].is_active:
            return {}
        shown = (tuple(ctx["move_choices"]), *self.moves_shown(ctx))
        return {"actions": self.actions_key(ctx, *shown)}

    def result_text(self, v: dict, names: list[str]) -> dict:
        raise NotImplementedError

    def round_summary(self, round_row, names: list[str]) -> dict:
        """The game's result and every move in record notation."""
        summary = {"lines": self.replayed_lines(round_row.match, names)}
        if round_row.ended_at and round_row.result:
            summary["result"] = self.result_text(round_row.result, names)
        return summary


class GameConfig(AppConfig):
    """The AppConfig of a game's web app. Subclasses set `engine` (the module exposing GAME)
    and `presenter_class` (dotted path)."""

    default = False
    engine = ""
    presenter_class = "games.plugin.Presenter"

    def ready(self) -> None:
        self.game: Game = import_module(self.engine).GAME
        self.presenter: Presenter = import_string(self.presenter_class)(self.game)

    @property
    def slug(self) -> str:
        return self.game.slug
