"""Korsaren's presenter (games/plugin.py): its table, moves, words and record."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.core import IllegalAction
from games.korsaren import ANNULLED, ATTACH, DISCARD, DRAW, SCORED, sort_cards, view
from games.korsaren.cards import is_card
from games.korsaren.laydown import lay_down
from games.plugin import Presenter, action_from_form, once, refusal_text, strings_in

from .forms import MoveForm
from .presentation import BOT_LEVEL_NAMES, COLOUR_LEGEND, COLOUR_NAMES, card_label, describe
from .table import build_panel, card_info, cards_info, round_result

# An engine refusal (games/korsaren/errors.py lists the codes) in the player's language.
REFUSALS = {
    "match_over": gettext_lazy("The match is over."),
    "no_such_seat": gettext_lazy("There is no such seat at this table."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "closer_done": gettext_lazy("You have set sail: now your opponents lay down their cards."),
    "already_laid_down": gettext_lazy("You have already laid down your cards this round."),
    "round_over": gettext_lazy("The round is over; the next one is being dealt."),
    "not_in_hand": gettext_lazy("%(card)s is not in your hand."),
    "must_sail": gettext_lazy("You drew the last card of the stock: you must set sail."),
    "round_not_over": gettext_lazy("The next round is dealt only when this one is over."),
    "too_many_colours": gettext_lazy("A crew has at most two colours."),
    "same_colour_twice": gettext_lazy("The two crew colours must differ."),
    "pier_colour_crew": gettext_lazy(
        "The pier is %(colour)s: those cards are prisoners, not crew."
    ),
    "attached_twice": gettext_lazy("The same card cannot be attached twice."),
    "wrong_colour_attached": gettext_lazy("%(card)s is not of a colour of the closer's crew."),
    "number_in_crew": gettext_lazy("The closer's crew already has a %(number)s."),
    "same_number_attached": gettext_lazy("You may not attach two cards with the same number."),
    "closer_attaches": gettext_lazy("Only the closer's opponents attach cards."),
}
WRONG_PHASE = {
    "draw": gettext_lazy("You cannot draw a card now."),
    "discard": gettext_lazy("You cannot discard now."),
    "sail": gettext_lazy("You can set sail only after drawing a card."),
    "attach": gettext_lazy("Cards are attached only after a player has set sail."),
}
EMPTY_PILE = {
    "stock": gettext_lazy("The stock is empty."),
    "discard": gettext_lazy("The discard pile is empty."),
    "pier": gettext_lazy("The pier is empty."),
}


def refusal(error: IllegalAction) -> str:
    if error.code == "wrong_phase":
        return str(WRONG_PHASE[error.params["what"]])
    if error.code == "pile_empty":
        return str(EMPTY_PILE[error.params["pile"]])
    return refusal_text(REFUSALS, error, card=card_label, colour=lambda c: COLOUR_NAMES.get(c, c))


class KorsarenPresenter(Presenter):
    name = gettext_lazy("Korsaren")
    tagline = gettext_lazy(
        "Pirates, crews and stowaways: set sail when your leftover cards are worth little."
    )
    picture = "img/games/korsaren.svg"
    credit = gettext_lazy("Korsaren (Corsari) is a card game by Leo Colovini.")
    minutes = (20, 40)
    regions = ("center", "hand", "result")
    shared_regions = {"center": (), "result": ()}
    board_template = "korsaren/table/board.html"
    moves_template = "korsaren/table/moves.jinja"
    result_template = "korsaren/record/round.html"
    replay_template = "korsaren/record/replay.html"
    stylesheet = "korsaren/korsaren.css"
    components = ("cards",)
    setup_name = gettext_lazy("deal")
    log_heading = gettext_lazy("Moves this round")
    chart_heading = gettext_lazy("Penalty cards, round by round")
    chart_title = gettext_lazy("Running totals of penalty cards after each scored round")

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_LEVEL_NAMES)

    def refusal(self, error: IllegalAction) -> str:
        return refusal(error)

    def rules_context(self) -> dict:
        # The rules page's example of setting sail (R5), laid down by the engine itself: the
        # pier is blue; the crew orange and violet.
        hand = ["blue-4", "blue-9", "blue-11", "orange-1", "orange-2", "orange-7", "orange-8"]
        hand += ["violet-2", "violet-3", "violet-10", "grey-2", "green-1"]
        example = lay_down(hand, "blue", ("orange", "violet"))
        return {
            "colour_legend": COLOUR_LEGEND,
            "sail_example": {
                "prisoners": cards_info(example.prisoners),
                "crew": cards_info(example.crew),
                "stowaways": cards_info(example.stowaways),
                "limit": example.limit,
            },
        }

    def parse_move(self, data) -> dict:
        return action_from_form(MoveForm(data))

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        playing = v["phase"] not in (SCORED, ANNULLED)
        for row in ctx["seat_rows"]:
            # Only the seats region shows them, rendered once per version for every viewer.
            row["facts"] = once(self._seat_facts, v, row["position"])
            row["badges"] = once(self._seat_badges, v, row["position"])
        my_turn, language = ctx["my_turn"], ctx["language"]
        ctx["status_notes"] = [(_("Round %(n)s") % {"n": v["round"]}, False)]
        if v["is_last_round"]:
            ctx["status_notes"].append((_("last round"), True))
        # What only the shared regions (centre, result) show is computed when they are
        # rendered: once per table version in a server process, not for every tab.
        ctx.update(
            hand=once(cards_info, v["hand"] or []),
            drawn=v["drawn"],
            pier=once(cards_info, v["pier"]),
            pier_colour=v["pier_colour"],
            pier_colour_name=COLOUR_NAMES[v["pier_colour"]] if v["pier_colour"] else "",
            discard=once(cards_info, v["discard"]),
            discard_top=card_info(v["discard"][-1], language) if v["discard"] else None,
            can_draw=my_turn and v["phase"] == DRAW,
            can_discard=my_turn and v["phase"] == DISCARD,
            must_sail=v["must_sail"],
            panel=build_panel(v) if my_turn and playing else None,
            annulled=v["phase"] == ANNULLED,
            result=once(round_result, v["result"], v["laydowns"], names, v["ranking"])
            if v["phase"] == SCORED
            else None,
            # (not the context itself: a context holding a value that holds it is a reference
            # cycle, freed only by the garbage collector's slow full passes)
            previous=once(self._previous_result, ctx["latest_round"], names, v)
            if v["phase"] != SCORED
            else None,
            closer_laydown=self._closer_laydown(v, names),
            pier_last=len(v["pier"]) == 1,
        )

    @staticmethod
    def _seat_facts(v: dict, p: int) -> list[tuple[str, str]]:
        count, penalties = v["hand_counts"][p], v["penalties"][p]
        return [
            ("cards", ngettext("%(n)s card", "%(n)s cards", count) % {"n": count}),
            (
                "penalties",
                ngettext("%(n)s penalty card", "%(n)s penalty cards", penalties) % {"n": penalties},
            ),
        ]

    @staticmethod
    def _seat_badges(v: dict, p: int) -> list[str]:
        badges = []
        if p == v["dealer"]:
            badges.append(_("dealer"))
        if p == v["closer"]:
            badges.append(_("set sail"))
        if v["laid_down"] and v["laid_down"][p]:
            badges.append(_("laid down"))
        return badges

    @staticmethod
    def _closer_laydown(v: dict, names: list[str]) -> dict | None:
        """R6: while the opponents attach, the closer's lay-down lies face up on the table."""
        if v["phase"] != ATTACH or v["closer"] is None or not v["laydowns"][v["closer"]]:
            return None
        ld = v["laydowns"][v["closer"]]
        return {
            "name": names[v["closer"]],
            "prisoners": cards_info(ld["prisoners"]),
            "crew": cards_info(ld["crew"]),
            "crew_colours": [COLOUR_NAMES[c] for c in ld["crew_colours"]],
            "stowaways": cards_info(ld["stowaways"]),
            "limit": ld["limit"],
        }

    def log_line(self, entry: dict, names: list[str]) -> str:
        """A move of the round as the viewer's view gives it (a draw from the stock names its
        card to the drawer only; a lay-down shows its cards once the round is scored)."""
        return describe(entry, names)

    def region_keys(self, ctx: dict) -> dict:
        """What the hand (hand.html), the result (result.html) and, in a match being played,
        the moves (the platform's actions.jinja with moves.jinja) show: most moves leave them
        alone for most seats. The lay-down panel shows the whole hand: with it open, the moves
        are always rendered."""
        v = ctx["v"]
        if v is None:
            return {}
        match = ctx["match"]
        hand = (tuple(v["hand"] or ()), v["drawn"], v["pier_colour"], ctx["can_discard"])
        keys = {"hand": (*hand, match.is_active)}
        # This round's result once scored (R7), else the last scored round's, left open through
        # the new round's first lap (_previous_result); or the annulled round's notice.
        latest = ctx["latest_round"]
        keys["result"] = (
            v["phase"] in (SCORED, ANNULLED) and v["phase"],
            v["round"],
            latest.pk if latest else None,
            len(v["log"]) < 2 * v["players"],
            tuple(ctx["names"]),
        )
        if match.is_active and ctx["panel"] is None:
            keys["actions"] = self.actions_key(
                ctx,
                ctx["between_rounds"],
                ctx["can_draw"],
                bool(v["discard"]),
                ctx["can_discard"],
                v["must_sail"],
                len(v["pier"]) == 1,  # the warning before the pier's last card (R4)
            )
        return keys

    def _previous_result(self, rnd, names: list[str], v: dict) -> dict | None:
        """The last scored round, to look back at while the next is played."""
        if rnd is None or not rnd.result or rnd.void:
            return None
        result = round_result(rnd.result, rnd.result["laydowns"], names, [])
        # Left open through the new round's first lap: the pause before the deal is short.
        still_open = len(v["log"]) < 2 * v["players"]
        return {"number": rnd.number, "open": still_open, **result}

    def score_text(self, score: float) -> str:
        n = int(score)
        return ngettext("%(n)s penalty card", "%(n)s penalty cards", n) % {"n": n}

    def round_summary(self, round_row, names: list[str]) -> dict:
        """A scored round on the match page: who set sail, who sank them, every lay-down."""
        result = round_row.result or {}
        if round_row.ended_at is None or round_row.void or "limits" not in result:
            return {"players": []}
        rows = []
        for p, ld in enumerate(result["laydowns"]):
            rows.append(
                {
                    "name": names[p],
                    "prisoners": cards_info(ld["prisoners"]),
                    "crew": cards_info(ld["crew"]),
                    "attached": cards_info(ld["attached"]),
                    "stowaways": cards_info(ld["stowaways"]),
                    "limit": ld["limit"],
                    "taken": result["penalty_cards_taken"][p],
                    "sweep": p in result["sweep"],
                }
            )
        return {
            "closer": names[result["closer"]],
            "players": rows,
            "sank": [names[p] for p in result["sank_closer"]],
        }

    def chart(self, rounds, names: list[str]) -> dict | None:
        """Running totals of penalty cards after each scored round."""
        from games.plugin import line_chart

        totals = [[0.0] for _name in names]  # one line per seat (issue 28.3)
        labels = [_("start")]
        for rnd in rounds:
            if rnd.ended_at and not rnd.void:
                labels.append(str(rnd.number))
                for line, total in zip(totals, rnd.result["penalties"], strict=True):
                    line.append(total)
        return line_chart(
            list(zip(names, totals, strict=True)),
            labels,
            _("Penalty cards in all, after each scored round"),
        )

    def replay_context(self, state, ctx: dict) -> dict:
        face_up, names = ctx["face_up"], ctx["names"]
        public = view(state, None)
        r = state.round
        seats = []
        for p in range(state.players):
            laydown = public["laydowns"][p]
            if laydown:
                parts = ("prisoners", "crew", "stowaways", "attached")
                laydown = {k: cards_info(laydown[k]) for k in parts} | {"limit": laydown["limit"]}
            seats.append(
                {
                    "name": names[p],
                    "count": public["hand_counts"][p],
                    "penalties": public["penalties"][p],
                    "hand": cards_info(sort_cards(r.hands[p])) if face_up else None,
                    "laydown": laydown,
                }
            )
        return {
            "pier": cards_info(public["pier"]),
            "pier_colour": COLOUR_NAMES[public["pier_colour"]] if public["pier_colour"] else "",
            "discard": cards_info(public["discard"]),
            "stock_count": public["stock_count"],
            "seats": seats,
            "log": [describe(e, names) for e in (r.log if face_up else public["log"])],
            "scored": r.phase == SCORED,
        }

    def secrets(self, state, seat: int | None) -> set[str]:
        """R3, R10: the other hands and the stock, but for the cards the seat's view shows
        (its own hand, the piles, lay-downs, the log's face-up draws), by id and by name."""
        r = state.round
        hidden = {c for s, hand in enumerate(r.hands) if s != seat for c in hand} | set(r.stock)
        hidden -= set(strings_in(view(state, seat), is_card))
        return hidden | {card_label(c) for c in hidden}

    def player_facts(self, user, seats) -> list[tuple[str, str]]:
        """R7, R9: penalty cards, rounds closed, times sunk as closer and sweeps."""
        from games.plugin import Round

        played = seats.count()
        penalties = sum(seats.values_list("score", flat=True))
        positions = dict(seats.values_list("match_id", "position"))
        rounds = Round.objects.filter(match_id__in=positions, void=False, ended_at__isnull=False)
        closed = sunk = sweeps = 0
        for match_id, result in rounds.values_list("match_id", "result"):
            mine = positions[match_id]
            if not result or result.get("closer") is None:
                continue
            if result["closer"] == mine:
                closed += 1
                sunk += bool(result.get("sank_closer"))
            sweeps += mine in result.get("sweep", [])
        return [
            (_("Average penalty cards per match"), number_format(penalties / played, 1)),
            (_("Rounds closed (set sail)"), str(closed)),
            (_("Times sunk as closer"), str(sunk)),
            (_("Sweeps"), str(sweeps)),
        ]

    def on_round_end(self, match, round_row, state) -> None:
        """R7, R8: the penalty cards of a scored round leave the deck for the match."""
        from .models import PenaltyCard

        result = state.round.result or {}
        if state.round.phase != SCORED:
            return
        PenaltyCard.objects.bulk_create(
            PenaltyCard(match=match, round=round_row, seat=seat, card=card)
            for seat, cards in enumerate(result["penalty_cards"])
            for card in cards
        )
