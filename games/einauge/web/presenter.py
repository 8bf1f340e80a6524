"""Einauge sei wachsam!'s presenter (games/plugin.py, shared/rules/EINAUGE.md): the display with
its prices, One-Eye's pirate table, every player's rows, ducats, sabres and jewels (all public,
EA13), the phase of the turn and what the player may do now, with the yields a purchase or a
fight would bring shown before it is made (EA5); the words, the record and the rules page.

The one secret is the draw pile's order (EA13): the table shows only its size and how many ships
lie in it; no page says which cards it holds, so the cards themselves are the secrets."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.core import IllegalAction
from games.plugin import MoveRejected, Presenter, refusal_text

from ..cards import (
    COLOURS,
    ISLAND,
    PRICES,
    ROW_LIMIT,
    TABLE_SIZE,
    colour,
    fight_cost,
    is_card,
    is_ship,
    price,
)
from ..rules import ALONE, place, row_yield
from ..scoring import chests
from ..state import BUY, FIGHT, FINAL, TABLE, Player
from .faces import amounts, card_info, card_label, cards_info, colour_name

BOT_NAMES = {
    "deckhand": gettext_lazy("Deckhand"),
    "merchant": gettext_lazy("Merchant"),
    "captain": gettext_lazy("Captain"),
}

# The IllegalAction codes of games/einauge/rules.py in the player's language.
REFUSALS = {
    "game_over": gettext_lazy("The game is over."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "not_now": pgettext_lazy(
        "einauge", "That belongs to another phase of the turn: now %(phase)s."
    ),
    "not_in_display": gettext_lazy("The %(card)s is not in the display."),
    "not_on_table": gettext_lazy("The %(card)s is not on the pirate table."),
    "cannot_afford": gettext_lazy(
        "The %(card)s costs %(price)s ducats: you have too few. Sell jewels or cards first."
    ),
    "too_few_sabres": gettext_lazy("Fighting One-Eye for the %(card)s costs %(cost)s sabres."),
    "one_card_only": gettext_lazy("In the final round you may take only one card."),
    "wrong_row": gettext_lazy(
        "That card cannot join that row: an island card joins the row of its colour, a ship "
        "one of your rows or none."
    ),
    "row_full": gettext_lazy("That row holds 7 cards already."),
    "not_onto_ships": gettext_lazy(
        "The %(card)s cannot be put onto your lone ships: only a colour you have no row of, "
        "while they have room."
    ),
    "not_enough_jewels": gettext_lazy("You do not have %(jewels)s jewels to sell."),
    "card_not_owned": gettext_lazy("The %(card)s is not one of your cards."),
}

# EA3: the phases of a turn, as the status line and the moves name them.
PHASES = {
    BUY: pgettext_lazy("einauge phase", "buy a card"),
    FIGHT: pgettext_lazy("einauge phase", "fight One-Eye"),
    TABLE: pgettext_lazy("einauge phase", "feed the pirate table"),
    FINAL: pgettext_lazy("einauge phase", "the final round"),
}
PHASE_NUMBERS = {BUY: 1, FIGHT: 2, TABLE: 3}

VERBS = ("buy", "fight", "pass", "table", "sell")
MAX_FIELD = 24  # "ship-8@violet" and the like


def phase_text(phase: str) -> str:
    return str(PHASES.get(phase, phase))


def encode(action: dict) -> str:
    """A buy or a fight as the value of one radio button: "red-4", "ship-2@red",
    "ship-2@alone", "green-6@ships"."""
    card = action["card"]
    if action.get("onto_ships"):
        return f"{card}@ships"
    if action.get("row"):
        return f"{card}@{action['row']}"
    return card


def decode(value: str) -> dict:
    card, _sep, where = value.partition("@")
    if not is_card(card):
        raise ValueError(card)
    out = {"card": card}
    if where == "ships":
        out["onto_ships"] = True
    elif where:
        if where not in COLOURS and where != ALONE:
            raise ValueError(where)
        out["row"] = where
    return out


def player_of(v: dict, seat: int) -> Player:
    return Player(
        v["ducats"][seat],
        v["sabres"][seat],
        v["jewels"][seat],
        {c: r[:] for c, r in v["rows"][seat].items()},
        v["loose_ships"][seat][:],
    )


def gain_of(v: dict, seat: int, action: dict) -> tuple[int, int, int]:
    """EA5: the sabres, ducats and jewels the card's row yields once it joins (what a purchase
    or a fight would bring, shown before it is made)."""
    player = player_of(v, seat)
    before = (player.sabres, player.ducats, player.jewels)
    place(player, action["card"], action)
    return (player.sabres - before[0], player.ducats - before[1], player.jewels - before[2])


def where_text(action: dict) -> str:
    """Where a card goes: "onto your red row", "alone", "onto your lone ships"."""
    if action.get("onto_ships"):
        return _("onto your lone ships")
    row = action.get("row")
    if row == ALONE:
        return _("laid alone")
    if row:
        return _("into your %(colour)s row") % {"colour": colour_name(row)}
    return ""


def choice(v: dict, seat: int, action: dict) -> dict:
    """One buy or fight offered: the card, where it goes, what it costs and what it brings."""
    card = action["card"]
    sabres, ducats, jewels = gain_of(v, seat, action)
    if action["action"] == "buy":
        cost = ngettext("%(n)s ducat", "%(n)s ducats", price(card)) % {"n": price(card)}
    else:
        cost = ngettext("%(n)s sabre", "%(n)s sabres", fight_cost(card)) % {"n": fight_cost(card)}
    where = where_text(action)
    what = card_label(card) + (f" {where}" if where else "")
    return {
        "value": encode(action),
        "card": card_info(card),
        "what": what,
        "cost": cost,
        "gain": amounts(sabres, ducats, jewels),
        "label": _("%(what)s for %(cost)s: you take %(gain)s") % {
            "what": what, "cost": cost, "gain": amounts(sabres, ducats, jewels)
        },
    }  # fmt: skip


def rows_info(v: dict, seat: int) -> list[dict]:
    """A player's rows (EA5): one colour each, its cards cheapest first, with what the row
    yields when a card joins it and its chests (EA12); the lone ships (EA10) last."""
    out = []
    for name, cards in v["rows"][seat].items():
        s, d, j = row_yield(cards)
        out.append(
            {
                "colour": name,
                "colour_name": colour_name(name),
                "cards": cards_info(cards),
                "count": len(cards),
                "full": len(cards) >= ROW_LIMIT,
                "chests": chests(cards),
                "yields": amounts(s, d, j),
            }
        )
    lone = v["loose_ships"][seat]
    if lone:
        out.append(
            {
                "colour": "ship",
                "colour_name": _("lone ships"),
                "cards": cards_info(lone),
                "count": len(lone),
                "full": len(lone) >= ROW_LIMIT,
                "chests": 0,
                "yields": pgettext("einauge", "nothing"),
            }
        )
    return out


def money(v: dict, seat: int) -> dict:
    return {
        "ducats": v["ducats"][seat],
        "sabres": v["sabres"][seat],
        "jewels": v["jewels"][seat],
        "ducats_text": ngettext("%(n)s ducat", "%(n)s ducats", v["ducats"][seat])
        % {"n": v["ducats"][seat]},
        "sabres_text": ngettext("%(n)s sabre", "%(n)s sabres", v["sabres"][seat])
        % {"n": v["sabres"][seat]},
        "jewels_text": ngettext("%(n)s jewel", "%(n)s jewels", v["jewels"][seat])
        % {"n": v["jewels"][seat]},
    }


def result_info(v: dict, names: list[str]) -> dict | None:
    """EA12: each player's jewels, those from ducats and sabres and from chests, the winners."""
    result = v.get("result")
    if not result:
        return None
    rows = []
    for seat in range(len(names)):
        rows.append(
            {
                "name": names[seat],
                "kept": result["scores"][seat]
                - result["ducat_jewels"][seat]
                - result["chest_jewels"][seat],
                "ducats": result["ducat_jewels"][seat],
                "chests": result["chest_jewels"][seat],
                "total": result["scores"][seat],
                "won": seat in result["winners"],
            }
        )
    rows.sort(key=lambda r: -r["total"])
    winners = [names[s] for s in result["winners"]]
    best = max(result["scores"])
    others = sorted((t for t in result["scores"] if t != best), reverse=True)
    if len(winners) == 1:
        heading = _("%(name)s wins with %(n)s jewels") % {"name": winners[0], "n": best}
    else:
        heading = _("%(names)s share the victory with %(n)s jewels each") % {
            "names": ", ".join(winners),
            "n": best,
        }
    if others:
        why = ngettext(
            "The most jewels after the final scoring, %(n)s ahead of the next player.",
            "The most jewels after the final scoring, %(n)s ahead of the next player.",
            best - others[0],
        ) % {"n": best - others[0]}
    else:
        why = _("Everyone ended with the same number of jewels.")
    return {"heading": heading, "why": why, "rows": rows, "winners": ", ".join(winners)}


def board_context(v: dict, names: list[str], viewer: int | None = None) -> dict:
    """What the display, the pirate table and the players' panels show: all public (EA13)."""
    n = v["players"]
    ships_left = sum(is_ship(c) for c in v["deck_cards"])
    players = []
    for seat in range(n):
        players.append(
            {
                "seat": seat,
                "name": names[seat],
                "me": seat == viewer,
                "to_move": v["turn"] == seat,
                "start": seat == v["start_player"],
                "rows": rows_info(v, seat),
                **money(v, seat),
            }
        )
    return {
        "display": cards_info(v["display"]),
        "pirates": cards_info(v["table"]),
        "free_places": max(0, TABLE_SIZE - len(v["table"])),
        "deck_size": v["deck_size"],
        "ships_left": ships_left,
        "players_info": players,
        "colours_in_play": [(c, colour_name(c)) for c in v["colours"]],
        "stage": v["stage"],
    }


def stage_note(v: dict) -> str:
    if v["stage"] == "ending":
        return _("A ship has turned up: this round is played to its end, then the final round.")
    if v["stage"] == FINAL:
        return _("The final round: each player may fight One-Eye for one more card.")
    return ""


class EinaugePresenter(Presenter):
    name = gettext_lazy("Einauge sei wachsam!")
    tagline = gettext_lazy(
        "Buy island cards, fight the pirate One-Eye for his table, and collect the most jewels."
    )
    picture = "einauge/picture.svg"
    credit = gettext_lazy("A card game by Wolfgang Kramer and Michael Kiesling.")
    minutes = (30, 50)
    regions = ("display", "pirates", "players", "result")
    # Everything lies open (EA13): every viewer sees the same, but for "you" on their panel.
    shared_regions = {"display": (), "pirates": (), "players": ("viewer",), "result": ()}
    board_template = "einauge/table/layout.html"
    moves_template = "einauge/table/moves.jinja"
    result_template = "einauge/record/round.html"
    replay_template = "einauge/record/replay.html"
    replay_class = "einauge-replay"
    stylesheet = "einauge/einauge.css"
    components = ("cards",)
    hidden_options = ("left_out",)  # EA2 Decided: always drawn at random
    setup_name = gettext_lazy("shuffle")
    round_words = {
        "numbered": pgettext_lazy("einauge", "Game %(n)s"),
        "plural": pgettext_lazy("einauge", "Games"),
        "next_dealt": gettext_lazy("The next game is being set up."),
    }

    def bot_names(self) -> dict[str, str]:
        return dict(BOT_NAMES)

    def option_label(self, key: str) -> str:
        return _("colours left out") if key == "left_out" else key

    def option_value_label(self, key: str, value) -> str:
        return _("drawn at random") if value == "random" else str(value)

    def refusal(self, error: IllegalAction) -> str:
        return refusal_text(
            REFUSALS,
            error,
            card=lambda c: card_label(c) if is_card(c) else str(c),
            phase=phase_text,
        )

    def score_text(self, score: float) -> str:
        n = int(score)
        return ngettext("%(n)s jewel", "%(n)s jewels", n) % {"n": n}

    def parse_move(self, data) -> dict:
        verb = data.get("action")
        if verb not in VERBS:
            raise MoveRejected(_("That is not a move of this game."))
        if verb == "pass":
            return {"action": "pass"}
        if verb == "sell":
            if data.get("card"):
                card = data.get("card", "")
                if not is_card(card):
                    raise MoveRejected(_("Choose one of your cards to sell."))
                return {"action": "sell", "card": card}
            try:
                k = int(data.get("jewels", ""))
            except (TypeError, ValueError):
                k = 0
            if not 1 <= k <= 10**6:
                raise MoveRejected(_("Say how many jewels you sell: 1 or more."))
            return {"action": "sell", "jewels": k}
        pick = data.get("pick", "") or data.get("card", "")
        try:
            if len(pick) > MAX_FIELD:
                raise ValueError(pick)
            action = {"action": verb, **decode(pick)}
        except ValueError:
            raise MoveRejected(_("Choose a card first.")) from None
        if verb == "table":
            action = {"action": "table", "card": action["card"]}
        return action

    def secrets(self, state, seat: int | None) -> set[str]:
        """EA13: the draw pile's order. The table never says which cards the pile holds (only
        how many, and how many ships), so none of them may appear, by id or by name."""
        hidden = set(state.deck)
        return hidden | {card_label(c) for c in hidden if not is_ship(c)}

    # --- The table ---------------------------------------------------------------------------

    def table_context(self, ctx: dict) -> None:
        v, names = ctx["v"], ctx["names"]
        me = ctx["me"]
        viewer = me.position if me is not None else None
        for row in ctx["seat_rows"]:
            p = row["position"]
            m = money(v, p)
            row["facts"] = [
                ("ducats", m["ducats_text"]),
                ("sabres", m["sabres_text"]),
                ("jewels", m["jewels_text"]),
            ]
            row["badges"] = [_("start player")] if p == v["start_player"] else []
        notes = []
        if not v["over"]:
            if v["phase"] == FINAL:
                notes.append((_("The final round"), True))
            else:
                notes.append(
                    (
                        _("Phase %(n)s of 4: %(phase)s")
                        % {"n": PHASE_NUMBERS[v["phase"]], "phase": phase_text(v["phase"])},
                        False,
                    )
                )
        ctx["status_notes"] = notes
        ctx.update(board_context(v, names, viewer))
        ctx["viewer"] = viewer
        ctx["stage_note"] = stage_note(v)
        ctx["result"] = result_info(v, names) if v["over"] else None
        ctx["turn"] = self._turn(v, ctx.get("my_turn", False))

    def _turn(self, v: dict, my_turn: bool) -> dict | None:
        """What the player on turn may do now (the moves template)."""
        if not my_turn or v["over"]:
            return None
        seat = v["seat"]
        legal = v["legal"]
        kinds = {a["action"] for a in legal}
        player = player_of(v, seat)
        turn = {
            "phase": v["phase"],
            "phase_name": phase_text(v["phase"]),
            "buys": [choice(v, seat, a) for a in legal if a["action"] == "buy"],
            "fights": [choice(v, seat, a) for a in legal if a["action"] == "fight"],
            "feeds": cards_info([a["card"] for a in legal if a["action"] == "table"]),
            "can_pass": "pass" in kinds,
            "jewels": v["jewels"][seat],
            "sell_cards": [
                {**card_info(c), "row": colour(c) or ""} for c in sorted(player.cards())
            ],
            "took": v["took"],
        }
        turn["forced"] = v["phase"] == BUY and not turn["buys"]
        return turn

    def region_keys(self, ctx: dict) -> dict:
        if ctx["v"] is None or not ctx["match"].is_active:
            return {}
        turn = ctx.get("turn")
        shown = repr(turn) if turn else ""
        return {"actions": self.actions_key(ctx, shown)}

    # --- The move log --------------------------------------------------------------------------

    log_heading = gettext_lazy("Moves")

    def log_entry(self, before, after) -> dict | None:
        """What one action did, from the states around it: all public (EA13). The action is
        read off the states: a card that left a player's rows was sold; one that joined them was
        bought (from the display) or fought for (from the table); a card that moved from the
        display to the table fed it; jewels that went for ducats were sold; else a pass."""
        seat = before.turn
        if seat is None:
            return None
        pb, pa = before.players[seat], after.players[seat]
        had, has = set(pb.cards()), set(pa.cards())
        entry: dict = {"seat": seat}
        if had - has:
            entry.update(verb="sell", card=sorted(had - has)[0])
        elif has - had:
            card = sorted(has - had)[0]
            bought = card in before.display
            entry.update(verb="buy" if bought else "fight", card=card)
            entry.update(where=_where(pa, card), gain=_gain(pa, card))
        elif set(after.table) - set(before.table):
            entry.update(verb="table", card=sorted(set(after.table) - set(before.table))[0])
        elif pa.jewels < pb.jewels:
            entry.update(verb="sell", jewels=pb.jewels - pa.jewels)
        else:
            entry.update(verb="pass", final=before.phase == FINAL)
        turned = sorted(set(after.display) - set(before.display) - has)
        if turned:
            entry["turned"] = turned
        if before.stage != after.stage:
            entry["stage"] = after.stage
        return entry

    def log_line(self, entry, names: list[str]) -> tuple[str, ...]:
        lines = [action_text(entry, names)]
        if entry.get("turned"):
            lines.append(
                _("Turned up for the display: %(cards)s.")
                % {"cards": ", ".join(card_label(c) for c in entry["turned"])}
            )
        stage = entry.get("stage")
        if stage == "ending":
            lines.append(_("A ship turned up: the game ends after this round and a final round."))
        elif stage == FINAL:
            lines.append(_("The final round begins."))
        elif stage == "over":
            lines.append(_("The game is over: the final scoring."))
        return tuple(lines)

    # --- The record ------------------------------------------------------------------------------

    def round_summary(self, round_row, names: list[str]) -> dict:
        result = round_row.result or {}
        if round_row.ended_at is None or "scores" not in result:
            return {}
        return {
            "result": result_info({"result": result}, names),
            "lines": self.replayed_lines(round_row.match, names, round_row.number),
        }

    def replay_context(self, state, ctx: dict) -> dict:
        v = ctx["match"].engine.view(state, None)
        names = ctx["names"]
        move = ctx.get("move")
        if move is not None:
            said = action_text(entry_of(move.action, state), names)
        else:
            said = _("The start: six cards in the display, one on the pirate table.")
        return {
            **board_context(v, names),
            "said": said,
            "stage_note": stage_note(v),
            "phase_line": ""
            if v["over"]
            else _("%(name)s to play: %(phase)s")
            % {"name": names[v["turn"]], "phase": phase_text(v["phase"])},
            "result": result_info(v, names) if v["over"] else None,
        }

    def chart(self, rounds, names: list[str]) -> dict | None:
        return None

    def rules_context(self) -> dict:
        from ..cards import shows

        return {
            "card_rows": [
                {
                    "card": card_info(f"red-{p}"),
                    "chests": ISLAND[p].chests,
                    "sabres": ISLAND[p].sabres,
                    "ducats": ISLAND[p].ducats,
                    "jewels": ISLAND[p].jewels,
                    "fight": fight_cost(f"red-{p}"),
                }
                for p in PRICES
            ],
            "colours": [card_info(f"{c}-2") for c in COLOURS],
            "ship": card_info("ship-1"),
            "example_row": cards_info(["red-4", "red-5", "red-6"]),
            "example_total": sum(shows(c).ducats for c in ("red-4", "red-5", "red-6")),
        }


def _where(player: Player, card: str) -> str:
    if card in player.loose_ships:
        return ALONE
    return next(name for name, row in player.rows.items() if card in row)


def _gain(player: Player, card: str) -> list[int]:
    row = player.loose_ships if card in player.loose_ships else player.rows[_where(player, card)]
    return [0, 0, 0] if card in player.loose_ships else list(row_yield(row))


def entry_of(action: dict, after) -> dict:
    """A log entry from an action and the state after it (the replay's words)."""
    seat = action["seat"]
    entry = {"seat": seat, "verb": action["action"]}
    player = after.players[seat]
    if action["action"] in ("buy", "fight"):
        card = action["card"]
        entry.update(card=card, where=_where(player, card), gain=_gain(player, card))
    elif action["action"] == "table":
        entry["card"] = action["card"]
    elif action["action"] == "sell":
        entry.update({k: action[k] for k in ("card", "jewels") if k in action})
    return entry


def action_text(entry: dict, names: list[str]) -> str:
    """One action in words: "anne bought red 4 for 4 ducats and took 3 sabres and 6 ducats." """
    who = names[entry["seat"]]
    verb = entry["verb"]
    card = entry.get("card")
    if verb in ("buy", "fight"):
        gain = amounts(*entry["gain"])
        where = entry["where"]
        what = card_label(card)
        if is_ship(card):
            what = (
                _("a ship, laid alone")
                if where == ALONE
                else _("a ship for the %(colour)s row") % {"colour": colour_name(where)}
            )
        if verb == "buy":
            return _("%(who)s bought %(what)s for %(n)s ducats and took %(gain)s.") % {
                "who": who, "what": what, "n": price(card), "gain": gain,
            }  # fmt: skip
        return _("%(who)s fought One-Eye for %(what)s (%(n)s sabres) and took %(gain)s.") % {
            "who": who, "what": what, "n": fight_cost(card), "gain": gain,
        }  # fmt: skip
    if verb == "table":
        return _("%(who)s moved %(card)s onto the pirate table.") % {
            "who": who,
            "card": card_label(card),
        }
    if verb == "sell":
        if card:
            return _("%(who)s sold %(card)s for 5 ducats.") % {"who": who, "card": card_label(card)}
        k = entry["jewels"]
        return ngettext(
            "%(who)s sold %(n)s jewel for %(d)s ducats.",
            "%(who)s sold %(n)s jewels for %(d)s ducats.",
            k,
        ) % {"who": who, "n": k, "d": 3 * k}
    if entry.get("final"):
        return _("%(who)s ended the final turn.") % {"who": who}
    return _("%(who)s did not fight One-Eye.") % {"who": who}
