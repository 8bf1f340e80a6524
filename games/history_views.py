"""Pages of the record: my matches, a match, a round's replay, verification, export, the
leaderboard (issue 6)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts.models import User
from games import history, registry, selectors
from games.models import Match, Rating
from games.plugin import actor_note
from games.seat_names import names_by_position, names_of_seats


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
    filters = {k: request.GET.get(k, "") for k in ("game", "result", "players", "rated")}
    seats = history.matches_of(request.user, **filters)
    page = Paginator(seats, 20).get_page(request.GET.get("page"))
    rows = []
    for seat in page:
        others = [s for s in seat.match.seats.all() if s.pk != seat.pk]
        names = names_of_seats(seat.match.seats.all())  # two bots of one level told apart
        partners = [s for s in others if s.team is not None and s.team == seat.team]
        presenter = registry.presenter(seat.match.game)
        rows.append(
            {
                "seat": seat,
                "match": seat.match,
                "game_name": presenter.name,
                "score": presenter.score_text(seat.score),
                "opponents": [names[s.position] for s in others if s not in partners],
                "partners": [names[s.position] for s in partners],
            }
        )
    query = "&".join(f"{k}={v}" for k, v in filters.items() if v)
    return render(
        request,
        "games/history/my_matches.html",
        {
            "page": page,
            "rows": rows,
            "filters": filters,
            "query": query,
            "games": registry.all_games(),
            "player_counts": history.player_counts(),
        },
    )


@require_GET
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    presenter = registry.presenter(match.game)
    seats = list(match.seats.select_related("user").order_by("position"))
    names = names_by_position(seats, match.seat_count)
    rounds = list(match.rounds.order_by("number"))
    ranking = sorted(seats, key=lambda s: (s.final_rank or 99, s.position))
    return render(
        request,
        "games/history/match.html",
        {
            "match": match,
            "presenter": presenter,
            "options_text": presenter.options_text(match.options),
            "ranking": [
                {"seat": s, "name": names[s.position], "score": presenter.score_text(s.score)}
                for s in ranking
            ],
            "round_rows": [{"round": rnd, **presenter.round_summary(rnd, names)} for rnd in rounds],
            "chart": presenter.chart(rounds, names),
            # An aborted match is over too: its seed is shown (as at its table) and verifiable.
            "is_over": match.is_over and bool(match.seed),
        },
    )


@require_http_methods(["GET", "POST"])
def match_verify(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if request.method == "GET":  # the link opened directly: the record, where Verify is
        return redirect(reverse("match_detail", args=[match.pk]) + "#deal-heading")
    if not match.is_over or not match.seed:
        return HttpResponse(_("A match can be verified once it is over."), status=409)
    report = history.verify(match)
    return render(
        request,
        "games/history/verify.html",
        {"match": match, "report": report, "presenter": match.presenter},
    )


@require_GET
def match_export(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(request, match_id)
    if match.status != Match.Status.FINISHED:
        raise Http404(_("A match can be exported once it is over."))
    if match.private and selectors.seat_of(match, request.user) is None:
        raise Http404(_("There is no such match."))  # private: its players only
    response = JsonResponse(history.export(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'inline; filename="{match.game}-match-{match.pk}.json"'
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
    names = names_by_position(match.seats.select_related("user"), match.seat_count)
    presenter = registry.presenter(match.game)
    ctx = {
        "match": match,
        "presenter": presenter,
        "round": replay.round,
        "step": step,
        "last": last,
        # The whole table, hands face up, once the match is over (if the game's rules show them
        # then); the public view while it runs.
        "face_up": (match.is_over and presenter.face_up_when_over)
        or (presenter.rounds_face_up_when_scored and replay.round.ended_at is not None),
        "names": names,
        "move": replay.moves[step - 1] if step else None,
        # A move the turn timer or a bot standing in played says so (issue 28.15).
        "move_note": actor_note(replay.moves[step - 1].actor) if step else "",
        "prev_rounds": number > 1,
        "next_round": match.rounds.filter(number=number + 1).exists(),
        "hidden_information": not match.engine.traits.perfect_information,
        "replay_words": {
            **presenter.replay_words,
            "position": presenter.replay_words["position"] % {"n": step, "total": last},
        },
    }
    ctx.update(presenter.replay_context(replay.states[step], ctx))
    template = "games/history/round.html"
    if request.htmx and not request.htmx.boosted:
        template = "games/history/replay.html"
    return render(request, template, ctx)


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: their record (bots have one too)."""
    shown = User.objects.filter(username=username, deleted_at__isnull=True).first()
    if shown is None:
        raise Http404(_("There is no such player."))
    recent = []
    for seat in history.matches_of(shown).filter(match__private=False)[:10]:
        presenter = registry.presenter(seat.match.game)
        recent.append({"seat": seat, "match": seat.match, "game_name": presenter.name})
    return render(request, "games/history/player.html", {"shown": shown, "recent": recent})


@require_GET
def leaderboard(request: HttpRequest, game: str = "") -> HttpResponse:
    """One game's leaderboard (the first game's at /leaderboard/)."""
    try:
        config = registry.get(game) if game else registry.all_games()[0]
    except LookupError:
        raise Http404(_("There is no such game.")) from None
    include_bots = request.GET.get("bots") == "1"
    minimum = settings.KORSAREN_LEADERBOARD_MIN_MATCHES
    board = history.leaderboard(config.slug, include_bots, minimum)
    page = Paginator(board, 50).get_page(request.GET.get("page"))
    my_rank = my_rating = None
    if request.user.is_authenticated:
        mine = board.filter(user=request.user).first()
        if mine is not None:
            my_rank = board.filter(score__gt=mine.score).count() + 1
        else:  # not on the board yet: how far along the way there
            my_rating = Rating.objects.filter(user=request.user, game=config.slug).first()
    return render(
        request,
        "games/leaderboard.html",
        {
            "page": page,
            "include_bots": include_bots,
            "minimum": minimum,
            "my_rank": my_rank,
            "provisional": history.leaderboard(config.slug, include_bots, minimum, True)[:20],
            "my_matches": my_rating.matches if my_rating else 0,
            "first_rank": page.start_index(),
            "game": config,
            "games": registry.all_games(),
        },
    )
