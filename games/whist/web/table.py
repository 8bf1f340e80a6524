"""Whist's table, built from the viewer's `view()` only (WH12): the four seats around the trick
(you at the bottom, your partner opposite), the trump, the tricks, the score sheet and the
deal's result."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.plugin import tricks
from games.whist.state import TARGETS

from .presentation import card_info, card_label, cards_info, shown_order, suit_label, team_name


def places(v: dict, trick: dict | None, names: list[str], viewpoint: int | None) -> list[dict]:
    """The four seats as the viewer sees them around `trick` (shown_trick; games.tricks.places),
    the partner opposite (WH1), with what Whist shows of each: partnership, dealer, turned-up
    trump card (WH4)."""
    rows = tricks.places(viewpoint, trick, card_info)
    for row in rows:
        p = row["seat"]
        turned = v["turned_up"] if p == v["dealer"] else None
        row.update(
            name=names[p],
            team=p % 2,
            team_name=team_name(p % 2, names),
            is_partner=viewpoint is not None and p == (viewpoint + 2) % 4,
            dealer=p == v["dealer"],
            to_move=p == v["to_move"],
            cards=v["hand_sizes"][p],
            turned_up=card_info(turned) if turned else None,
        )
    return rows


def shown_trick(v: dict) -> dict | None:
    """The trick being played, or the one just completed until the next card is led (WH12)."""
    return tricks.shown_trick(v["trick"], v["last_trick"], len(v["played"]))


def trick_rows(trick: dict | None, names: list[str]) -> list[dict]:
    return tricks.trick_rows(trick, names, card_info)


def team_tricks(v: dict, names: list[str]) -> list[dict]:
    return [{"team": t, "name": team_name(t, names), "tricks": v["tricks"][t]} for t in (0, 1)]


def log_entries(v: dict) -> list[dict]:
    """This deal's cards, one entry per card played (read out as they come), the card that
    completes a trick with the trick's number and winner."""
    entries = []
    tricks = [*v["played"], {"cards": v["trick"], "winner": None}] if v["trick"] else v["played"]
    for n, trick in enumerate(tricks, start=1):
        for c in trick["cards"]:
            entries.append({"seat": c["seat"], "card": c["card"]})
        if trick["winner"] is not None:
            entries[-1] = {**entries[-1], "trick": n, "winner": trick["winner"]}
    return entries


def log_line(entry: dict, names: list[str]) -> tuple[str, ...]:
    """A card played, and the trick it won."""
    played = _("%(who)s played %(card)s.") % {
        "who": names[entry["seat"]],
        "card": card_label(entry["card"]),
    }
    if "winner" not in entry:
        return (played,)
    won = _("%(who)s won trick %(n)s.") % {"who": names[entry["winner"]], "n": entry["trick"]}
    return played, won


def progress(v: dict, names: list[str]) -> dict:
    """The rubber so far (WH8, WH9): games won, points in the game being played, the target."""
    score = v["score"]
    games = len(score["completed_games"])
    over = max(score["games_won"]) >= 2  # WH9: two games win the rubber (2-0 ends it after two)
    return {
        "target": score["target"],
        "over": over,
        "game": games if over else min(games + 1, 3),
        "teams": [
            {
                "name": team_name(t, names),
                "games_won": score["games_won"][t],
                "points": score["points"][t],
                "game_points": score["game_points"][t],
            }
            for t in (0, 1)
        ],
    }


def sheet_rows(sheet: list[dict], names: list[str]) -> list[dict]:
    """The score sheet, one line per scored deal (WH6-WH9)."""
    rows = []
    for line in sheet:
        game = line["game"]
        rows.append(
            {
                "round": line["round"],
                "dealer": names[line["dealer"]],
                "trump": suit_label(line["trump"]),
                "tricks": line["tricks"],
                "odd": line["odd_tricks"],
                "honours": line["honour_points"],
                "points": game["points"] if game else line["points"],
                "game_winner": team_name(game["winner"], names) if game else "",
                "game_value": game["value"] if game else None,
            }
        )
    return rows


def game_rows(completed: list[dict], names: list[str]) -> list[dict]:
    return [
        {
            "number": n,
            "winner": team_name(g["winner"], names),
            "points": g["points"],
            "value": g["value"],
            "value_name": game_value_name(g["value"]),
        }
        for n, g in enumerate(completed, start=1)
    ]


def game_value_name(value: int) -> str:
    """WH9: a single, double or treble game."""
    return {1: _("single game"), 2: _("double game"), 3: _("treble game")}[value]


def deal_result(v: dict, names: list[str]) -> dict:
    """Everything a player needs to understand a scored deal (WH6-WH9), and the rubber's end."""
    res = v["result"]
    tricks = res["tricks"]
    winner = 0 if tricks[0] >= 7 else 1  # 13 tricks: one team always has seven or more
    held = res["honours_held"]
    honours = []
    variant = v["options"]["variant"]
    if variant != "american" and v["trump"]:
        for t in (0, 1):
            if held[t] >= 3:
                points = res["honour_points"][t]
                honours.append(
                    {
                        "name": team_name(t, names),
                        "held": held[t],
                        "points": points,
                        "lapsed": points == 0,
                        # WH8: tricks that win the game end it before any honours count
                        "by_tricks": points == 0 and res["game"] is not None,
                    }
                )
    game = res["game"]
    rubber = None
    if v["over"]:
        won = v["winners"][0] % 2
        rubber = {
            "winner": team_name(won, names),
            "value": v["rubber_value"],
            "points": v["rubber_points"],
            "games_won": v["score"]["games_won"],
            "teams": [team_name(t, names) for t in (0, 1)],
        }
    return {
        "round": v["round"],
        "winner": team_name(winner, names),
        "tricks": tricks,
        "odd": res["odd_tricks"][winner],
        "honours": honours,
        "points": res["points"],
        "game": {
            "winner": team_name(game["winner"], names),
            "value": game["value"],
            "value_name": game_value_name(game["value"]),
            "points": game["points"],
        }
        if game
        else None,
        "teams": [team_name(t, names) for t in (0, 1)],
        "hands": [
            {"name": names[p], "cards": cards_info(shown_order(v["dealt"][p]))} for p in range(4)
        ]
        if v["dealt"]
        else [],
        "rubber": rubber,
        "next_dealer": names[v["next_dealer"]] if v["next_dealer"] is not None else "",
    }


def trump_info(v: dict) -> dict:
    trump = v["trump"]
    return {
        "suit": trump,
        "name": suit_label(trump),
        "symbol": {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}.get(trump, ""),
        "red": trump in ("D", "H"),
        "second_pack": card_info(v["second_pack_card"]) if v["second_pack_card"] else None,
    }


def target_text(variant: str) -> str:
    n = TARGETS[variant]
    return ngettext("game of %(n)s point", "game of %(n)s points", n) % {"n": n}
