"""Cartagena 2's presenter (games/plugin.py, CARTAGENA2.md): the track and its pirates, the
hand, the actions of a turn, the privateer's discards, the words and the record."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.cartagena2.board import FACES, STANDARD, SYMBOLS
from games.cartagena2.cards import is_card, is_privateer
from games.cartagena2.state import ACTIONS, DISCARD
from games.cartagena2.views import view
from games.core import IllegalAction
from games.plugin import MoveRejected, Presenter, refusal_text

from .presentation import (
    BOT_NAMES,
    card_label,
    hand_kinds,
    pirate_mark,
    position_label,
    symbol_name,
)
from .table import advances, board, log_entry, log_line, plays, result

# An engine refusal (games/cartagena2/engine.py lists the codes) in the player's language.
REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "must_discard": gettext_lazy("The privateer's discards come first."),
    "no_discard_due": gettext_lazy("You need not discard anything now."),
    "wrong_discard_count": gettext_lazy("Choose exactly %(count)s cards to discard."),
    "card_not_held": gettext_lazy("You do not hold that card."),
    "no_pirate_there": gettext_lazy("There is no such pirate on %(position)s."),
    "pirate_cannot_move": gettext_lazy("The pirate on %(position)s cannot move now."),
    "no_destination": gettext_lazy(
        "That card cannot move the pirate on %(position)s: no free space of its symbol lies "
        "ahead and the boat has no room for it."
    ),
    "own_pirate": gettext_lazy("To draw cards you move another player's pirate, not your own."),
    "cannot_advance": gettext_lazy(
        "The pirate on %(position)s cannot be moved: no space ahead holds one or two pirates, "
        "and nobody else's pirate is ever moved into the nest."
    ),
    "boat_needs_crew": gettext_lazy(
        "Only a player with a pirate aboard may sail the boat to the second island."
    ),
    "boat_needs_islander": gettext_lazy(
        "Only a player with a pirate still on the first island may sail the boat back."
    ),
    "no_action_taken": gettext_lazy("Take at least one action before you end your turn."),
}

OPTION_LABELS = {"board": gettext_lazy("Board")}
OPTION_VALUES = {
    ("board", "random"): gettext_lazy("random layout of the tiles"),
    ("board", "standard"): gettext_lazy("standard layout"),
}
VERBS = ("play", "advance", "boat", "end", "discard")
MAX_DISCARDS = 105


def _position(value) -> str | int:
    """A position posted by a form ("start", "boat", "12"): the view's notation."""
    text = str(value or "")
    if text.isdigit() and len(text) <= 2:
        return int(text)
    if text in ("start", "boat", "nest"):
        return text
    raise MoveRejected(_("Choose one of your pirates first."))


def _values(data, key: str) -> list:
    getlist = getattr(data, "getlist", None)
    if getlist is not None:
        return getlist(key)
    value = data.get(key)
    return list(value) if isinstance(value, list | tuple) else [] if value is None else [value]


class Cartagena2Presenter(Presenter):
    name = gettext_lazy("Cartagena 2")
    tagline = gettext_lazy(
        "Lead six pirates across two islands, with one boat between them, into the pirates' nest."
    )
    credit = gettext_lazy("A race game by Leo Colovini.")
    picture = "cartagena2/picture.svg"
    minutes = (30, 60)
    regions = ("board", "hand", "result")
    shared_regions = {"board": (), "result": ()}
    board_template = "cartagena2/table/layout.html"
    moves_template = "cartagena2/table/moves.jinja"
    result_template = "cartagena2/record/round.html"
    replay_template = "cartagena2/record/replay.html"
    replay_class = "c2-replay"
    stylesheet = "cartagena2/cartagena2.css"
    components = ("cards",)
    setup_name = gettext_lazy("layout and deal")
    round_words = {
        "numbered": gettext_lazy("Game %(n)s"),
        "plural": gettext_lazy("Games"),
        "next_dealt": gettext_lazy("The next game is being set up."),
    }
    replay_words = {
        "previous": gettext_lazy("Previous action"),
        "next": gettext_lazy("Next action"),
        "position": gettext_lazy("Action %(n)s of %(total)s"),
        "previous_round": gettext_lazy("Previous game"),
        "next_round": gettext_lazy("Next game"),
    }
    log_heading = gettext_lazy("Actions")

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def option_label(self, key: str) -> str:
        return str(OPTION_LABELS.get(key, key))

    def option_value_label(self, key: str, value) -> str:
        return str(OPTION_VALUES.get((key, value), value))

    def refusal(self, error: IllegalAction) -> str:
        return refusal_text(
            REFUSALS,
            error,
            position=position_label,
            card=lambda c: card_label(c) if is_card(c) else c,
        )

    def score_text(self, score: float) -> str:
        n = int(score)
        return ngettext("%(n)s pirate in the nest", "%(n)s pirates in the nest", n) % {"n": n}

    def parse_move(self, data) -> dict:
        verb = data.get("action")
        if verb not in VERBS:
            raise MoveRejected(_("That is not a move."))
        if verb in ("boat", "end"):
            return {"action": verb}
        if verb == "play":
            card = data.get("card")
            if not is_card(card):
                raise MoveRejected(_("Choose a card from your hand first."))
            return {"action": "play", "card": card, "from": _position(data.get("from"))}
        if verb == "advance":
            target, _sep, where = str(data.get("pirate") or "").partition(":")
            if not target.isdigit() or len(target) > 1:
                raise MoveRejected(_("Choose another player's pirate first."))
            return {"action": "advance", "target": int(target), "from": _position(where)}
        cards = _values(data, "cards")
        if not cards or len(cards) > MAX_DISCARDS or not all(is_card(c) for c in cards):
            raise MoveRejected(_("Choose the cards to discard first."))
        return {"action": "discard", "cards": list(cards)}

    # --- The table -------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        for row in ctx["seat_rows"]:
            p = row["position"]
            mark = pirate_mark(p)
            n, nest = v["hand_sizes"][p], v["scores"][p]
            # The seat's mark (seat__mark: its colour and shape, cartagena2.css) and words.
            mark_kind = f"mark c2-seat-{p} c2-shape-{mark['shape']}"
            mark_text = _("pirates: %(shape)s %(n)s") % {
                "shape": mark["shape_name"],
                "n": mark["n"],
            }
            row["facts"] = [
                (mark_kind, mark_text),
                ("cards", ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}),
                ("nest", _("%(n)s of 6 in the nest") % {"n": nest}),
            ]
            if v["must_discard"][p]:
                row["badges"] = [_("discards %(n)s") % {"n": v["must_discard"][p]}]
        phase, seat = v["phase"], v["seat"]
        notes = []
        if phase == ACTIONS:
            left = v["actions_left"]
            turn_name = names[v["turn"]]
            notes.append(
                (
                    ngettext(
                        "%(who)s: %(n)s action left",
                        "%(who)s: %(n)s actions left",
                        left,
                    )
                    % {"who": turn_name, "n": left},
                    True,
                )
            )
            if v["free_boat"]:
                notes.append(
                    (_("%(who)s is captain: one free crossing") % {"who": turn_name}, False)
                )
        elif phase == DISCARD:
            due = [names[s] for s, n in enumerate(v["must_discard"]) if n]
            notes.append(
                (_("Privateer card: %(who)s must discard") % {"who": ", ".join(due)}, True)
            )
        notes.append(
            (
                ngettext("Draw pile: %(n)s card", "Draw pile: %(n)s cards", v["deck_size"])
                % {"n": v["deck_size"]},
                False,
            )
        )
        ctx["status_notes"] = notes
        kinds = hand_kinds(v["hand"]) if v["hand"] else []
        my_turn = ctx.get("my_turn", False)
        acting = my_turn and phase == ACTIONS
        discarding = my_turn and phase == DISCARD and seat is not None and v["must_discard"][seat]
        legal = v["legal"] if my_turn else []
        ctx.update(
            board=board(v, names),
            discard_top=[{"id": c, "label": card_label(c)} for c in v["discard"][-5:]][::-1],
            discard_size=len(v["discard"]),
            hand=kinds,
            hand_size=len(v["hand"] or ()),
            my_mark=pirate_mark(seat) if seat is not None else None,
            acting=acting,
            plays=plays(v, kinds) if acting else [],
            advances=advances(v, names) if acting else [],
            can_boat=acting and any(a["action"] == "boat" for a in legal),
            boat_free=acting and v["free_boat"],
            boat_to=3 - v["boat"],
            can_end=acting and any(a["action"] == "end" for a in legal),
            stuck=acting and [a["action"] for a in legal] == ["end"] and v["actions_left"] == 3,
            actions_left=v["actions_left"],
            discarding=bool(discarding),
            discard_due=v["must_discard"][seat] if seat is not None else 0,
            hand_cards=self._cards(v["hand"]) if discarding else [],
            result=result(v, names) if v["over"] else None,
        )

    @staticmethod
    def _cards(hand: list[str]) -> list[dict]:
        """Each card of the hand on its own (the privateer's discards pick cards, CG9)."""
        return [
            {"id": c, "key": f"{c}-{k}", "label": card_label(c), "gold": is_privateer(c),
             "symbol": c.removesuffix("-gold")}
            for k, c in enumerate(hand)
        ]  # fmt: skip

    def region_keys(self, ctx: dict) -> dict:
        """The hand and the moves show the seat's cards and, on its turn, its choices, which
        follow from the cards, the pirates and the boat (never the other hands): another seat's
        discard or a bot's turn elsewhere leaves them alone. (Not the legal actions themselves:
        a privateer's discards can list thousands.)"""
        v = ctx["v"]
        if v is None:
            return {}
        shown = (
            tuple(v["hand"] or ()),
            ctx["my_turn"],
            v["phase"],
            v["actions_left"],
            v["free_boat"],
            v["boat"],
            repr(v["pirates"]),
            v["must_discard"][v["seat"]] if v["seat"] is not None else 0,  # only one's own
            tuple(ctx["names"]),
        )
        keys = {"hand": shown}
        if ctx["match"].is_active:
            keys["actions"] = self.actions_key(ctx, *shown)
        return keys

    def log_entry(self, before, after):
        return log_entry(before, after)

    def log_line(self, entry, names: list[str]) -> str:
        return log_line(entry, names)

    def secrets(self, state, seat: int | None) -> set[str]:
        """CG12: the cards of the other hands and of the draw pile. A plain card's name is a
        symbol the board shows anyway, so what can be looked for is each privateer card (one of
        each symbol) the seat cannot see: not in its hand and not on the discard pile."""
        seen = set(state.discard) | (set(state.hands[seat]) if seat is not None else set())
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
        hidden |= set(state.deck)
        return {c for c in hidden if is_privateer(c) and c not in seen}

    # --- The record ------------------------------------------------------------------------

    def round_summary(self, round_row, names: list[str]) -> dict:
        res = round_row.result or {}
        summary = {"lines": self.replayed_lines(round_row.match, names)}
        if round_row.ended_at and res.get("winners"):
            v = {"winners": res["winners"], "scores": res["scores"]}
            summary["result"] = result(v, names)
            summary["reshuffles"] = res.get("reshuffles", 0)
        return summary

    def replay_context(self, state, ctx: dict) -> dict:
        names = ctx["names"]
        public = view(state, None)
        move = ctx.get("move")
        said = ""
        if move is not None:
            before = self._before(ctx)
            if before is not None:
                said = log_line(log_entry(before, state), names)
        seats = []
        for p in range(public["players"]):
            seats.append(
                {
                    "name": names[p],
                    "mark": pirate_mark(p),
                    "count": public["hand_sizes"][p],
                    "nest": public["scores"][p],
                    "hand": [card_label(c) for c in sorted(state.hands[p])]
                    if ctx.get("face_up")
                    else None,
                    "turn": public["turn"] == p,
                }
            )
        return {
            "board": board(public, names),
            "said": said,
            "seats": seats,
            "deck_size": public["deck_size"],
            "actions_left": public["actions_left"] if public["phase"] == ACTIONS else None,
            "result": result(public, names) if public["over"] else None,
        }

    @staticmethod
    def _before(ctx: dict):
        """The state before the replay's step (the platform replays from the start)."""
        match, step = ctx["match"], ctx.get("step") or 0
        if step < 1:
            return None
        engine = match.engine
        state = engine.new(match.seat_count, match.seed, match.options)
        for action in match.moves.order_by("seq").values_list("action", flat=True)[: step - 1]:
            state = engine.apply(state, action)
        return state

    def rules_context(self) -> dict:
        v = {
            "players": 3,
            "spaces": [s for face in STANDARD for s in FACES[face]],
            "pirates": [
                ["start", "start", 2, 9, "boat", "boat"],
                ["start", 4, 9, 16, "nest", "nest"],
                ["start", "start", "start", 2, 21, "nest"],
            ],
            "boat": 2,
        }
        names = [_("Red"), _("Blue"), _("Yellow")]
        return {
            "example_board": board(v, names),
            "symbols": [{"id": s, "name": symbol_name(s)} for s in SYMBOLS],
        }
