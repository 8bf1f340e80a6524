"""Pages of the record: my matches, a match, a round's replay, verification, export, the
leaderboard (issue 6)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from games import history, selectors
from games.charts import line_chart
from games.korsaren import SCORED, sort_cards, view
from games.models import Match
from games.presentation import COLOUR_NAMES, describe
from games.rendering import cards_info


def _match(request: HttpRequest, match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id).exclude(status=Match.Status.OPEN).first()
    if match is None or not history.visible_to(
        match, request.user, selectors.invited(request.session, match)
    ):
        raise Http404(_("There is no such match."))
    return match


@login_required
@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    filters = {k: request.GET.get(k, "") for k in ("result", "players", "rated")}
    seats = history.matches_of(request.user, **filters)
    page = Paginator(seats, 20).get_page(request.GET.get("page"))
    rows = []
    for seat in page:
        others = [s for s in seat.match.seats.all() if s.pk != seat.pk]
        rows.append(
            {"seat": seat, "match": seat.match, "opponents": [s.user.public_name for s in others]}
        )
    query = "&".join(f"{k}={v}" for k, v in filters.items() if v)
    return render(
        request,
        "games/history/my_matches.html",
        {"page": page, "rows": rows, "filters": filters, "query": query},
    )


@require_GET
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    seats = list(match.seats.select_related("user").order_by("position"))
    names = [s.user.public_name for s in seats]
    rounds = list(match.rounds.order_by("number"))
    totals = {name: [0.0] for name in names}
    round_rows = []
    for rnd in rounds:
        result = rnd.result or {}
        if rnd.ended_at and not rnd.annulled:
            for name, total in zip(names, result["penalties"], strict=True):
                totals[name].append(total)
        round_rows.append(
            {
                "round": rnd,
                "closer": names[rnd.closer] if rnd.closer is not None else "",
                "players": _laydown_rows(result, names) if result.get("limits") else [],
                "sank": [names[p] for p in result.get("sank_closer", [])],
            }
        )
    ranking = sorted(seats, key=lambda s: (s.final_rank or 99, s.position))
    return render(
        request,
        "games/history/match.html",
        {
            "match": match,
            "ranking": [{"seat": s, "name": s.user.public_name} for s in ranking],
            "round_rows": round_rows,
            "chart": line_chart(totals),
            "is_over": match.status == Match.Status.FINISHED,
        },
    )


def _laydown_rows(result: dict, names: list[str]) -> list[dict]:
    rows = []
    for p, ld in enumerate(result.get("laydowns") or []):
        if ld is None:
            continue
        rows.append(
            {
                "name": names[p],
                "prisoners": cards_info(ld["prisoners"]),
                "crew": cards_info(ld["crew"]),
                "crew_colours": [COLOUR_NAMES[c] for c in ld["crew_colours"]],
                "attached": cards_info(ld["attached"]),
                "stowaways": cards_info(ld["stowaways"]),
                "limit": ld["limit"],
                "taken": result["penalty_cards_taken"][p],
                "sweep": p in result["sweep"],
            }
        )
    return rows


@require_POST
def match_verify(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if match.status != Match.Status.FINISHED:
        return HttpResponse(_("A match can be verified once it is over."), status=409)
    report = history.verify(match)
    return render(request, "games/history/verify.html", {"match": match, "report": report})


@require_GET
def match_export(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if match.status != Match.Status.FINISHED:
        raise Http404(_("A match can be exported once it is over."))
    if match.private and selectors.seat_of(match, request.user) is None:
        raise Http404(_("There is no such match."))  # private: its players only
    response = JsonResponse(history.export(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'inline; filename="korsaren-match-{match.pk}.json"'
    return response


@require_GET
def round_replay(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = _match(request, match_id)
    replay = history.round_replay(match, number)
    if replay is None:
        raise Http404(_("There is no such round."))
    last = len(replay.states) - 1
    try:
        step = min(max(int(request.GET.get("move", last)), 0), last)
    except ValueError:
        step = last
    state = replay.states[step]
    seats = list(match.seats.select_related("user").order_by("position"))
    names = [s.user.public_name for s in seats]
    # The whole table, hands face up, once the match is over; the public view while it runs.
    face_up = match.status == Match.Status.FINISHED
    public = view(state, None)
    r = state.round
    ctx = {
        "match": match,
        "round": replay.round,
        "step": step,
        "last": last,
        "face_up": face_up,
        "names": names,
        "pier": cards_info(public["pier"]),
        "pier_colour": COLOUR_NAMES[public["pier_colour"]] if public["pier_colour"] else "",
        "discard": cards_info(public["discard"]),
        "stock_count": public["stock_count"],
        "seats": [
            {
                "name": names[p],
                "count": public["hand_counts"][p],
                "penalties": public["penalties"][p],
                "hand": cards_info(sort_cards(r.hands[p])) if face_up else None,
                "laydown": public["laydowns"][p],
            }
            for p in range(match.seat_count)
        ],
        "log": [describe(e, names) for e in (r.log if face_up else public["log"])],
        "scored": r.phase == SCORED,
        "move": replay.moves[step - 1] if step else None,
        "prev_rounds": number > 1,
        "next_round": match.rounds.filter(number=number + 1).exists(),
    }
    for seat in ctx["seats"]:
        if seat["laydown"]:
            parts = ("prisoners", "crew", "stowaways", "attached")
            seat["laydown"] = {k: cards_info(seat["laydown"][k]) for k in parts} | {
                "limit": seat["laydown"]["limit"]
            }
    template = "games/history/round.html"
    if request.htmx and not request.htmx.boosted:
        template = "games/history/round_body.html"
    return render(request, template, ctx)


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: their record (bots have one too)."""
    shown = User.objects.filter(username=username, deleted_at__isnull=True).first()
    if shown is None:
        raise Http404(_("There is no such player."))
    return render(request, "games/history/player.html", {"shown": shown})


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    include_bots = request.GET.get("bots") == "1"
    minimum = settings.KORSAREN_LEADERBOARD_MIN_MATCHES
    board = history.leaderboard(include_bots, minimum)
    page = Paginator(board, 50).get_page(request.GET.get("page"))
    my_rank = None
    if request.user.is_authenticated:
        mine = board.filter(user=request.user).first()
        if mine is not None:
            my_rank = board.filter(score__gt=mine.score).count() + 1
    return render(
        request,
        "games/leaderboard.html",
        {
            "page": page,
            "include_bots": include_bots,
            "minimum": minimum,
            "my_rank": my_rank,
            "first_rank": page.start_index(),
        },
    )
