"""Whist's presenter (games/plugin.py): its table, moves, words and record (WHIST.md)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.core import IllegalAction
from games.plugin import Presenter, action_from_form, refusal_text, strings_in
from games.whist.cards import is_card
from games.whist.game import next_rubber_options, next_rubber_seats
from games.whist.state import PLAY
from games.whist.views import view

from .forms import MoveForm
from .presentation import (
    BOT_LEVEL_NAMES,
    SUIT_NAMES,
    card_label,
    cards_info,
    shown_order,
    suit_label,
    team_name,
)
from .table import (
    deal_result,
    game_rows,
    log_entries,
    log_line,
    places,
    progress,
    sheet_rows,
    shown_trick,
    team_tricks,
    trick_rows,
    trump_info,
)

# An engine refusal (games/whist/engine.py lists the codes) in the player's language.
REFUSALS = {
    "not_your_turn": gettext_lazy("It is not your turn."),
    "card_not_held": gettext_lazy("You do not hold the %(card)s."),
    "must_follow_suit": gettext_lazy("You must follow suit: play %(suit)s."),
    "not_now": gettext_lazy("No card can be played now: the next deal is coming."),
    "rubber_over": gettext_lazy("The rubber is over."),
}

OPTION_LABELS = {
    "variant": gettext_lazy("Variant"),
    "trump": gettext_lazy("Trumps"),
    "after_rubber": gettext_lazy("After the rubber"),
    "cut": gettext_lazy("Cut for seats"),
}
OPTION_VALUES = {
    ("variant", "short"): gettext_lazy("short whist (games of 5, honours A K Q J)"),
    ("variant", "long"): gettext_lazy("long whist (games of 10, honours A K Q J 10)"),
    ("variant", "american"): gettext_lazy("American whist (games of 7, no honours)"),
    ("trump", "turn_up"): gettext_lazy("the dealer's last card, turned up"),
    ("trump", "second_pack"): gettext_lazy("a card drawn from a second pack"),
    ("trump", "fixed"): gettext_lazy("fixed order: hearts, clubs, diamonds, spades"),
    ("trump", "fixed_no_trump"): gettext_lazy(
        "fixed order: hearts, clubs, diamonds, spades, no trumps"
    ),
    ("after_rubber", "return"): gettext_lazy("return rubber, same partners"),
    ("after_rubber", "change_partners"): gettext_lazy("change partners"),
    ("cut", True): gettext_lazy("yes: the cut decides seats and partners"),
    ("cut", False): gettext_lazy("no: keep the seats we took"),
}
# Short forms for the table's heading and the record.
OPTION_SHORT = {
    ("variant", "short"): gettext_lazy("short whist"),
    ("variant", "long"): gettext_lazy("long whist"),
    ("variant", "american"): gettext_lazy("American whist"),
    ("trump", "turn_up"): gettext_lazy("trumps turned up"),
    ("trump", "second_pack"): gettext_lazy("trumps from a second pack"),
    ("trump", "fixed"): gettext_lazy("trumps in a fixed order"),
    ("trump", "fixed_no_trump"): gettext_lazy("trumps in a fixed order with no trumps"),
    ("after_rubber", "return"): gettext_lazy("then a return rubber"),
    ("after_rubber", "change_partners"): gettext_lazy("then change partners"),
    ("cut", False): gettext_lazy("seats kept, no cut"),
}


def refusal(error: IllegalAction) -> str:
    return refusal_text(
        REFUSALS,
        error,
        card=lambda c: card_label(c) if is_card(c) else c,
        suit=lambda s: SUIT_NAMES.get(s, s),
    )


# What of a view the result region shows (table.deal_result and _previous), besides the score.
RESULT_SHOWS = (
    "round",
    "result",
    "over",
    "winners",
    "rubber_value",
    "rubber_points",
    "dealt",
    "next_dealer",
    "trump",
    "options",
)


class WhistPresenter(Presenter):
    name = gettext_lazy("Whist")
    tagline = gettext_lazy(
        "Two partnerships, thirteen tricks a deal: win the odd tricks and take the rubber."
    )
    picture = "whist/whist.svg"
    credit = gettext_lazy("A traditional English card game, played since the 17th century.")
    rounds_face_up_when_scored = True  # WH7, WH12: every hand is shown once a deal is scored
    minutes = (30, 60)
    regions = ("center", "hand", "score", "result")
    # The centre turns the table to the viewer's seat; the rest is the same for everyone (the
    # seats too: whist.css shows "your partner" on the seat opposite the viewer's).
    shared_regions = {"center": ("viewpoint",), "score": (), "result": ()}
    hidden_options = ("first_dealer",)  # set by the platform for a rubber that follows another
    board_template = "whist/table/board.html"
    moves_template = "whist/table/moves.jinja"
    result_template = "whist/record/round.html"
    replay_template = "whist/record/replay.html"
    log_heading = gettext_lazy("Cards played this deal")
    replay_words = {
        "previous": gettext_lazy("Previous card"),
        "next": gettext_lazy("Next card"),
        "position": gettext_lazy("Card %(n)s of %(total)s"),
        "previous_round": gettext_lazy("Previous deal"),
        "next_round": gettext_lazy("Next deal"),
    }
    stylesheet = "whist/whist.css"
    components = ("cards",)
    setup_name = gettext_lazy("deal")
    round_words = {
        "numbered": gettext_lazy("Deal %(n)s"),
        "plural": gettext_lazy("Deals"),
        "next_dealt": gettext_lazy("The cards are being dealt for the next deal."),
    }

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_LEVEL_NAMES)

    def option_label(self, key: str) -> str:
        return str(OPTION_LABELS.get(key, key))

    def option_value_label(self, key: str, value) -> str:
        return str(OPTION_VALUES.get((key, value), value))

    def options_text(self, options: dict) -> list[str]:
        keys = ("variant", "trump", "after_rubber", "cut")
        return [str(OPTION_SHORT[(k, options[k])]) for k in keys if (k, options[k]) in OPTION_SHORT]

    def refusal(self, error: IllegalAction) -> str:
        return refusal(error)

    def parse_move(self, data) -> dict:
        return action_from_form(MoveForm(data))

    def seating(self, state) -> list[int] | None:
        """WH3: the cut for seats; per lobby place, the seat its player takes."""
        cut = state.cut
        return list(cut["seats"]) if cut else None

    # --- The table ---------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        me = ctx["me"]
        viewpoint = me.position if me is not None else None
        playing = v["phase"] == PLAY
        for row in ctx["seat_rows"]:
            p = row["position"]
            row["facts"] = [("team", team_name(p % 2, names))]
            if playing:
                n = v["hand_sizes"][p]
                row["facts"].append(("cards", ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}))
            row["badges"] = [_("dealer")] if p == v["dealer"] else []
            row["viewer_badges"] = [("partner", _("your partner"))]  # WH1: opposite you
        trump = trump_info(v)
        prog = progress(v, names)
        notes = [(_("Deal %(n)s") % {"n": v["round"]}, False)]
        notes.append((_("Game %(n)s of the rubber") % {"n": prog["game"]}, False))
        ctx["status_notes"] = notes
        trick = shown_trick(v)
        hand = shown_order(v["hand"]) if v["hand"] else []
        ctx.update(
            viewpoint=viewpoint,
            places=places(v, trick, names, viewpoint),
            trick=trick,
            trick_rows=trick_rows(trick, names),
            trick_winner=names[trick["winner"]] if trick and trick["complete"] else "",
            leader_name=names[v["leader"]],
            last_trick=trick_rows(
                {**v["played"][-1], "complete": True} if v["played"] else None, names
            ),
            team_tricks=team_tricks(v, names),
            trump=trump,
            progress=prog,
            sheet=sheet_rows(v["score"]["sheet"], names),
            games=game_rows(v["score"]["completed_games"], names),
            team_names=[team_name(t, names) for t in (0, 1)],
            cut=self._cut(v, names),
            hand=cards_info(hand),
            legal=set(v["legal"]),
            can_play=ctx.get("my_turn", False) and playing,
            result=deal_result(v, names) if v["result"] else None,
            previous=self._previous(v, names) if playing else None,
        )

    def log_entries(self, ctx: dict) -> list[dict]:
        return log_entries(ctx["v"])

    def log_line(self, entry: dict, names: list[str]) -> tuple[str, ...]:
        return log_line(entry, names)

    def region_keys(self, ctx: dict) -> dict:
        """What the hand, the moves, the score sheet and the result show (hand.jinja,
        moves.jinja, score.jinja, result.jinja): most cards played leave them alone for most
        seats; the score and the result change when a deal ends or begins."""
        v = ctx["v"]
        if v is None:
            return {}
        match, names = ctx["match"], tuple(ctx["names"])
        playing = v["phase"] == PLAY
        keys = {
            "hand": (tuple(v["hand"] or ()), tuple(sorted(v["legal"])), ctx["can_play"]),
            "score": (names, repr(v["score"])),
            "result": (names, playing, repr([v[k] for k in RESULT_SHOWS]), repr(v["score"])),
        }
        if match.is_active:
            keys["actions"] = self.actions_key(ctx, ctx["between_rounds"], ctx["can_play"])
        return keys

    def _cut(self, v: dict, names: list[str]) -> list[dict]:
        """WH3: who drew which card in the cut (shown during the first deal). The cards are
        listed per seat taken; the platform moved each player to that seat at the start."""
        cut = v["cut"]
        if not cut or v["round"] != 1:
            return []
        rows = [
            {"seat": seat, "name": names[seat], "card": cards_info([card])[0]}
            for card, seat in zip(cut["cards"], cut["seats"], strict=True)
        ]
        return sorted(rows, key=lambda r: r["seat"])

    def _previous(self, v: dict, names: list[str]) -> dict | None:
        """The last scored deal, in numbers only: its cards never share a frame with this
        deal's (WH12)."""
        sheet = v["score"]["sheet"]
        if not sheet:
            return None
        return sheet_rows(sheet[-1:], names)[0]

    def secrets(self, state, seat: int | None) -> set[str]:
        """WH12: the other hands while the deal runs, but for the cards the seat's view shows
        (its own hand, the trick, the played tricks, the turned-up card, the cut), by id and
        by name."""
        deal = state.deal
        hidden = {c for s, hand in enumerate(deal.hands) if s != seat for c in hand}
        hidden -= set(strings_in(view(state, seat), is_card))
        return hidden | {card_label(c) for c in hidden}

    # --- What follows a rubber (WH10) ---------------------------------------------------------

    def rematch_options(self, options: dict, state) -> dict:
        """The rematch plays the next rubber (WH10): no new cut, the next dealer."""
        return next_rubber_options(state)

    def rematch_seats(self, state) -> list[int]:
        """Per seat of the finished rubber, the seat its player takes in the next one."""
        return next_rubber_seats(state)

    # --- The record --------------------------------------------------------------------------

    def score_text(self, score: float) -> str:
        n = int(score)
        return ngettext("%(n)s rubber point", "%(n)s rubber points", n) % {"n": n}

    def round_summary(self, round_row, names: list[str]) -> dict:
        """A scored deal on the match page: tricks, odd tricks, honours and points per
        partnership, and a game won."""
        result, setup = round_row.result or {}, round_row.setup or {}
        if round_row.ended_at is None or "tricks" not in result:
            return {"deal": None}
        game = result.get("game")
        return {
            "deal": {
                "dealer": names[setup["dealer"]],
                "trump": suit_label(setup.get("trump")),
                "teams": [
                    {
                        "name": team_name(t, names),
                        "tricks": result["tricks"][t],
                        "odd": result["odd_tricks"][t],
                        "honours": result["honour_points"][t],
                        "points": game["points"][t] if game else result["points"][t],
                        "games_won": result["games_won"][t],
                    }
                    for t in (0, 1)
                ],
                "game_winner": team_name(game["winner"], names) if game else "",
                "game_value": game["value"] if game else None,
                "rubber_over": result.get("over", False),
                "rubber_value": result.get("rubber_value"),
                "rubber_points": result.get("rubber_points"),
            }
        }

    def replay_context(self, state, ctx: dict) -> dict:
        face_up, names = ctx["face_up"], ctx["names"]
        public = view(state, None)
        deal = state.deal
        seats = []
        for p in range(4):
            seats.append(
                {
                    "name": names[p],
                    "team_name": team_name(p % 2, names),
                    "count": public["hand_sizes"][p],
                    "hand": cards_info(shown_order(deal.hands[p])) if face_up else None,
                    "dealer": p == deal.dealer,
                }
            )
        trick = shown_trick(public)
        return {
            "seats": seats,
            "trump": trump_info(public),
            "turned_up": cards_info([public["turned_up"]])[0] if public["turned_up"] else None,
            "trick_rows": trick_rows(trick, names),
            "trick_winner": names[trick["winner"]] if trick and trick["complete"] else "",
            "team_tricks": team_tricks(public, names),
            "log": self.log_text(log_entries(public), names),
            "result": deal_result(public, names) if public["result"] else None,
        }

    def chart(self, rounds, names: list[str]) -> dict | None:
        """Each partnership's rubber points (WH9: the values of its games won) deal by deal."""
        from games.plugin import line_chart

        totals = [[0.0], [0.0]]
        for rnd in rounds:
            if rnd.ended_at and rnd.result and "game_points" in rnd.result:
                points = rnd.result.get("rubber_points") or rnd.result["game_points"]
                for t in (0, 1):
                    totals[t].append(float(points[t]))
        return line_chart([(team_name(t, names), totals[t]) for t in (0, 1)])

    chart_heading = gettext_lazy("Rubber points, deal by deal")
    chart_title = gettext_lazy(
        "Each partnership's rubber points (the values of its games won) after each deal"
    )
