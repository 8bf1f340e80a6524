"""Halma-Dame's presenter (games/plugin.py, HALMA_DAME.md): the board on the platform's
checkerboard component (docs/board.md), steps and chains of jumps that may end on any landing
square, automatic passes, the words and the record. Everything is public (HD6)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.core import IllegalAction
from games.plugin import BoardPresenter, boards, refusal_text

from ..rules import STONES_PER_SIDE

# HD1: seat 0 plays Black (from rank 1, moving first), seat 1 White.
SIDES = (pgettext_lazy("Halma-Dame side", "Black"), pgettext_lazy("Halma-Dame side", "White"))
PIECES = boards.Pieces(
    names={"b": gettext_lazy("black stone"), "w": gettext_lazy("white stone")},
    classes={"b": "piece--black", "w": "piece--white"},
)
BOT_NAMES = {"novice": gettext_lazy("Novice"), "master": gettext_lazy("Master")}

REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_own_stone": gettext_lazy("There is no stone of yours on %(square)s."),
    "not_forward": gettext_lazy("Stones only go forward: %(move)s does not."),
    "illegal_move": gettext_lazy("That is not a legal move: %(move)s."),
}


def board_context(v: dict, seat: int | None, movable=()) -> dict:
    """The grid's context (games/board/grid.jinja) for `seat`'s view of the board."""
    files, ranks = boards.edges(seat)
    last = v["last_move"]
    return {
        "board": boards.board_rows(
            v["board"], seat, PIECES, last["path"] if last else (), (), movable
        ),
        "files": files,
        "ranks": ranks,
        "bottom_colour": SIDES[1 if seat == 1 else 0],
    }


class HalmaDamePresenter(BoardPresenter):
    name = gettext_lazy("Halma-Dame")
    tagline = gettext_lazy(
        "A race across the board: step and leap forward over any stone, never capture, and "
        "rebuild your army on the other side first."
    )
    picture = "halma_dame/picture.svg"
    minutes = (10, 25)
    moves_template = "halma_dame/table/moves.jinja"
    move_hint = gettext_lazy("Choose a stone, then the square it moves to.")
    seat_names = SIDES  # HD2: the creator picks a colour, else it is drawn at the start

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def refusal(self, error: IllegalAction) -> str:
        return refusal_text(REFUSALS, error)

    def score_text(self, score: float) -> str:
        if score == 0.5:
            return pgettext("Halma-Dame", "draw (½ point)")
        return ngettext("%(n)s point", "%(n)s points", int(score)) % {"n": int(score)}

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v = ctx["v"]
        seat = v["seat"]
        for row in ctx["seat_rows"]:
            p = row["position"]
            home = _("%(n)s of %(all)s home") % {"n": v["in_target"][p], "all": STONES_PER_SIDE}
            row["facts"] = [("colour", str(SIDES[p])), ("home", home)]
        my_turn = ctx.get("my_turn", False)
        notes = [(_("Move %(n)s") % {"n": v["plies"] + 1}, False)]
        if v["passed"] is not None and not v["over"]:
            notes.append((self.pass_text(v["passed"]), True))
        ctx.update(
            board_context(v, seat, v["movable"] if my_turn else ()),
            move_choices=[(m, m) for m in v["legal_moves"]] if my_turn else [],
            legal_moves=" ".join(v["legal_moves"]) if my_turn else "",
            status_notes=notes,
            result=self.result_text(v, ctx["names"]) if v["over"] else None,
        )

    @staticmethod
    def pass_text(seat: int) -> str:
        return _("%(side)s cannot move and passes.") % {"side": SIDES[seat]}

    def log_entry(self, before, after) -> tuple:
        """(verb, seat, the move, its number, the seat that then passed or None): HD1 notation,
        every automatic pass said (HD6)."""
        if after.end_reason == "resigned":
            return ("resign", 1 - after.winners[0], None, 0, None)
        return ("move", after.last_seat, after.last_move, after.plies, after.passed)

    def log_line(self, entry, names: list[str]) -> str | tuple[str, ...]:
        """ "1. Black b2-c3", "2. White a7-b6", ...; "White cannot move and passes." after a
        move that leaves White without one."""
        verb, seat, move, n, passed = entry
        if verb == "resign":
            return _("%(side)s resigned.") % {"side": SIDES[seat]}
        line = _("%(n)s. %(side)s %(move)s") % {"n": n, "side": SIDES[seat], "move": move}
        return line if passed is None else (line, self.pass_text(passed))

    def result_text(self, v: dict, names: list[str]) -> dict:
        """What happened and why (HD4, HD5), for the table and the record."""
        who = [f"{names[p]} ({SIDES[p]})" for p in (0, 1)]
        reason, winners, home = v["end_reason"], v["winners"], v["in_target"]
        if v["result"] == "draw":
            why = _("Neither player can move, and both have %(n)s stones in their target area.") % {
                "n": home[0]
            }
            return {"heading": pgettext("Halma-Dame", "Draw"), "why": why, "draw": True}
        winner = winners[0]
        if reason == "resigned":
            why = _("%(name)s resigned.") % {"name": who[1 - winner]}
        elif reason == "home":
            why = _("%(name)s has rebuilt the army on the other side.") % {"name": who[winner]}
        else:
            why = _(
                "Neither player can move: %(name)s has more stones in the target area "
                "(%(more)s to %(fewer)s)."
            ) % {"name": who[winner], "more": home[winner], "fewer": home[1 - winner]}
        return {"heading": _("%(name)s wins") % {"name": who[winner]}, "why": why}

    # --- The record ------------------------------------------------------------------------

    def replay_context(self, state, ctx: dict) -> dict:
        v = ctx["match"].engine.view(state, None)
        move, last = ctx.get("move"), v["last_move"]
        if move is not None and move.action.get("action") == "resign":
            said = _("%(side)s resigned.") % {"side": SIDES[move.seat]}
        elif last:
            side = SIDES[last["seat"]]
            said = _("%(side)s played %(move)s.") % {"side": side, "move": last["move"]}
            if v["passed"] is not None and not v["over"]:
                said = f"{said} {self.pass_text(v['passed'])}"
        else:
            said = _("The starting position.")
        return {
            **board_context(v, None),
            "said": said,
            "pieces_said": " · ".join(
                _("%(colour)s: %(n)s home") % {"colour": SIDES[p], "n": v["in_target"][p]}
                for p in (0, 1)
            ),
            "result": self.result_text(v, ctx["names"]) if v["over"] else None,
        }

    def rules_context(self) -> dict:
        files, ranks = boards.edges(None)

        def diagram(pieces: dict, last=()) -> dict:
            rows = boards.board_rows(pieces, None, PIECES, last)
            return {"board": rows, "files": files, "ranks": ranks, "bottom_colour": SIDES[0]}

        start = {sq: "b" for sq in ("a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2")}
        start |= {sq: "w" for sq in ("a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8")}
        return {
            "diagrams": {
                "start": diagram(start),  # HD2
                # HD3: a chain of two jumps, over a white stone and a black one, which both stay.
                "chain": diagram({"d4": "w", "f6": "b", "g7": "b"}, ("c3", "e5", "g7")),
            }
        }
