"""Doppelkopf's table, built from the viewer's `view()` only (DK17): the four seats around the
trick (you at the bottom, play running clockwise), the contract and the calls, your hand with
the trumps first, the reservation and call controls with their deadlines, the score sheet and
the deal's result.

What every viewer sees alike (the centre, the seats, the status line, the score sheet, the
result) is made from `public(v)`: a silent wedding is a normal game there even for its holder
(DK7.3), and a seat's party is shown only when the contract or a call made it known (DK7.1).
What is the viewer's own (their party, their hand, their controls) comes from the rest of `v`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.doppelkopf.cards import hand_size
from games.plugin import actor_note, tricks

from .words import (
    ITEM_VALUES,
    RESERVATIONS,
    SCORE_ITEMS,
    call_name,
    card_info,
    card_label,
    cards_info,
    contract_name,
    party_name,
    shown_order,
    signed,
)


def public(v: dict) -> dict:
    """The contract and the parties as everyone at the table knows them (DK7, DK17)."""
    contract, solo, declarer = v["contract"], v["solo"], v["declarer"]
    if contract == "silent_wedding" and v["phase"] != "finished":
        contract, solo, declarer = "normal", None, None
    known: list[str | None] = [None] * 4
    if v["result"]:  # DK17: after the deal everything of it is public
        known = list(v["result"]["parties"])
    elif contract in ("solo", "wedding_solo"):
        known = ["re" if s == declarer else "kontra" for s in range(4)]
    elif contract == "wedding":
        known[declarer] = "re"
        if v["wedding_partner"] is not None:
            known = ["re" if s in (declarer, v["wedding_partner"]) else "kontra" for s in range(4)]
    for call in v["calls"]:
        known[call["seat"]] = call["party"]
    if contract == "normal" and known.count("re") == 2:  # DK7.1: two Re, so the rest Kontra
        known = [p or "kontra" for p in known]
    return {"contract": contract, "solo": solo, "declarer": declarer, "parties": known}


def contract_text(pub: dict, names: list[str]) -> str:
    """The settled contract in words (empty during the reservations)."""
    contract = pub["contract"]
    if contract is None:
        return ""
    name = contract_name(contract, pub["solo"])
    if contract == "normal":
        return name
    if contract == "wedding":
        return _("%(contract)s of %(who)s") % {"contract": name, "who": names[pub["declarer"]]}
    return _("%(contract)s played by %(who)s") % {"contract": name, "who": names[pub["declarer"]]}


def reservation_text(declared: str | None) -> str:
    return str(RESERVATIONS[declared]) if declared else ""


def places(
    v: dict, trick: dict | None, pub: dict, names: list[str], viewpoint: int | None
) -> list[dict]:
    """The four seats as the viewer sees them around `trick` (shown_trick; games.tricks.places),
    with what Doppelkopf shows of each: its party once known, its declaration during the
    reservations, its tricks."""
    reserving = v["phase"] in ("reservations", "forced_solo")
    rows = tricks.places(viewpoint, trick, card_info)
    for row in rows:
        p = row["seat"]
        row.update(
            name=names[p],
            dealer=p == v["dealer"],
            to_move=p == v["to_move"],
            party=party_name(pub["parties"][p]),
            party_id=pub["parties"][p] or "",
            declared=reservation_text(_public_declared(v, p)) if reserving else "",
            tricks=v["tricks_won"][p],
            declarer=p == pub["declarer"],
        )
    return rows


def _public_declared(v: dict, seat: int) -> str | None:
    """DK5: what everyone knows of a seat's declaration: healthy or a reservation."""
    declared = v["reservations"][seat]
    return declared if declared in (None, "healthy") else "reservation"


def shown_trick(v: dict) -> dict | None:
    """The trick being played, or the one just completed until the next card is led (DK17)."""
    return tricks.shown_trick(v["trick"], v["last_trick"], v["tricks_played"])


def trick_rows(trick: dict | None, names: list[str]) -> list[dict]:
    return tricks.trick_rows(trick, names, card_info)


def calls_shown(v: dict, names: list[str]) -> list[dict]:
    """DK10.2: every call with its caller and party, in order."""
    return [
        {
            "name": names[c["seat"]],
            "call": call_name(c["call"]),
            "party": party_name(c["party"]),
            "party_id": c["party"],
            "refusal": c["call"] not in ("re", "kontra"),
        }
        for c in v["calls"]
    ]


# --- The viewer's own ----------------------------------------------------------------------


def own_kind(v: dict) -> str:
    """The trump order the viewer's hand is sorted by: the normal trumps until a solo is known."""
    return v["solo"] or "diamonds"


def wedding_shift(v: dict) -> int:
    """DK10.6: s = k - 1 once a wedding's clarification trick k is known."""
    if v["contract"] in ("wedding", "wedding_solo") and v["clarification_trick"]:
        return v["clarification_trick"] - 1
    return 0


def call_deadline(v: dict) -> dict | None:
    """The deadline of the calls the viewer may make now (DK10.4, DK10.5, DK10.7): how many cards
    they must still hold, and whether the call is a late reply that ends their party's calls."""
    party = v["party"]
    if not party or not v["legal"]["calls"] or v["hand"] is None:
        return None
    total = hand_size(v["options"]["nines"])
    played = total - len(v["hand"])
    other = "kontra" if party == "re" else "re"
    mine, theirs, s = v["levels"][party], v["levels"][other], wedding_shift(v)
    if played <= mine + 1 + s:
        limit, late = mine + 1 + s, False
    else:
        limit, late = theirs + s + 1, True
    return {"hold": total - limit, "held": len(v["hand"]), "late": late, "last": played == limit}


def own_party_text(v: dict, names: list[str]) -> str:
    """The viewer's own party and how they know it (DK7, DK17)."""
    party, contract = v["party"], v["contract"]
    if v["seat"] is None or contract is None:
        return ""
    if contract == "silent_wedding":
        return _(
            "You hold both queens of clubs: a silent wedding. You play alone as Re; the others"
            " think it a normal game."
        )
    if contract in ("solo", "wedding_solo"):
        if v["declarer"] == v["seat"]:
            return _("You are the soloist: you alone are Re.")
        return _("You are Kontra, with the two others against the soloist.")
    if contract == "wedding" and party is None:
        return _("Your party is found by the clarification trick.")
    if contract == "wedding" and v["declarer"] == v["seat"]:
        return _("You are the bridegroom: you are Re.")
    if contract == "wedding":
        return _("You are %(party)s.") % {"party": party_name(party)}
    if party == "re":
        return _("You are Re: you hold a club queen.")
    return _("You are Kontra: you hold no club queen.")


# --- The move log (DK17: only what the table shows now) ------------------------------------


def log_entries(v: dict, verbs=None, actors=()) -> list[dict]:
    """This deal as the viewer may see it: the declarations (only healthy or a reservation for
    the others), the contract, the calls, and the cards of the last and the current trick:
    older tricks are never shown during a deal (DK17). `verbs` are the verbs of the round's
    moves in order and `actors` who made each (Move.Actor): with them, the calls stand among
    the cards where they were made and a move the turn timer or a bot standing in made says
    so; without them (or when they do not fit the view), the calls come before the cards."""
    entries: list[dict] = []
    declared = [
        (v["vorhand"] + i) % 4 for i in range(4) if v["reservations"][(v["vorhand"] + i) % 4]
    ]
    if v["forced"] and v["declarer"] is not None and v["reservations"][v["declarer"]]:
        declared = [v["declarer"]]
    calls = v["calls"]
    played = 4 * v["tricks_played"] + len(v["trick"])
    fits = (
        verbs is not None
        and len(actors) == len(verbs) == len(declared) + len(calls) + played
        and all(verb == "reserve" for verb in verbs[: len(declared)])
        and sum(verb == "announce" for verb in verbs) == len(calls)
    )
    note = (lambda i: actors[i] if actors[i] in ("timer", "standin") else None) if fits else (
        lambda i: None)  # fmt: skip
    for i, seat in enumerate(declared):
        entries.append(
            _noted({"k": "declared", "seat": seat, "r": v["reservations"][seat]}, note(i))
        )
    pub = public(v)
    if pub["contract"] is not None:
        entries.append(
            {"k": "contract", "c": pub["contract"], "solo": pub["solo"], "d": pub["declarer"]}
        )
    tricks_seen = v["tricks_played"] - 1 if v["last_trick"] else v["tricks_played"]
    shown = {}  # card index in the deal -> (seat, card)
    if v["last_trick"]:
        for j, c in enumerate(v["last_trick"]["cards"]):
            shown[4 * tricks_seen + j] = c
    for j, c in enumerate(v["trick"]):
        shown[4 * v["tricks_played"] + j] = c
    order = verbs[len(declared) :] if fits else ["announce"] * len(calls) + ["play"] * played
    k = j = 0
    for i, verb in enumerate(order, start=len(declared)):
        if verb == "announce":
            c = calls[j]
            entries.append(
                _noted({"k": "call", "seat": c["seat"], "call": c["call"], "party": c["party"]},
                       note(i))
            )  # fmt: skip
            j += 1
            continue
        if k in shown:
            c = shown[k]
            entry = {"k": "card", "seat": c["seat"], "card": c["card"]}
            if k == 4 * v["tricks_played"] - 1 and v["last_trick"]:
                entry.update(trick=v["tricks_played"], winner=v["last_trick"]["winner"])
            entries.append(_noted(entry, note(i)))
        k += 1
        clarified = v["clarification_trick"] and k == 4 * v["clarification_trick"]
        if clarified and v["wedding_partner"] is not None:
            partner = {"k": "partner", "seat": v["wedding_partner"]}
            entries.append({**partner, "n": v["clarification_trick"]})
    return entries


def _noted(entry: dict, actor: str | None) -> dict:
    return {**entry, "actor": actor} if actor else entry


def log_line(entry: dict, names: list[str]) -> tuple[str, ...]:
    """An entry in words; a move the turn timer or a bot standing in made says so."""
    lines = _log_line(entry, names)
    if entry.get("actor"):
        return (f"{lines[0]} {actor_note(entry['actor'])}", *lines[1:])
    return lines


def _log_line(entry: dict, names: list[str]) -> tuple[str, ...]:
    kind = entry.get("k")
    who = names[entry["seat"]] if "seat" in entry else ""
    if kind == "declared":
        if entry["r"] == "healthy":
            return (_("%(who)s is healthy.") % {"who": who},)
        if entry["r"] == "reservation":
            return (_("%(who)s has a reservation.") % {"who": who},)
        return (
            _("%(who)s declared: %(what)s.") % {"who": who, "what": reservation_text(entry["r"])},
        )
    if kind == "contract":
        pub = {"contract": entry["c"], "solo": entry["solo"], "declarer": entry["d"]}
        return (_("The contract: %(contract)s.") % {"contract": contract_text(pub, names)},)
    if kind == "partner":
        return (
            _("%(who)s won the clarification trick (trick %(n)s) and is the bridegroom's partner.")
            % {"who": who, "n": entry["n"]},
        )
    if kind == "call" and entry["call"] in ("re", "kontra"):  # the call names the party
        return (_("%(who)s called %(call)s.") % {"who": who, "call": call_name(entry["call"])},)
    if kind == "call":
        return (
            _("%(who)s (%(party)s) called %(call)s.")
            % {"who": who, "party": party_name(entry["party"]), "call": call_name(entry["call"])},
        )
    played = _("%(who)s played %(card)s.") % {"who": who, "card": card_label(entry["card"])}
    if "winner" not in entry:
        return (played,)
    won = _("%(who)s won trick %(n)s.") % {"who": names[entry["winner"]], "n": entry["trick"]}
    return played, won


# --- The score sheet and the result --------------------------------------------------------


def sheet_rows(sheet: list[dict], names: list[str]) -> list[dict]:
    """DK3: one line per scored deal: the contract, the game value, each seat's score for the
    deal and the running sums."""
    return [
        {
            "round": line["round"],
            "dealer": names[line["dealer"]],
            "contract": contract_text(
                {"contract": line["contract"], "solo": line["solo"], "declarer": line["declarer"]},
                names,
            ),
            "value": value_text(line["game_value"]),
            "deal": [signed(n) for n in line["deal_scores"]],
            "totals": line["scores"],
            "counts": line["deal_counts"],
        }
        for line in sheet
    ]


def value_text(value: int) -> str:
    """DK12.2: the game value V is Re's total less Kontra's; said as what the party it favours
    scores ("3 for Kontra")."""
    if value == 0:
        return "0"
    party = party_name("re" if value > 0 else "kontra")
    return pgettext("doppelkopf", "%(n)s for %(party)s") % {"n": abs(value), "party": party}


def items_text(items: list[str]) -> list[dict]:
    return [{"name": str(SCORE_ITEMS[i]), "value": ITEM_VALUES.get(i, 1)} for i in items]


def deal_result(v: dict, names: list[str]) -> dict:
    """Everything of a scored deal (DK11-DK14, public once it is over: DK17)."""
    res = v["result"]
    parties = res["parties"]
    members = {p: [names[s] for s in range(4) if parties[s] == p] for p in ("re", "kontra")}
    winner = res["winner_party"]
    match = v["match"]
    over = match["over"]
    pub = {"contract": res["contract"], "solo": v["solo"], "declarer": v["declarer"]}
    return {
        "round": v["round"],
        "contract": contract_text(pub, names),
        "winner": party_name(winner),
        "winner_id": winner or "",
        "re": {"names": members["re"], "points": res["re_card_points"]},
        "kontra": {"names": members["kontra"], "points": res["kontra_card_points"]},
        "items": {p: items_text(res["score_items"][p]) for p in ("re", "kontra")},
        "value": value_text(res["game_value"]),
        "scores": [
            {"name": names[s], "deal": signed(res["deal_scores"][s]), "total": match["scores"][s]}
            for s in range(4)
        ],
        "calls": calls_shown(v, names),
        "reservations": [
            {"name": names[s], "what": reservation_text(r)}
            for s, r in enumerate(res["reservations"])
            if r
        ],
        "hands": [
            {
                "name": names[p],
                "party": party_name(parties[p]),
                "cards": cards_info(shown_order(res["dealt"][p], v["solo"] or "diamonds")),
            }
            for p in range(4)
        ],  # fmt: skip
        "counts": res["deal_counts"],
        "over": over,
        "winners": [names[s] for s in match["winners"]],
        "best": max(match["scores"]) if over else None,
        "next_dealer": names[match["next_dealer"]] if match["next_dealer"] is not None else "",
    }


def deals_text(v: dict) -> str:
    """DK3: the counting deal being played, of the match's number."""
    m = v["match"]
    n = min(m["deals_played"] + (0 if v["phase"] == "finished" else 1), m["deals"])
    return pgettext("doppelkopf", "Deal %(n)s of %(total)s") % {"n": n, "total": m["deals"]}


def tricks_text(n: int) -> str:
    return ngettext("%(n)s trick", "%(n)s tricks", n) % {"n": n}
