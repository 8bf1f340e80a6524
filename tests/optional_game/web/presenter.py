"""Snap's presenter: the least a game with optional moves needs (its snaps out of turn are the
platform's `optional_moves`, shown by optional_template). Tests only: English, untranslated."""

from __future__ import annotations

from games.plugin import MoveRejected, Presenter, refusal_text

from ..snap import rank

TEXTS = {
    "over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "stock_left": "Turn the stock's cards first.",
    "stock_empty": "The stock is empty: close the game.",
    "nothing_to_snap": "There is no card to snap.",
    "own_card": "You turned that card yourself.",
    "no_pair": "Snap with a card of the top card's rank.",
}


class SnapPresenter(Presenter):
    name = "Snap"
    tagline = "Turn cards; snap a pair out of turn."
    regions = ("pile",)
    shared_regions = {"pile": ()}  # the pile is public: one rendering for every viewer
    board_template = "snap/table/layout.html"
    moves_template = "snap/table/moves.jinja"
    optional_template = "snap/table/optional.jinja"

    def refusal(self, error) -> str:
        return refusal_text(TEXTS, error)

    def parse_move(self, data) -> dict:
        verb = data.get("action")
        if verb in ("turn", "close"):
            return {"action": verb}
        if verb == "snap" and data.get("card"):
            return {"action": "snap", "card": data.get("card")}
        raise MoveRejected("That is not a move.")

    def table_context(self, ctx: dict) -> None:
        v = ctx["v"]
        hand = v["hand"] or []
        my_turn = ctx.get("my_turn", False)
        open_top = v["top"] is not None and not v["snapped"] and v["turner"] != v["seat"]
        pairs = [c for c in hand if open_top and rank(c) == rank(v["top"])]
        ctx.update(
            hand=hand,
            can_turn=my_turn and bool(v["stock"]),
            can_close=my_turn and not v["stock"],
            # On turn, a snap is one of the turn's moves; out of turn the platform's optional moves.
            turn_snaps=pairs if my_turn else [],
            optional_snaps=[a["card"] for a in ctx["optional_moves"] if a["action"] == "snap"],
            log_heading="Moves",
        )

    def region_keys(self, ctx: dict) -> dict:
        """The actions region is sent again only when what it shows changes: the platform's key
        must then hold the optional moves (else a snap that opens would never reach the tab)."""
        if ctx["v"] is None or not ctx["match"].is_active:
            return {}
        shown = (tuple(ctx["hand"]), ctx["can_turn"], ctx["can_close"], tuple(ctx["turn_snaps"]))
        return {"actions": self.actions_key(ctx, *shown)}
