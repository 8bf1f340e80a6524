"""Räuber und Gendarm's presenter (games/plugin.py, RAEUBER_UND_GENDARM.md): the board on the
platform's checkerboard component (docs/board.md), steps in four directions and chains of jumps
over the opponent's stones that may end on any landing square, the repetition count and the moves
left (RG6), the words and the record. Everything is public (RG6)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.core import IllegalAction
from games.plugin import BoardPresenter, boards, refusal_text

from ..rules import STONES_PER_SIDE

# RG1: seat 0 plays Black (from rank 1, moving first), seat 1 White.
SIDES = (
    pgettext_lazy("Räuber und Gendarm side", "Black"),
    pgettext_lazy("Räuber und Gendarm side", "White"),
)
PIECES = boards.Pieces(
    names={"b": gettext_lazy("black stone"), "w": gettext_lazy("white stone")},
    classes={"b": "piece--black", "w": "piece--white"},
)
BOT_NAMES = {"novice": gettext_lazy("Novice"), "master": gettext_lazy("Master")}

REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_own_stone": gettext_lazy("There is no stone of yours on %(square)s."),
    "square_again": gettext_lazy(
        "A stone may not land twice on one square in a move, its start included: %(move)s."
    ),
    "jump_over_own": gettext_lazy("A stone jumps only over the opponent's stones: %(move)s."),
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


class RaeuberPresenter(BoardPresenter):
    name = gettext_lazy("Robbers and Gendarmes")
    tagline = gettext_lazy(
        "Step and leap over your opponent's stones in every direction, never capturing: block "
        "them completely, or rebuild your army on their side first."
    )
    picture = "raeuber_und_gendarm/picture.svg"
    minutes = (15, 40)
    moves_template = "raeuber_und_gendarm/table/moves.jinja"
    move_hint = gettext_lazy("Choose a stone, then the square it moves to.")
    max_move_length = (
        96  # a chain visits each of the 32 squares at most once: "a1-" is 3 characters
    )
    seat_names = SIDES  # RG2: the creator picks a colour, else it is drawn at the start
    # RG5's move limit keeps its default (200 moves each): a list of a thousand values is no
    # choice to offer in a form.
    hidden_options = ("move_limit",)

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def option_label(self, key: str) -> str:
        return _("move limit") if key == "move_limit" else key

    def option_value_label(self, key: str, value) -> str:
        if key == "move_limit":
            return ngettext("%(n)s move each", "%(n)s moves each", value) % {"n": value}
        return str(value)

    def refusal(self, error: IllegalAction) -> str:
        return refusal_text(REFUSALS, error)

    def score_text(self, score: float) -> str:
        if score == 0.5:
            return pgettext("Räuber und Gendarm", "draw (½ point)")
        return ngettext("%(n)s point", "%(n)s points", int(score)) % {"n": int(score)}

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v = ctx["v"]
        seat = v["seat"]
        for row in ctx["seat_rows"]:
            p = row["position"]
            home = _("%(n)s of %(all)s home") % {"n": v["at_home"][p], "all": STONES_PER_SIDE}
            row["facts"] = [("colour", str(SIDES[p])), ("home", home)]
        my_turn = ctx.get("my_turn", False)
        notes = [(_("Move %(n)s") % {"n": v["plies"] + 1}, False)]
        if not v["over"]:
            if v["repetitions"] > 1:  # RG5: the third time draws
                times = _("this position has occurred %(n)s times") % {"n": v["repetitions"]}
                notes.append((times, True))
            left = v["moves_left"]
            notes.append(
                (ngettext("%(n)s move left", "%(n)s moves left", left) % {"n": left}, left <= 20)
            )
        ctx.update(
            board_context(v, seat, v["movable"] if my_turn else ()),
            move_choices=[(m, m) for m in v["legal_moves"]] if my_turn else [],
            legal_moves=" ".join(v["legal_moves"]) if my_turn else "",
            status_notes=notes,
            result=self.result_text(v, ctx["names"]) if v["over"] else None,
        )

    def log_entry(self, before, after) -> tuple:
        """(verb, seat, the move, its number): RG1 notation."""
        if after.end_reason == "resigned":
            return ("resign", 1 - after.winners[0], None, 0)
        return ("move", before.to_move, after.last_move, after.plies)

    def log_line(self, entry, names: list[str]) -> str:
        """ "1. Black c3-d4", "2. White f6-e5", ..."""
        verb, seat, move, n = entry
        if verb == "resign":
            return _("%(side)s resigned.") % {"side": SIDES[seat]}
        return _("%(n)s. %(side)s %(move)s") % {"n": n, "side": SIDES[seat], "move": move}

    def result_text(self, v: dict, names: list[str]) -> dict:
        """What happened and why (RG4, RG5), for the table and the record."""
        who = [f"{names[p]} ({SIDES[p]})" for p in (0, 1)]
        reason = v["end_reason"]
        if v["result"] == "draw":
            if reason == "repetition":
                why = _("The same position occurred for the third time: the game is drawn.")
            else:
                why = _("The move limit is reached: the game is drawn.")
            return {"heading": pgettext("Räuber und Gendarm", "Draw"), "why": why, "draw": True}
        winner = v["winners"][0]
        if reason == "resigned":
            why = _("%(name)s resigned.") % {"name": who[1 - winner]}
        elif reason == "home":
            why = _("%(name)s has rebuilt the army on the other side.") % {"name": who[winner]}
        else:
            why = _("%(name)s is blocked: no stone can move.") % {"name": who[1 - winner]}
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
        else:
            said = _("The starting position.")
        return {
            **board_context(v, None),
            "said": said,
            "pieces_said": " · ".join(
                _("%(colour)s: %(n)s home") % {"colour": SIDES[p], "n": v["at_home"][p]}
                for p in (0, 1)
            ),
            "result": self.result_text(v, ctx["names"]) if v["over"] else None,
        }

    def rules_context(self) -> dict:
        files, ranks = boards.edges(None)

        def diagram(pieces: dict, last=()) -> dict:
            rows = boards.board_rows(pieces, None, PIECES, last)
            return {"board": rows, "files": files, "ranks": ranks, "bottom_colour": SIDES[0]}

        black = ("a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3")
        white = ("b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8")
        start = {sq: "b" for sq in black} | {sq: "w" for sq in white}
        return {
            "diagrams": {
                "start": diagram(start),  # RG2
                # RG3: a chain of three jumps that changes direction, over white stones that stay.
                "chain": diagram(
                    {"d4": "w", "d6": "w", "b6": "w", "a5": "b", "f8": "w"},
                    ("c3", "e5", "c7", "a5"),
                ),
            }
        }
