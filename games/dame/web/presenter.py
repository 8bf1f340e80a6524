"""Dame's and Schlagdame's presenter (games/plugin.py): the board, the moves, the words and
the record. One class for both lobby entries; Schlagdame's changes only the words of its goal
(SCHLAGDAME.md SD1)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.core import IllegalAction
from games.plugin import BoardPresenter

from .board import COLOURS, board_rows, files_and_ranks, record

BOT_NAMES = {
    "man": gettext_lazy("Man"),
    "king": gettext_lazy("King"),
    "grandmaster": gettext_lazy("Grandmaster"),
}


def refusal(error: IllegalAction) -> str:
    """An engine refusal (games/dame/engine.py lists the codes) in the player's language."""
    p = error.params
    if error.code == "game_over":
        return _("The game is over.")
    if error.code == "not_your_turn":
        return _("It is not your turn.")
    if error.code == "must_capture":
        return ngettext(
            "%(move)s does not capture, but capturing is compulsory: you must take %(most)s piece.",
            "%(move)s does not capture, but capturing is compulsory: you must take %(most)s "
            "pieces.",
            p["most"],
        ) % {"move": p["move"], "most": p["most"]}
    if error.code == "majority_rule":
        return ngettext(
            "%(move)s takes %(captured)s, but you must take as many pieces as you can: %(most)s.",
            "%(move)s takes %(captured)s, but you must take as many pieces as you can: %(most)s.",
            p["most"],
        ) % {"move": p["move"], "captured": p["captured"], "most": p["most"]}
    if error.code == "illegal_move":
        return _("%(move)s is not a legal move.") % {"move": p["move"]}
    return _("That move is not allowed by the rules (%(rule)s).") % {"rule": error.rule}


def distinct_moves(v: dict) -> list[str]:
    """The legal moves a player chooses between (DA1, DA4): routes that take the same pieces and
    end on the same square give the same position, so only the first of them is offered (either
    route's string stays a legal action)."""
    first: dict[tuple, str] = {}
    for move in v["legal_moves"]:
        squares = move.split("-")
        first.setdefault((squares[0], squares[-1], tuple(v["captures"][move])), move)
    return sorted(first.values())


class DamePresenter(BoardPresenter):
    name = gettext_lazy("Dame")
    tagline = gettext_lazy(
        "Draughts with flying kings: capture as many as you can, crown your men, "
        "leave your opponent without a move."
    )
    picture = "dame/picture.svg"
    minutes = (10, 30)
    moves_template = "dame/table/moves.jinja"
    move_hint = gettext_lazy("Choose a piece, then the square it moves to.")
    seat_names = COLOURS
    misere = False

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def refusal(self, error: IllegalAction) -> str:
        return refusal(error)

    def score_text(self, score: float) -> str:
        if score == 0.5:
            return _("draw (½ point)")
        return ngettext("%(n)s point", "%(n)s points", int(score)) % {"n": int(score)}

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        seat = v["seat"]
        for row in ctx["seat_rows"]:
            p = row["position"]
            n = v["pieces"][p]
            row["facts"] = [
                ("colour", str(COLOURS[p])),
                ("pieces", ngettext("%(n)s piece", "%(n)s pieces", n) % {"n": n}),
            ]
        my_turn = ctx.get("my_turn", False)
        movable = v["movable"] if my_turn else []
        files, ranks = files_and_ranks(seat)
        notes = [(_("Move %(n)s") % {"n": v["plies"] // 2 + 1}, False)]
        if not v["over"] and v["repetitions"] > 1:
            notes.append(
                (_("this position has occurred %(n)s times") % {"n": v["repetitions"]}, True)
            )
        if not v["over"] and v["king_plies"]:
            notes.append(
                (_("%(n)s of 40 king moves without capture") % {"n": v["king_plies"]}, False)
            )
        moves, distinct = [], distinct_moves(v) if my_turn else []
        if my_turn:
            moves = [(m, record(m, v["captures"][m])) for m in distinct]
        ctx.update(
            board=board_rows(v["board"], seat, v["last_move"], movable),
            files=files,
            ranks=ranks,
            bottom_colour=COLOURS[1 if seat == 1 else 0],
            move_choices=moves,
            legal_moves=" ".join(distinct),
            capture_size=v["capture_size"] if my_turn else 0,
            status_notes=notes,
            last_record=v["last_move"]["record"] if v["last_move"] else "",
            result=self.result_text(v, names) if v["over"] else None,
        )

    def moves_shown(self, ctx: dict) -> tuple:
        return (ctx["capture_size"],)

    def log_entry(self, before, after) -> tuple:
        """(ply, seat, the move in record notation or None for a resignation, DA7): moves carry
        no secret in Dame (DA8)."""
        if after.end_reason == "resigned":
            return (after.plies, 1 - after.winners[0], None)
        return (after.plies, before.to_move, record(after.last_move, after.last_captured))

    def log_line(self, entry, names: list[str]) -> str:
        """ "1. White c3-d4", "1. Black f6-e5", ..., "White resigned." (DA1 record notation)."""
        plies, seat, move = entry
        colour = COLOURS[seat]
        if move is None:
            return _("%(colour)s resigned.") % {"colour": colour}
        words = {"n": (plies + 1) // 2, "colour": colour, "move": move}
        return _("%(n)s. %(colour)s %(move)s") % words

    def result_text(self, v: dict, names: list[str]) -> dict:
        """What happened and why (DA6, DA7, SD1), for the table and the record."""
        winners = v["winners"]
        who = [f"{names[p]} ({COLOURS[p]})" for p in (0, 1)]
        reason = v["end_reason"]
        if v["result"] == "draw":
            heading = _("Draw")
            if reason == "repetition":
                why = _("The same position occurred for the third time: the game is drawn.")
            else:
                why = _(
                    "Forty moves in a row were king moves without a capture: the game is drawn."
                )
            return {"heading": heading, "why": why, "draw": True}
        winner = winners[0]
        heading = _("%(name)s wins") % {"name": who[winner]}
        if reason == "resigned":
            why = _("%(name)s resigned.") % {"name": who[1 - winner]}
        elif self.misere:
            why = _("%(name)s has no legal move left, and in Schlagdame that wins.") % {
                "name": who[winner]
            }
        else:
            why = _("%(name)s has no legal move left and loses.") % {"name": who[1 - winner]}
        return {"heading": heading, "why": why, "draw": False, "winner": winner}

    # --- The record ------------------------------------------------------------------------

    def replay_context(self, state, ctx: dict) -> dict:
        engine = ctx["match"].engine
        v = engine.view(state, None)
        files, ranks = files_and_ranks(None)
        move, last = ctx.get("move"), v["last_move"]
        if move is not None and move.action.get("action") == "resign":
            said = _("%(colour)s resigned.") % {"colour": COLOURS[move.seat]}
        elif last:
            said = _("%(colour)s played %(move)s.") % {
                "colour": COLOURS[last["seat"]],
                "move": last["record"],
            }
        else:
            said = _("The starting position.")
        return {
            "said": said,
            "board": board_rows(v["board"], None, v["last_move"]),
            "files": files,
            "ranks": ranks,
            "bottom_colour": COLOURS[0],
            "pieces_said": " · ".join(
                ngettext("%(colour)s: %(n)s piece", "%(colour)s: %(n)s pieces", v["pieces"][p])
                % {"colour": COLOURS[p], "n": v["pieces"][p]}
                for p in (0, 1)
            ),
            "result": self.result_text(v, ctx["names"]) if v["over"] else None,
        }

    def rules_context(self) -> dict:
        from .diagrams import diagrams

        return {"diagrams": diagrams()}


class SchlagdamePresenter(DamePresenter):
    name = gettext_lazy("Schlagdame")
    tagline = gettext_lazy(
        "Dame played to lose: be the first with no piece left to move. Capturing is still "
        "compulsory."
    )
    picture = "dame/picture-schlagdame.svg"
    misere = True
