"""Wolf und Schafe's presenter (games/plugin.py, WOLF_UND_SCHAFE.md): the board on the platform's
checkerboard component (games/boards.py, docs/board.md), the wolf's placement and the moves, the
words, the record and the rules page's figures. Everything is public (WS5)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.core import IllegalAction
from games.plugin import BoardPresenter, MoveRejected, boards, refusal_text

from ..rules import SHEEP, WOLF
from .solved import PERFECT_PLAY

# WS2: seat 0 plays the sheep, seat 1 the wolf.
SIDES = (
    pgettext_lazy("Wolf und Schafe side", "Sheep"),
    pgettext_lazy("Wolf und Schafe side", "Wolf"),
)
# A wolf's head: the one piece of its kind carries an emblem, so colour is not the only cue.
WOLF_HEAD = '<svg viewBox="0 0 24 24" class="emblem"><path d="M3 3l6 5h6l6-5-1 9-8 9-8-9z"/></svg>'
PIECES = boards.Pieces(
    names={"s": gettext_lazy("sheep"), "w": gettext_lazy("wolf")},  # WS1
    classes={"s": "piece--white", "w": "piece--black"},  # WS1: white stones, a black stone
    emblems={"w": WOLF_HEAD},
)
BOT_NAMES = {"random": gettext_lazy("Lamb"), "perfect": gettext_lazy("Shepherd")}
MAX_MOVE_LENGTH = 8  # "c1-d2", or a square: "d8"

REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "wolf_not_placed": gettext_lazy("The wolf must be placed first."),
    "wolf_already_placed": gettext_lazy("The wolf is already on the board."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_a_wolf_start": gettext_lazy(
        "The wolf starts on a dark square of its base row: b8, d8, f8 or h8, not %(square)s."
    ),
    "square_taken": gettext_lazy("The square %(square)s is taken."),
    "not_your_piece": gettext_lazy("There is no piece of yours on %(square)s."),
    "not_a_step": gettext_lazy(
        "A piece steps to a neighbouring dark square and nothing jumps: %(move)s is not a move."
    ),
    "sheep_backwards": gettext_lazy("Sheep only move forward: %(move)s goes backwards."),
}


def last_path(last: dict | None) -> list[str]:
    """The squares of the view's last move or placement."""
    if not last:
        return []
    return [last["square"]] if last["action"] == "place" else last["move"].split("-")


def board_context(v: dict, seat: int | None, movable=()) -> dict:
    """The grid's context (games/board/grid.jinja) for `seat`'s view of the board."""
    files, ranks = boards.edges(seat)
    placing = v["phase"] == "place"
    return {
        "board": boards.board_rows(
            v["board"],
            seat,
            PIECES,
            last_path(v["last_move"]),
            (),
            movable,
            movable_note=_("the wolf can start here") if placing and movable else None,
        ),
        "files": files,
        "ranks": ranks,
        "bottom_colour": SIDES[WOLF if seat == WOLF else SHEEP],
    }


class WolfPresenter(BoardPresenter):
    name = gettext_lazy("Wolf and Sheep")
    tagline = gettext_lazy(
        "Four sheep try to hem in the wolf; the wolf tries to slip through their line."
    )
    picture = "wolf_und_schafe/picture.svg"
    minutes = (5, 15)
    moves_template = "wolf_und_schafe/table/moves.jinja"
    stylesheet = "wolf_und_schafe/wolf.css"
    move_hint = gettext_lazy("Choose a piece, then the square it moves to.")
    seat_names = SIDES  # WS2: the creator picks a side, else it is drawn at the start

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def refusal(self, error: IllegalAction) -> str:
        return refusal_text(REFUSALS, error)

    def score_text(self, score: float) -> str:
        n = int(score)  # WS4: 1 for the winner, 0 for the loser
        return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}

    def parse_move(self, data) -> dict:
        verb = data.get("action")
        if verb == "resign":
            return {"action": "resign"}
        what = data.get("move") or data.get("square") or ""
        if verb not in ("place", "move") or not what or len(what) > MAX_MOVE_LENGTH:
            raise MoveRejected(str(self.move_hint))
        return (
            {"action": "place", "square": what}
            if verb == "place"
            else {"action": verb, "move": what}
        )

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v = ctx["v"]
        seat = v["seat"]
        for row in ctx["seat_rows"]:
            row["facts"] = [("side", str(SIDES[row["position"]]))]
        my_turn = ctx.get("my_turn", False)
        placing = v["phase"] == "place"
        movable = (v["legal_moves"] if placing else v["movable"]) if my_turn else []
        if placing:
            notes = [(_("The wolf is to be placed"), False)]
        else:  # the sheep move first (WS2): a move number counts theirs
            notes = [(_("Move %(n)s") % {"n": v["plies"] // 2 + 1}, False)]
        ctx.update(
            board_context(v, seat, movable),
            placing=placing,
            move_choices=[(m, m) for m in v["legal_moves"]] if my_turn else [],
            legal_moves=" ".join(v["legal_moves"]) if my_turn else "",
            my_side=seat if seat in (SHEEP, WOLF) else None,
            status_notes=notes,
            result=self.result_text(v, ctx["names"]) if v["over"] else None,
        )

    def moves_shown(self, ctx: dict) -> tuple:
        return (ctx["placing"],)

    def log_entry(self, before, after) -> tuple:
        """(verb, seat, the square or the move, its number): an action says all the log shows
        (WS1); a move number counts the sheep's moves, who move first (WS2)."""
        if after.end_reason == "resigned":
            return ("resign", 1 - after.winners[0], None, 0)
        if before.wolf is None:
            return ("place", WOLF, after.last_move, 0)
        return ("move", before.to_move, after.last_move, (after.plies + 1) // 2)

    def log_line(self, entry, names: list[str]) -> str:
        """ "The wolf starts on d8.", "1. Sheep c1-d2", "1. Wolf d8-e7", "Sheep resigned." """
        verb, seat, what, n = entry
        if verb == "resign":
            return pgettext("Wolf und Schafe", "%(side)s resigned.") % {"side": SIDES[seat]}
        if verb == "place":
            return _("The wolf starts on %(square)s.") % {"square": what}
        return _("%(n)s. %(side)s %(move)s") % {"n": n, "side": SIDES[seat], "move": what}

    def result_text(self, v: dict, names: list[str]) -> dict:
        """Who won and why (WS4), for the table and the record."""
        who = [f"{names[p]} ({SIDES[p]})" for p in (SHEEP, WOLF)]
        winner = v["winners"][0]
        reason = v["end_reason"]
        if reason == "resigned":
            why = _("%(name)s resigned.") % {"name": who[1 - winner]}
        elif reason == "escaped":
            why = _(
                "The wolf has broken through: no sheep stands below it any more, so it can no "
                "longer be caught."
            )
        elif winner == SHEEP:
            why = _("The wolf is hemmed in and cannot move.")
        else:
            why = _("No sheep can move, and a flock that cannot move loses.")
        return {"heading": _("%(name)s wins") % {"name": who[winner]}, "why": why, "winner": winner}

    # --- The record ------------------------------------------------------------------------

    def replay_context(self, state, ctx: dict) -> dict:
        v = ctx["match"].engine.view(state, None)
        move, last = ctx.get("move"), v["last_move"]
        if move is not None and move.action.get("action") == "resign":
            said = pgettext("Wolf und Schafe", "%(side)s resigned.") % {"side": SIDES[move.seat]}
        elif last and last["action"] == "place":
            said = _("The wolf starts on %(square)s.") % {"square": last["square"]}
        elif last:
            said = pgettext("Wolf und Schafe", "%(side)s played %(move)s.") % {
                "side": SIDES[last["seat"]],
                "move": last["move"],
            }
        else:
            said = _("The starting position: the wolf is still to be placed.")
        return {
            **board_context(v, None),
            "said": said,
            "result": self.result_text(v, ctx["names"]) if v["over"] else None,
        }

    def rules_context(self) -> dict:
        files, ranks = boards.edges(None)

        def diagram(pieces: dict, last=(), movable=(), note=None) -> dict:
            rows = boards.board_rows(pieces, None, PIECES, last, (), movable, movable_note=note)
            return {"board": rows, "files": files, "ranks": ranks, "bottom_colour": SIDES[SHEEP]}

        sheep = {"a1": "s", "c1": "s", "e1": "s", "g1": "s"}
        return {
            "diagrams": {
                # WS2: the sheep on their base row, the wolf's four starting squares.
                "start": diagram(
                    sheep, movable=("b8", "d8", "f8", "h8"), note=_("the wolf can start here")
                ),
                # WS4: the wolf on b8 hemmed in by the sheep and the edge (b6-c7 closed it).
                "trapped": diagram(
                    {"a7": "s", "c7": "s", "d6": "s", "e5": "s", "b8": "w"}, last=("b6", "c7")
                ),
                # WS4: the wolf level with the lowest sheep has broken through (f6-g5).
                "escaped": diagram(
                    {"a5": "s", "c5": "s", "e5": "s", "h6": "s", "g5": "w"}, last=("f6", "g5")
                ),
            },
            "perfect_play": [
                (square, SIDES[winner], plies) for square, (winner, plies) in PERFECT_PLAY.items()
            ],
            "sheep_always_win": all(w == SHEEP for w, _p in PERFECT_PLAY.values()),
        }
