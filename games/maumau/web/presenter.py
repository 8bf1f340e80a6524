"""Mau Mau's presenter (games/plugin.py): its table, moves, words and record (MAUMAU.md)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.core import IllegalAction
from games.maumau.cards import SUITS, is_card, rank, sort_cards
from games.maumau.state import PLAY
from games.maumau.views import view
from games.plugin import MoveRejected, Presenter, refusal_text, strings_in

from .presentation import BOT_LEVEL_NAMES, SUIT_NAMES, card_info, card_label, cards_info, suits_info
from .table import (
    MOVES,
    count_text,
    game_result,
    log_line,
    pile_info,
    score_words,
    seat_facts,
    target_text,
)

# An engine refusal (games/maumau/engine.py lists the codes) in the player's language.
REFUSALS = {
    "match_over": gettext_lazy("The match is over."),
    "game_over": gettext_lazy("This game is over: wait for the next deal."),
    "not_now": gettext_lazy("A game is being played: no new deal now."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "card_not_held": gettext_lazy("You do not hold the %(card)s."),
    "must_answer_seven": gettext_lazy(
        "Sevens are pending: play a 7 or draw %(pending)s cards (MM6)."
    ),
    "no_jack_on_jack": gettext_lazy("No jack on a jack (MM5)."),
    "must_follow_wish": gettext_lazy(
        "A jack is on top: play a card of the wished suit, %(suit)s (MM6)."
    ),
    "no_match": gettext_lazy(
        "That card fits neither the suit nor the rank of the %(top)s: play one that does, a "
        "jack, or draw (MM5)."
    ),
    "wish_not_jack": gettext_lazy("Only a jack wishes a suit (MM6)."),
    "false_mau": gettext_lazy(
        "Call “Mau” only with the card that leaves you one card in your hand (MM9)."
    ),
    "must_play": gettext_lazy(
        "There is no card to draw, and you hold a card that fits: play it (MM7)."
    ),
    "interject_off": gettext_lazy("This table plays without interjecting (MM10)."),
    "out_of_game": gettext_lazy("You have gone out: you play no more cards in this game."),
    "interject_special": gettext_lazy(
        "No interjecting on a special card: the %(top)s is a 7, 8, 9 or jack (MM10)."
    ),
    "stale_interjection": gettext_lazy(
        "Too late: the top card is now the %(top)s, so your %(card)s was not laid. You keep "
        "all your cards (MM10)."
    ),
}

OPTION_LABELS = {
    "deck": gettext_lazy("Pack"),
    "hand_size": gettext_lazy("Cards dealt"),
    "interject": pgettext_lazy("maumau", "Interjecting"),
    "play_for_places": gettext_lazy("Play for places"),
    "scoring": gettext_lazy("Scoring"),
    "target_wins": gettext_lazy("Wins for the match"),
    "points_limit": gettext_lazy("Penalty points that end the match"),
}
OPTION_VALUES = {
    ("deck", "auto"): gettext_lazy("32 cards for 2–4 players, 52 for 5–7"),
    ("deck", "52"): gettext_lazy("52 cards"),
    ("deck", "32"): gettext_lazy("32 cards"),
    ("hand_size", 5): gettext_lazy("5 each (7 with two players)"),
    ("hand_size", 6): gettext_lazy("6 each (7 with two players)"),
    ("interject", True): gettext_lazy("yes: a doubled pack, twins may be laid out of turn"),
    ("interject", False): gettext_lazy("no"),
    ("play_for_places", True): gettext_lazy("yes: play on until one player is left"),
    ("play_for_places", False): gettext_lazy("no: the first out wins the game"),
    ("scoring", "wins"): gettext_lazy("wins: the first out wins the game"),
    ("scoring", "points"): gettext_lazy("penalty points for the cards left"),
}


def refusal(error: IllegalAction) -> str:
    return refusal_text(
        REFUSALS,
        error,
        card=lambda c: card_label(c) if is_card(c) else c,
        top=lambda c: card_label(c) if is_card(c) else c,
        suit=lambda s: str(SUIT_NAMES.get(s, s)),
    )


TRUE = ("on", "1", "true", "yes")


class MauMauPresenter(Presenter):
    name = gettext_lazy("Mau Mau")
    tagline = gettext_lazy(
        "Match the top card by suit or rank, wish a suit with a jack, and call “Mau” before "
        "your last card."
    )
    picture = "maumau/maumau.svg"
    credit = gettext_lazy("A traditional German card game for 2 to 7 players.")
    minutes = (15, 40)
    regions = ("pile", "hand", "result")
    # The pile and a game's result are public (MM14): one rendering for every viewer.
    shared_regions = {"pile": (), "result": ()}
    board_template = "maumau/table/layout.html"
    moves_template = "maumau/table/moves.jinja"
    optional_template = "maumau/table/optional.jinja"
    result_template = "maumau/record/round.html"
    replay_template = "maumau/record/replay.html"
    stylesheet = "maumau/maumau.css"
    components = ("cards",)
    log_heading = gettext_lazy("This game's moves")
    setup_name = gettext_lazy("deal")
    round_words = {
        "numbered": pgettext_lazy("maumau", "Game %(n)s"),
        "plural": pgettext_lazy("maumau", "Games"),
        "next_dealt": gettext_lazy("The cards are being dealt for the next game."),
    }
    replay_words = {
        "previous": gettext_lazy("Previous move"),
        "next": gettext_lazy("Next move"),
        "position": gettext_lazy("Move %(n)s of %(total)s"),
        "previous_round": pgettext_lazy("maumau", "Previous game"),
        "next_round": pgettext_lazy("maumau", "Next game"),
    }
    chart_heading = gettext_lazy("The score, game by game")
    chart_title = gettext_lazy("Each player's wins or penalty points after each game")

    def bot_names(self) -> dict[str, str]:
        return {level: str(name) for level, name in BOT_LEVEL_NAMES.items()}

    def option_label(self, key: str) -> str:
        return str(OPTION_LABELS.get(key, key))

    def option_value_label(self, key: str, value) -> str:
        return str(OPTION_VALUES.get((key, value), value))

    def options_text(self, options: dict) -> list[str]:
        """The table's options in short (the table's heading, the record): what differs from
        the usual game, and how the match is won."""
        out = []
        if options.get("deck") in ("32", "52"):
            out.append(str(OPTION_VALUES[("deck", options["deck"])]))
        if options.get("hand_size") == 6:
            out.append(str(OPTION_VALUES[("hand_size", 6)]))
        for key in ("interject", "play_for_places"):
            if options.get(key):
                out.append(self.option_label(key))
        if "scoring" in options:
            out.append(target_text(options))
        return out

    def refusal(self, error: IllegalAction) -> str:
        return refusal(error)

    def parse_move(self, data) -> dict:
        """A move form: play (a card, a jack's wish, the Mau call), draw, or interject."""
        verb = data.get("action") or "play"
        if verb == "draw":
            return {"action": "draw"}
        if verb not in ("play", "interject"):
            raise MoveRejected(_("That is not a move."))
        card = data.get("card")
        if not card:
            raise MoveRejected(_("Choose a card from your hand first."))
        if not is_card(card):
            raise MoveRejected(_("That is not a card."))
        action = {"action": verb, "card": card}
        wish = data.get("wish") or ""
        if wish and rank(card) == "J":
            if wish not in SUITS:
                raise MoveRejected(_("Wish one of the four suits."))
            action["wish"] = wish
        if str(data.get("mau", "")).lower() in TRUE:
            action["mau"] = True
        return action

    # --- The table ---------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        playing = v["phase"] == PLAY
        seat_facts(v, names, ctx["seat_rows"])
        ctx["status_notes"] = [
            (str(self.round_name(v["round"])), False),
            (_("dealer: %(who)s") % {"who": names[v["dealer"]]}, False),
        ]
        my_turn = ctx.get("my_turn", False) and playing
        legal = v["legal"] if my_turn else []
        plays = {a["card"] for a in legal if a["action"] == "play"}
        hand = v["hand"] or []
        draw = next((a for a in legal if a["action"] == "draw"), None)
        optional = ctx.get("optional_moves") or []
        twin = next((a["card"] for a in optional if a["action"] == "interject"), None)
        ctx.update(
            pile=pile_info(v, names),
            result=game_result(v, names),
            hand=cards_info(hand),
            hand_count=count_text(len(hand)),
            legal_plays=plays,
            can_play=my_turn and bool(plays),
            jack_playable=any(rank(c) == "J" for c in plays),
            mau_needed=len(hand) == 2,
            suits=suits_info(),
            can_draw=draw is not None,
            draw_label=self._draw_label(v) if draw is not None else "",
            must_play=my_turn and draw is None and bool(plays),
            twin=card_info(twin) if twin else None,
        )
        if twin:
            ctx["optional_announce"] = _(
                "You hold the twin of the top card, the %(card)s: you may interject it now."
            ) % {"card": card_label(twin)}

    @staticmethod
    def _draw_label(v: dict) -> str:
        if v["pending_draw"]:
            n = v["pending_draw"]
            return ngettext("Draw %(n)s card", "Draw %(n)s cards", n) % {"n": n}
        if not v["stock_size"] and len(v["discard"]) < 2:
            return _("Pass (there is no card to draw)")
        return _("Draw a card")

    log_keeps_latest = True  # the view's log: the latest moves of the game only

    def log_entry_is_move(self, entry: dict) -> bool:
        # A deal is the server's, a penalty card and a reshuffle follow from a move (MM9, MM8).
        return entry.get("action") in ("play", "draw", "interject")

    def log_line(self, entry: dict, names: list[str]) -> str:
        return log_line(entry, names)

    def secrets(self, state, seat: int | None) -> set[str]:
        """MM14: the other hands and the stock, but for the cards this seat's view shows (its
        own hand, the discard pile, the log's cards), by id and by name."""
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
        hidden |= set(state.stock)
        hidden -= set(strings_in(view(state, seat), is_card))
        return hidden | {card_label(c) for c in hidden}

    # --- The record --------------------------------------------------------------------------

    def score_text(self, score: float) -> str:
        """Wins or penalty points (MM12): the table's option is not known here."""
        return _("score %(n)s") % {"n": int(score)}

    def round_summary(self, round_row, names: list[str]) -> dict:
        """An ended game on the match page: who went out, the cards and points left, the missed
        Mau calls and the match score after it."""
        result, setup = round_row.result or {}, round_row.setup or {}
        if round_row.ended_at is None or "scores" not in result:
            return {"game": None}
        places = result.get("places") or []
        points = result.get("points")
        rows = []
        for p, name in enumerate(names):
            rows.append(
                {
                    "name": name,
                    "place": places.index(p) + 1 if p in places else None,
                    "cards": (result.get("hand_sizes") or [0] * len(names))[p],
                    "points": points[p] if points else None,
                    "missed": (result.get("mau_missed") or [0] * len(names))[p],
                    "score": result["scores"][p],
                }
            )
        winners = result.get("winners") or []
        return {
            "game": {
                "dealer": names[setup["dealer"]] if "dealer" in setup else "",
                "upcard": card_info(setup["discard"][0]) if setup.get("discard") else None,
                "winner": names[winners[0]] if winners and not result.get("void") else "",
                "void": result.get("void", False),
                "rows": rows,
                "points_shown": points is not None,
                "places_shown": len(places) > 1,
                "match_over": result.get("match_over", False),
            }
        }

    def replay_context(self, state, ctx: dict) -> dict:
        face_up, names = ctx["face_up"], ctx["names"]
        public = view(state, None)
        seats = []
        for p in range(state.players):
            seats.append(
                {
                    "name": names[p],
                    "count": count_text(public["hand_sizes"][p]),
                    "hand": cards_info(sort_cards(state.hands[p])) if face_up else None,
                    "dealer": p == public["dealer"],
                    "to_move": p == public["to_move"] and not public["over"],
                    "score": score_words(public["options"], public["scores"][p]),
                }
            )
        events = public["log"]
        log = [log_line(e, names) for e in events]
        start = len(events) - 1  # the events of the last move: from its play, draw or deal on
        while start > 0 and events[start]["action"] not in MOVES:
            start -= 1
        return {
            "seats": seats,
            "pile": pile_info(public, names),
            "said": " ".join(log[start:]),
            "recent": list(reversed(log[-6:])),
            "result": game_result(public, names),
        }

    def chart(self, rounds, names: list[str]) -> dict | None:
        """Each player's wins (or penalty points) after each game (MM12)."""
        from games.plugin import line_chart

        totals: list[list[float]] = [[0.0] for _ in names]
        for rnd in rounds:
            if rnd.ended_at and rnd.result and "scores" in rnd.result:
                for p, score in enumerate(rnd.result["scores"]):
                    totals[p].append(float(score))
        return line_chart([(names[p], totals[p]) for p in range(len(names))])

    def rules_context(self) -> dict:
        example = ("JH", "7S", "8D", "9C", "QH", "10H")
        return {"examples": {c: card_info(c) for c in example}, "suits": suits_info()}
