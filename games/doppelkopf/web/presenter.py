"""Doppelkopf's presenter (games/plugin.py): its table, moves, words and record (DOPPELKOPF.md)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.core import IllegalAction
from games.doppelkopf.announcements import CALLS
from games.doppelkopf.cards import is_card
from games.doppelkopf.reservations import RESERVATIONS as RESERVATION_IDS
from games.doppelkopf.reservations import SOLOS
from games.doppelkopf.views import view
from games.plugin import MoveRejected, Presenter, refusal_text, strings_in

from . import table as t
from .words import (
    BOT_LEVEL_NAMES,
    card_label,
    cards_info,
    party_name,
    shown_order,
    signed,
)
from .words import (
    CALLS as CALL_NAMES,
)
from .words import (
    RESERVATIONS as RESERVATION_NAMES,
)

# An engine refusal (games/doppelkopf/engine.py lists the codes) in the player's language.
REFUSALS = {
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_now": gettext_lazy("That cannot be done at this point of the deal."),
    "deal_over": gettext_lazy("The deal is over: the next one is coming."),
    "match_over": gettext_lazy("The match is over."),
    "wedding_needs_queens": gettext_lazy("A wedding needs both queens of clubs (DK5)."),
    "must_name_solo": gettext_lazy("You must play a solo in this deal: choose one (DK6)."),
    "card_not_held": gettext_lazy("You do not hold the %(card)s."),
    "must_follow": gettext_lazy("You must follow: play %(led)s (DK9)."),
    "calls_not_open": gettext_lazy("No call can be made now (DK10.3)."),
    "wrong_party": gettext_lazy("Only the %(call)s party may call %(call)s (DK10.2)."),
    "already_called": gettext_lazy("Your party has already called %(call)s."),
    "no_more_calls": gettext_lazy("Your party replied late and may call nothing more (DK10.7)."),
    "too_late": gettext_lazy("It is too late to call %(call)s (DK10.4)."),
}
LED = {
    "T": pgettext_lazy("doppelkopf", "a trump"),
    "C": pgettext_lazy("doppelkopf", "a clubs card"),
    "S": pgettext_lazy("doppelkopf", "a spades card"),
    "H": pgettext_lazy("doppelkopf", "a hearts card"),
    "D": pgettext_lazy("doppelkopf", "a diamonds card"),
}

OPTION_LABELS = {
    "nines": pgettext_lazy("doppelkopf", "Nines"),
    "deals": pgettext_lazy("doppelkopf", "Deals"),
    "compulsory_solo": pgettext_lazy("doppelkopf", "Compulsory solos"),
}
OPTION_VALUES = {
    ("nines", True): pgettext_lazy("doppelkopf", "with nines (48 cards, 12 each)"),
    ("nines", False): pgettext_lazy("doppelkopf", "without nines (40 cards, 10 each)"),
    ("compulsory_solo", True): pgettext_lazy("doppelkopf", "yes: everyone plays one solo"),
    ("compulsory_solo", False): pgettext_lazy("doppelkopf", "no"),
}

# What of a view the result and score regions show, for their keys.
RESULT_SHOWS = ("round", "phase", "result", "match", "solo", "declarer", "calls")


_VERBS: dict[tuple, list[str]] = {}  # (match, version, round) -> the verbs of its moves


def round_verbs(match, number: int) -> list[str]:
    """The verbs of a round's moves in order, the server's steps left out (what a table saw
    happen, nothing of what the moves named); one query per table version and process."""
    key = (match.pk, match.version, number)
    verbs = _VERBS.get(key)
    if verbs is None:
        actions = (
            match.moves.filter(round__number=number)
            .exclude(actor="server")
            .order_by("seq")
            .values_list("action", flat=True)
        )
        verbs = [a.get("action") for a in actions]
        if len(_VERBS) >= 512:
            _VERBS.clear()
        _VERBS[key] = verbs
    return verbs


def refusal(error: IllegalAction) -> str:
    return refusal_text(
        REFUSALS,
        error,
        card=lambda c: card_label(c) if is_card(c) else c,
        led=lambda x: str(LED.get(x, x)),
        call=lambda c: str(CALL_NAMES.get(c, c)),
    )


class DoppelkopfPresenter(Presenter):
    name = gettext_lazy("Doppelkopf")
    tagline = gettext_lazy(
        "Four players, the double pack: the queens of clubs make the secret parties, Re and Kontra."
    )
    picture = "doppelkopf/doppelkopf.svg"
    credit = gettext_lazy(
        "The German trick-taking game, by the German Doppelkopf association's rules."
    )
    rounds_face_up_when_scored = True  # DK17: after a deal everything of it is public
    minutes = (60, 120)
    regions = ("center", "hand", "score", "result")
    # The centre turns the table to the viewer's seat and shows only what everyone knows
    # (table.public); the score sheet and a scored deal are the same for everyone.
    shared_regions = {"center": ("viewpoint",), "score": (), "result": ()}
    board_template = "doppelkopf/table/board.html"
    moves_template = "doppelkopf/table/moves.jinja"
    optional_template = "doppelkopf/table/optional.jinja"
    result_template = "doppelkopf/record/round.html"
    replay_template = "doppelkopf/record/replay.html"
    log_heading = gettext_lazy("This deal so far")
    replay_words = {
        "previous": gettext_lazy("Previous move"),
        "next": gettext_lazy("Next move"),
        "position": gettext_lazy("Move %(n)s of %(total)s"),
        "previous_round": gettext_lazy("Previous deal"),
        "next_round": gettext_lazy("Next deal"),
    }
    stylesheet = "doppelkopf/doppelkopf.css"
    components = ("cards",)
    setup_name = gettext_lazy("deal")
    round_words = {
        "numbered": gettext_lazy("Deal %(n)s"),
        "plural": gettext_lazy("Deals"),
        "next_dealt": gettext_lazy("The cards are being dealt for the next deal."),
    }
    chart_heading = gettext_lazy("Match score, deal by deal")
    chart_title = gettext_lazy("Each player's match score after each deal")

    def rules_context(self) -> dict:
        """The rules page's row of trumps in a normal game, highest first (DK8)."""
        from games.doppelkopf.trumps import trumps

        return {"trumps": cards_info(trumps("diamonds"))}

    def bot_names(self) -> dict[str, str]:
        return {k: str(v) for k, v in BOT_LEVEL_NAMES.items()}

    def option_label(self, key: str) -> str:
        return str(OPTION_LABELS.get(key, key))

    def option_value_label(self, key: str, value) -> str:
        if key == "deals":
            return pgettext("doppelkopf", "%(n)s deals") % {"n": value}
        return str(OPTION_VALUES.get((key, value), value))

    def options_text(self, options: dict) -> list[str]:
        out = [
            self.option_value_label("deals", options["deals"]),
            self.option_value_label("nines", options["nines"]),
        ]
        if options["compulsory_solo"]:
            out.append(pgettext("doppelkopf", "with compulsory solos"))
        return out

    def refusal(self, error: IllegalAction) -> str:
        return refusal(error)

    def parse_move(self, data) -> dict:
        verb = data.get("action") or "play"  # the hand's form names only its card
        if verb == "reserve" and data.get("reservation") in RESERVATION_IDS:
            return {"action": "reserve", "reservation": data["reservation"]}
        if verb == "announce" and data.get("call") in CALLS:
            return {"action": "announce", "call": data["call"]}
        if verb == "play":
            card = data.get("card")
            if not card:
                raise MoveRejected(_("Choose a card from your hand first."))
            if is_card(card):
                return {"action": "play", "card": card}
            raise MoveRejected(_("That is not a card."))
        raise MoveRejected(_("That is not a move."))

    # --- The table ---------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names, me = ctx["v"], ctx["names"], ctx["me"]
        viewpoint = me.position if me is not None else None
        pub = t.public(v)
        reserving = v["phase"] in ("reservations", "forced_solo")
        playing = v["phase"] == "play"
        for row in ctx["seat_rows"]:
            p = row["position"]
            facts = []
            if pub["parties"][p]:
                facts.append(("party", party_name(pub["parties"][p])))
            if reserving and v["reservations"][p]:
                facts.append(("declared", t.reservation_text(t._public_declared(v, p))))
            if playing or v["phase"] == "finished":
                facts.append(("tricks", t.tricks_text(v["tricks_won"][p])))
            facts.append(("score", _("match score %(n)s") % {"n": v["match"]["scores"][p]}))
            row["facts"] = facts
            row["badges"] = [_("dealer")] if p == v["dealer"] else []
        notes = [(t.deals_text(v), False)]
        contract = t.contract_text(pub, names)
        if contract:
            notes.append((contract, True))
        ctx["status_notes"] = notes
        trick = t.shown_trick(v)
        legal = v["legal"]
        my_turn = ctx.get("my_turn", False)
        can_play = my_turn and playing and bool(legal["cards"])
        optional_calls = [
            a["call"] for a in ctx.get("optional_moves") or () if a["action"] == "announce"
        ]
        turn_calls = legal["calls"] if my_turn else []
        hand = shown_order(v["hand"], t.own_kind(v)) if v["hand"] else []
        from games.doppelkopf.trumps import is_trump

        ctx.update(
            viewpoint=viewpoint,
            pub=pub,
            contract_text=contract,
            places=t.places(v, trick, pub, names, viewpoint),
            trick=trick,
            trick_winner=names[trick["winner"]] if trick and trick["complete"] else "",
            leader_name=names[v["leader"]],
            last_trick=t.trick_rows(
                {**v["last_trick"], "complete": True} if v["last_trick"] else None, names
            ),
            calls=t.calls_shown(v, names),
            deals_text=t.deals_text(v),
            sheet=t.sheet_rows(v["match"]["sheet"], names),
            totals=[{"name": names[s], "score": v["match"]["scores"][s]} for s in range(4)],
            owed=[names[s] for s in range(4) if v["match"]["compulsory_owed"][s]]
            if v["options"]["compulsory_solo"]
            else None,
            hand=cards_info(hand),
            trumps_held=[c for c in hand if is_trump(c, t.own_kind(v))],
            legal=set(legal["cards"]),
            can_play=can_play,
            reservations=[
                {"id": r, "name": str(RESERVATION_NAMES[r]), "solo": r in SOLOS}
                for r in legal["reservations"]
            ]
            if my_turn and reserving
            else [],
            forced=v["phase"] == "forced_solo",
            turn_calls=[{"id": c, "name": str(CALL_NAMES[c])} for c in turn_calls],
            optional_calls=[{"id": c, "name": str(CALL_NAMES[c])} for c in optional_calls],
            call_deadline=t.call_deadline(v) if (turn_calls or optional_calls) else None,
            own_party=t.own_party_text(v, names),
            result=t.deal_result(v, names) if v["result"] else None,
            previous=self._previous(v, names) if not v["result"] else None,
        )
        if optional_calls:
            ctx["optional_announce"] = _("You may call now.")

    def _previous(self, v: dict, names: list[str]) -> dict | None:
        """The last scored deal, in numbers only (its cards are in the match record)."""
        sheet = v["match"]["sheet"]
        return t.sheet_rows(sheet[-1:], names)[0] if sheet else None

    def log_entries(self, ctx: dict) -> list[dict]:
        """The deal's log (table.log_entries): from the viewer's view, with the order of the
        round's moves (their verbs only: a call among the cards) and who made them."""
        match, status = ctx["match"], ctx["status"]
        return t.log_entries(ctx["v"], round_verbs(match, status.round), ctx["round_actors"])

    def log_text(self, entries, names: list[str], actors=()) -> list[str]:
        """The entries carry their own actor notes (log_line): a deal's log is not one line per
        move (DK17: older tricks are not shown)."""
        return super().log_text(entries, names)

    def log_line(self, entry: dict, names: list[str]) -> tuple[str, ...]:
        return t.log_line(entry, names)

    def region_keys(self, ctx: dict) -> dict:
        """The hand, the score sheet and the result change with few moves; the actions region
        with the viewer's own controls."""
        v = ctx["v"]
        if v is None:
            return {}
        names = tuple(ctx["names"])
        keys = {
            "hand": (
                tuple(v["hand"] or ()),
                tuple(sorted(ctx["legal"])),
                ctx["can_play"],
                ctx["own_party"],
                v["solo"],
            ),
            "score": (names, repr(v["match"])),
            "result": (names, repr([v[k] for k in RESULT_SHOWS])),
        }
        if ctx["match"].is_active:
            shown = (
                ctx["between_rounds"],
                ctx["can_play"],
                repr(ctx["reservations"]),
                repr(ctx["turn_calls"]),
                repr(ctx["optional_calls"]),
                repr(ctx["call_deadline"]),
            )
            keys["actions"] = self.actions_key(ctx, *shown)
        return keys

    def secrets(self, state, seat: int | None) -> set[str]:
        """DK17: the other hands while the deal runs, but for the cards the seat's view shows (its
        own hand, the trick, the last trick), by id and by name."""
        deal = state.deal
        if deal.phase == "finished":
            return set()
        hidden = {c for s, hand in enumerate(deal.hands) if s != seat for c in hand}
        hidden -= set(strings_in(view(state, seat), is_card))
        return hidden | {card_label(c) for c in hidden}

    # --- The record --------------------------------------------------------------------------

    def score_text(self, score: float) -> str:
        n = int(score)
        return ngettext("%(n)s game point", "%(n)s game points", n) % {"n": n}

    def round_summary(self, round_row, names: list[str]) -> dict:
        """A scored deal on the match page: contract, parties, card points, the score items and
        each seat's score (DK11-DK14)."""
        res = round_row.result or {}
        if round_row.ended_at is None or "deal_scores" not in res:
            return {"deal": None}
        pub = {"contract": res["contract"], "solo": res["solo"], "declarer": res["declarer"]}
        parties = res["parties"]
        return {
            "deal": {
                "dealer": names[(round_row.setup or {}).get("dealer", 0)],
                "contract": t.contract_text(pub, names),
                "re": [names[s] for s in range(4) if parties[s] == "re"],
                "kontra": [names[s] for s in range(4) if parties[s] == "kontra"],
                "re_points": res["re_card_points"],
                "kontra_points": res["kontra_card_points"],
                "winner": party_name(res["winner_party"]),
                "calls": [
                    {
                        "name": names[c["seat"]],
                        "call": str(CALL_NAMES[c["call"]]),
                        "party": party_name(c["party"]),
                    }
                    for c in res["calls"]
                ],  # fmt: skip
                "items": {p: t.items_text(res["score_items"][p]) for p in ("re", "kontra")},
                "value": t.value_text(res["game_value"]),
                "scores": [
                    {
                        "name": names[s],
                        "deal": signed(res["deal_scores"][s]),
                        "total": res["scores"][s],
                    }
                    for s in range(4)
                ],
                "counts": res["deal_counts"],
            }
        }

    def replay_context(self, state, ctx: dict) -> dict:
        """A deal still being played shows nothing: its older tricks are never shown during the
        deal (DK17). A scored deal shows everything: the hands, the trick, the calls."""
        rnd, names, move = ctx.get("round"), ctx["names"], ctx.get("move")
        if not ctx["face_up"] or (rnd is not None and rnd.ended_at is None):
            return {"in_play": True, "said": self._said(move.action, names, True) if move else ""}
        deal = state.deal
        seen = view(state, None)
        kind = deal.solo or "diamonds"
        pub = {"contract": deal.contract, "solo": deal.solo, "declarer": deal.declarer}
        trick = t.shown_trick(seen)
        return {
            "in_play": False,
            "said": self._said(move.action, names) if move else "",
            "contract": t.contract_text(pub, names),
            "seats": [
                {
                    "name": names[p],
                    "dealer": p == deal.dealer,
                    "party": party_name(deal.parties[p]),
                    "hand": cards_info(shown_order(deal.hands[p], kind)),
                    "tricks": seen["tricks_won"][p],
                }
                for p in range(4)
            ],
            "trick_rows": t.trick_rows(trick, names),
            "trick": trick,
            "trick_winner": names[trick["winner"]] if trick and trick["complete"] else "",
            "calls": t.calls_shown(seen, names),
            "result": t.deal_result(seen, names) if seen["result"] else None,
        }

    def _said(self, action: dict, names: list[str], in_play: bool = False) -> str:
        """A move of the replay in words; of a deal in play only what it did, not which
        reservation or card (DK17)."""
        who = names[action["seat"]]
        verb = action.get("action")
        if verb == "reserve":
            declared = action["reservation"]
            if in_play and declared != "healthy":
                return _("%(who)s has a reservation.") % {"who": who}
            return _("%(who)s declared: %(what)s.") % {
                "who": who,
                "what": t.reservation_text(declared),
            }
        if verb == "play" and in_play:
            return _("%(who)s played a card.") % {"who": who}
        if verb == "announce":
            return _("%(who)s called %(call)s.") % {"who": who, "call": CALL_NAMES[action["call"]]}
        if verb == "play":
            return _("%(who)s played %(card)s.") % {"who": who, "card": card_label(action["card"])}
        return _("%(who)s dealt.") % {"who": who}

    def chart(self, rounds, names: list[str]) -> dict | None:
        """Each player's match score (DK3: the running sum) deal by deal."""
        from games.plugin import line_chart

        totals = [[0.0] for _ in range(4)]
        for rnd in rounds:
            if rnd.ended_at and rnd.result and "scores" in rnd.result:
                for s in range(4):
                    totals[s].append(float(rnd.result["scores"][s]))
        return line_chart([(names[s], totals[s]) for s in range(4)])
