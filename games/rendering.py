"""The table as HTML, for one viewer: built only from the engine's `view()` for that viewer's
seat (or the public view), so no page or frame can carry a card the viewer may not see.

The table is split into regions, each an element with its own id. Pages include them all;
sockets send only the regions whose HTML changed (htmx swaps them by id), which keeps a
half-filled lay-down panel intact while other players act.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from accounts.models import User
from games import chat
from games.korsaren import (
    ANNULLED,
    ATTACH,
    DISCARD,
    DRAW,
    SCORED,
    IllegalAction,
    Laydown,
    bots,
    colour,
    default_laydown,
    lay_down,
    sort_cards,
    view,
)
from games.korsaren.laydown import attachable
from games.models import Match
from games.presentation import BOT_LEVEL_NAMES, COLOUR_NAMES, card_label, describe
from games.selectors import latest_scored_round, seat_of
from games.templatetags.table_urls import cached_url

PLAYING = (DRAW, DISCARD, ATTACH)  # phases in which seats act (between rounds, the deal is due)
REGIONS = ("status", "seats", "center", "hand", "actions", "result", "log", "chat")
# Regions that every viewer sees alike, given the values of these context entries (and the
# language): all else they show is public. The tabs of a server process share one rendering
# of them per table version (render_regions' `shared`).
SHARED_REGIONS = {"center": (), "result": (), "status": ("my_turn",)}


def card_info(card: str) -> Mapping:
    """A card's face for the templates, in the active language. Read-only: every viewer of every
    table gets the same object (a table shows dozens of cards in every update)."""
    return _card_info(card, get_language())


@lru_cache(maxsize=1024)  # 110 cards in a handful of languages
def _card_info(card: str, language: str) -> Mapping:
    return MappingProxyType(
        {
            "id": card,
            "colour": colour(card),
            "number": int(card.rsplit("-", 1)[1]),
            "label": card_label(card),
        }
    )


def cards_info(cards) -> list[Mapping]:
    return [card_info(c) for c in cards]


def log_lines(log: list[dict], names: list[str]) -> list[str]:
    """The round's moves in words. Every update shows every seat the whole round's log again,
    so each entry's line is memoised (per language and players' names)."""
    names_key, language = tuple(names), get_language()
    return [_log_line(_frozen(entry), names_key, language) for entry in log]


def _frozen(entry: dict) -> tuple:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in entry.items())


@lru_cache(maxsize=16384)  # a few hundred tables' rounds, in a handful of languages
def _log_line(entry: tuple, names: tuple, language: str) -> str:
    return describe(dict(entry), list(names))


@dataclass
class Panel:
    """The lay-down panel: the closer's (sail) or an opponent's (attach) choice, previewed."""

    kind: str  # "sail" or "attach"
    card: str | None  # the closer's discard
    crew: list[str]
    attached: list[str]
    laydown: Laydown | None
    error: str
    closer_limit: int | None
    card_face: dict | None
    prisoners: list[dict]
    crew_cards: list[dict]
    stowaways: list[dict]
    colour_choices: list[dict]
    attach_choices: list[dict]


def build_panel(
    v: dict,
    card: str | None = None,
    crew: list[str] | None = None,
    attached: list[str] | None = None,
) -> Panel | None:
    """The panel for the viewer's seat, from the default of R5/R6 unless choices are given."""
    seat, hand = v["seat"], v["hand"]
    if seat is None or hand is None:
        return None
    pier_colour = v["pier_colour"]
    if v["phase"] == DISCARD and v["to_move"] == seat:
        if card not in hand:
            return None  # the closer first picks the card to discard (R5)
        kind, closer = "sail", None
        rest = [c for c in hand if c != card]
    elif v["phase"] == ATTACH and seat in v["waiting_for"]:
        kind, card = "attach", None
        closer = Laydown.from_dict(v["laydowns"][v["closer"]])
        rest = hand
    else:
        return None
    if crew is None:
        default = default_laydown(rest, pier_colour, closer)
        crew, attached = list(default.crew_colours), list(default.attached)
    attached = [c for c in (attached or []) if c in rest] if closer else []
    error, laydown = "", None
    try:
        laydown = lay_down(rest, pier_colour, crew, attached, closer)
    except IllegalAction as e:
        error = e.message
    held = {colour(c) for c in rest} - {pier_colour}
    return Panel(
        kind=kind,
        card=card,
        crew=crew,
        attached=attached,
        laydown=laydown,
        error=error,
        closer_limit=closer.limit if closer else None,
        card_face=card_info(card) if card else None,
        prisoners=cards_info(laydown.prisoners) if laydown else [],
        crew_cards=cards_info(laydown.crew) if laydown else [],
        stowaways=cards_info(laydown.stowaways) if laydown else [],
        colour_choices=[
            {"id": c, "name": COLOUR_NAMES[c], "checked": c in crew}
            for c in COLOUR_NAMES
            if c in held or c in crew
        ],
        attach_choices=[
            {**card_info(c), "checked": c in attached}
            for c in (attachable(rest, closer) if closer else [])
        ],
    )


def table_context(
    match: Match,
    user: User,
    invited: bool = False,
    site_root: str = "",
    *,
    with_chat: bool = True,
    muted: set[int] | None = None,
) -> dict:
    """Everything the regions show this viewer. Without `with_chat`, the chat is left out (a move
    does not change it: sockets skip its queries); `muted` is the viewer's mutes, if known."""
    seats = list(match.seats.all())
    mine = seat_of(match, user)
    by_position = {s.position: s for s in seats}
    names = [
        by_position[p].user.public_name if p in by_position else _("empty seat")
        for p in range(match.seat_count)
    ]
    ctx: dict = {
        "match": match,
        "me": mine,
        "names": names,
        "invited": invited,
        "request_root": site_root,
        "user": user,
        "is_creator": user.is_authenticated and user.pk == match.created_by_id,
        "bot_levels": [(lvl, BOT_LEVEL_NAMES[lvl]) for lvl in bots.LEVELS],
        "v": None,
    }
    seat_rows = []
    for p in range(match.seat_count):
        s = by_position.get(p)
        seat_rows.append(
            {
                "position": p,
                "seat": s,
                "name": names[p],
                "is_me": mine is not None and s is mine,
                "is_bot": bool(s and s.bot_level),
                "bot_name": BOT_LEVEL_NAMES.get(s.bot_level) if s and s.bot_level else "",
                # Made here, not by {% url %}: the seats are rendered for every viewer on
                # every move, and the tags were half of that.
                "mute_url": cached_url("table_mute", match.pk, s.user_id) if s else "",
                "report_url": f"{cached_url('report_new')}?user={s.user_id}&match={match.pk}"
                if s
                else "",
                "remove_bot_url": cached_url("table_remove_bot", match.pk, p),
            }
        )
    ctx["seat_rows"] = seat_rows
    ctx["muted"] = chat.muted_by(user) if muted is None else muted
    if with_chat:
        ctx["chat_readable"] = chat.can_read(match, user)
        ctx["chat_messages"] = chat.messages_for(match, user, muted=ctx["muted"])
    if match.state is None:
        return ctx

    state = match.engine_state
    my_position = mine.position if mine is not None else None
    v = view(state, my_position)
    ctx["v"] = v
    for row in seat_rows:
        p = row["position"]
        row.update(
            cards_text=ngettext("%(n)s card", "%(n)s cards", v["hand_counts"][p])
            % {"n": v["hand_counts"][p]},
            penalties_text=ngettext("%(n)s penalty card", "%(n)s penalty cards", v["penalties"][p])
            % {"n": v["penalties"][p]},
            to_move=p in v["waiting_for"] and match.is_active and v["phase"] in PLAYING,
            dealer=p == v["dealer"],
            closer=p == v["closer"],
            laid_down=bool(v["laid_down"] and v["laid_down"][p]),
        )
    my_turn = match.is_active and my_position is not None and my_position in v["waiting_for"]
    playing_myself = mine is not None and not mine.bot_level
    ctx.update(
        hand=cards_info(v["hand"] or []),
        drawn=v["drawn"],
        pier=cards_info(v["pier"]),
        pier_colour=v["pier_colour"],
        pier_colour_name=COLOUR_NAMES[v["pier_colour"]] if v["pier_colour"] else "",
        discard=cards_info(v["discard"]),
        discard_top=card_info(v["discard"][-1]) if v["discard"] else None,
        my_turn=my_turn and playing_myself,
        can_draw=my_turn and playing_myself and v["phase"] == DRAW,
        can_discard=my_turn and playing_myself and v["phase"] == DISCARD,
        must_sail=v["must_sail"],
        panel=build_panel(v) if my_turn and playing_myself else None,
        waiting_names=[names[p] for p in v["waiting_for"]],
        log_lines=log_lines(v["log"], names),
        between_rounds=v["phase"] in (SCORED, ANNULLED),
        annulled=v["phase"] == ANNULLED,
        result=_result(v["result"], v["laydowns"], names, v["ranking"])
        if v["phase"] == SCORED
        else None,
        previous=_previous_result(match, names) if v["phase"] != SCORED else None,
        deadline=match.deadline,
    )
    return ctx


def _previous_result(match: Match, names: list[str]) -> dict | None:
    """The last scored round, to look back at while the next is played (selectors.get_table
    loads it with the match)."""
    rnd = latest_scored_round(match)
    if rnd is None or not rnd.result:
        return None
    return {"number": rnd.number, **_result(rnd.result, rnd.result["laydowns"], names, [])}


def _result(res: dict, laydowns: list[dict], names: list[str], ranking: list[int]) -> dict:
    """Everything a player needs to understand a scored round (R7-R9)."""
    rows = []
    for p, ld in enumerate(laydowns):
        rows.append(
            {
                "name": names[p],
                "is_closer": p == res["closer"],
                "prisoners": cards_info(ld["prisoners"]),
                "crew": cards_info(ld["crew"]),
                "crew_colours": [COLOUR_NAMES[c] for c in ld["crew_colours"]],
                "stowaways": cards_info(ld["stowaways"]),
                "attached": cards_info(ld["attached"]),
                "limit": ld["limit"],
                "sank": p in res["sank_closer"],
                "sweep": p in res["sweep"],
                "taken": res["penalty_cards_taken"][p],
                "taken_cards": cards_info(sort_cards(res["penalty_cards"][p])),
                "total": res["penalties"][p],
                "rank": ranking[p] if ranking else None,
            }
        )
    return {
        "rows": rows,
        "closer_name": names[res["closer"]],
        "closer_sunk": bool(res["sank_closer"]),
        "next_round_is_last": res["next_round_is_last"],
        "match_over": res["match_over"],
        "winners": [names[p] for p in res["winners"]],
    }


def render_regions(
    ctx: dict, oob: bool = False, regions=REGIONS, shared: dict | None = None
) -> dict[str, str]:
    """Each region's HTML. With `oob`, every root element carries hx-swap-oob (htmx swaps it
    by id wherever it arrives: a socket frame or the response to a move). `shared` keeps the
    SHARED_REGIONS rendered for one version of the table, for its other viewers."""
    ctx = {**ctx, "oob": oob}
    html = {}
    for name in regions:
        if shared is None or name not in SHARED_REGIONS:
            html[name] = render_to_string(f"games/table/{name}.html", ctx)
            continue
        key = (name, oob, get_language(), *(ctx.get(k) for k in SHARED_REGIONS[name]))
        if key not in shared:
            shared[key] = render_to_string(f"games/table/{name}.html", ctx)
        html[name] = shared[key]
    return html
