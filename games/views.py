"""Pages and the table's endpoints. Thin: read a form, call a service, render the regions."""

from __future__ import annotations

from datetime import timedelta
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required as auth_login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.backends.utils import csrf_input_lazy
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from games import chat, moves, registry, selectors, services
from games.forms import AddBotForm, CreateTableForm
from games.models import Match
from games.rendering import render_regions, table_context
from games.seat_names import names_of_seats

INVITES_SESSION_KEY = selectors.INVITES_SESSION_KEY
# A table's page and every answer of its endpoints carry the viewer's hand: no shared cache
# and no back-button cache may keep them (issue 15).
private_page = cache_control(private=True, no_store=True)


def login_required(view):
    """Django's login_required, but an htmx request without a session (signed out in another
    tab, a new password, a ban) gets a 401, which table.js explains, not a redirect its XHR would
    follow silently to the sign-in page (issue 18)."""
    guarded = auth_login_required(view)

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.htmx and not request.user.is_authenticated:
            return HttpResponse(_("Your session has ended: sign in again."), status=401)
        return guarded(request, *args, **kwargs)

    return wrapper


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The games, the open tables across games and the visitor's running matches."""
    return render(
        request,
        "home.html",
        {
            "games": registry.all_games(),
            "open_tables": selectors.open_public_tables()[:10],
            "my_tables": selectors.my_open_tables(request.user),
        },
    )


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every game's rules page, one link each."""
    return render(request, "games/rules_index.html", {"games": registry.all_games()})


@require_GET
def rules(request: HttpRequest, game: str) -> HttpResponse:
    try:
        config = registry.get(game)
    except LookupError:
        raise Http404(_("There is no such game.")) from None
    presenter = config.presenter
    return render(
        request,
        f"{config.slug}/rules.html",
        {"game": config, "presenter": presenter, **presenter.rules_context()},
    )


def play(request: HttpRequest) -> HttpResponse:
    """The lobby: open a table of any game, join an open one, watch live ones."""
    game = _game_filter(request)
    form = CreateTableForm(request.POST or None, game=game or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if form.is_valid():
            try:
                match = services.create_table(request.user, **form.service_arguments())
            except services.ServiceError as e:
                messages.error(request, e.message)
            else:
                return redirect(match)
    return render(request, "games/lobby.html", lobby_context(request, form))


def _game_filter(request) -> str:
    """The lobby's game filter (?game=slug), or "" for every game."""
    slug = request.GET.get("game", "")
    return slug if slug in registry.slugs() else ""


def lobby_context(request, form: CreateTableForm | None = None) -> dict:
    game = _game_filter(request)
    return {
        "form": form or CreateTableForm(game=game or None),
        "games": registry.all_games(),
        "game_filter": game,
        "open_tables": selectors.open_public_tables(game),
        "live_matches": selectors.live_public_matches(game=game),
        "my_tables": selectors.my_open_tables(request.user),
    }


def lobby_tables(request: HttpRequest) -> HttpResponse:
    """The lobby's live lists (also pushed over the lobby socket)."""
    return render(request, "games/partials/lobby_tables.html", lobby_context(request))


def _invited(request: HttpRequest, match: Match) -> bool:
    return selectors.invited(request.session, match)


def visible_match(request: HttpRequest, match_id: int, load=selectors.get_match) -> Match:
    """The match, if this visitor may see it; a private table is 'not found' to strangers."""
    match = load(match_id)
    if match is None or not selectors.can_watch(match, request.user, _invited(request, match)):
        raise Http404(_("There is no such table."))
    return match


def _context(request: HttpRequest, match: Match) -> dict:
    root = f"{request.scheme}://{request.get_host()}"
    return table_context(match, request.user, _invited(request, match), site_root=root)


@private_page
@require_GET
def table(request: HttpRequest, match_id: int) -> HttpResponse:
    code = request.GET.get("invite")
    if code:
        # An invite link: remember it for this session (the socket checks the session too).
        match = selectors.get_match(match_id)
        if match is None or code != match.invite_code:
            raise Http404(_("There is no such table."))
        invites = request.session.get(INVITES_SESSION_KEY, [])
        if match.pk not in invites:
            request.session[INVITES_SESSION_KEY] = [*invites, match.pk]
        return redirect(match)
    match = visible_match(request, match_id, selectors.get_table)
    ctx = _context(request, match)
    # The page's forms work before (or without) JavaScript too; pushed regions need no token:
    # htmx sends it with every request (base.html).
    ctx["csrf_input"] = csrf_input_lazy(request)
    ctx["regions"] = render_regions(ctx)
    ctx["socket_path"] = f"/ws/tables/{match.pk}/?shown={match.version}"
    return render(request, "games/table.html", ctx)


# Sent by table.js while the tab's socket is open: the socket brings the table's new regions
# (to every seat at once), so a successful action's response need not render them again.
LIVE_HEADER = "X-Table-Live"


def message_region(text: str) -> str:
    """The line under the status that shows a refusal (empty: cleared), swapped by id."""
    return format_html(
        '<div id="table-message" class="table-message" role="alert" hx-swap-oob="true">{}</div>',
        format_html("<p>{}</p>", text) if text else "",
    )


def _respond(request: HttpRequest, match_id: int, error: services.ServiceError | None = None):
    """After a table action: htmx gets the regions (swapped by id), or only the cleared message
    when its socket delivers them; a plain form gets a redirect. (Only a player or an invitee
    can have done an action at a private table: a refusal is all a stranger may get, as 404.)"""
    if error is not None and _hidden(request, match_id):
        raise Http404(_("There is no such table."))
    if not request.htmx:
        if error:
            messages.error(request, error.message)
        return redirect("table", match_id)
    message = message_region(error.message if error else "")
    if error is None and request.headers.get(LIVE_HEADER) == "1":
        return HttpResponse(message)
    match = selectors.get_table(match_id)
    if match is None:
        raise Http404(_("There is no such table."))
    regions = render_regions(_context(request, match), oob=True)
    return HttpResponse("".join(regions.values()) + message, status=error.status if error else 200)


def _hidden(request: HttpRequest, match_id: int) -> bool:
    """A private table is 'not found' to all but its players and invitees, for its actions too:
    a 403 or 409 would tell a stranger that it exists and how far it got."""
    match = selectors.get_match(match_id)
    if match is None:
        return False
    invited = _invited(request, match) or request.POST.get("invite") == match.invite_code
    return not selectors.can_watch(match, request.user, invited)


def _run(request: HttpRequest, match_id: int, call) -> HttpResponse:
    """Run one service call for this table and answer with the regions (or the refusal)."""
    try:
        call()
    except services.NotFound:
        raise Http404(_("There is no such table.")) from None
    except services.ServiceError as e:
        return _respond(request, match_id, e)
    return _respond(request, match_id)


@private_page
@require_POST
@login_required
def table_join(request: HttpRequest, match_id: int) -> HttpResponse:
    invite = request.POST.get("invite") or None
    match = selectors.get_match(match_id)
    if match is not None and _invited(request, match):
        invite = match.invite_code
    return _run(request, match_id, lambda: services.join_table(request.user, match_id, invite))


@private_page
@require_POST
@login_required
def table_leave(request: HttpRequest, match_id: int) -> HttpResponse:
    return _run(request, match_id, lambda: services.leave_table(request.user, match_id))


@private_page
@require_POST
@login_required
def table_add_bot(request: HttpRequest, match_id: int) -> HttpResponse:
    form = AddBotForm(request.POST)
    if not form.is_valid():
        return _respond(request, match_id, services.ServiceError(_("Choose a bot level.")))
    level = form.cleaned_data["level"]
    return _run(request, match_id, lambda: services.add_bot(request.user, match_id, level))


@private_page
@require_POST
@login_required
def table_remove_bot(request: HttpRequest, match_id: int, position: int) -> HttpResponse:
    return _run(request, match_id, lambda: services.remove_bot(request.user, match_id, position))


@private_page
@require_POST
@login_required
def table_start(request: HttpRequest, match_id: int) -> HttpResponse:
    return _run(request, match_id, lambda: services.start_match(request.user, match_id))


@private_page
@require_POST
@login_required
def table_mute(request: HttpRequest, match_id: int, user_id: int) -> HttpResponse:
    """Mute (or unmute) another player's chat messages, for yourself."""
    match = visible_match(request, match_id)
    other = next((s.user for s in match.seats.all() if s.user_id == user_id), None)
    if other is None:
        raise Http404(_("That player is not at this table."))

    def toggle() -> None:
        try:
            chat.toggle_mute(request.user, other)
        except chat.ChatRefused as e:
            raise services.ServiceError(e.message) from None

    return _run(request, match_id, toggle)


@private_page
@require_POST
@login_required
def table_take_back(request: HttpRequest, match_id: int) -> HttpResponse:
    return _run(request, match_id, lambda: services.take_seat_back(request.user, match_id))


@private_page
@require_POST
@login_required
def table_rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """A finished match's player opens (or joins) its rematch and goes there."""
    try:
        new = services.rematch(request.user, match_id)
    except services.NotFound:
        raise Http404(_("There is no such table.")) from None
    except services.ServiceError as e:
        return _respond(request, match_id, e)
    if request.htmx:
        return HttpResponse(headers={"HX-Redirect": new.get_absolute_url()})
    return redirect(new)


@private_page
@require_POST
@login_required
def table_act(request: HttpRequest, match_id: int) -> HttpResponse:
    """A move of the table's game, as its presenter reads it from the form (games/moves.py;
    the table's socket takes moves the same way)."""
    return _run(request, match_id, lambda: moves.submit(request.user, match_id, request.POST))


@login_required
@require_GET
def waiting(request: HttpRequest) -> HttpResponse:
    """Every table where it is the player's turn (across games), the longest waiting first,
    with the time left (issue 21)."""
    seats = selectors.waiting_for(request.user)
    now = timezone.now()
    rows = [
        {
            "match": seat.match,
            "since": seat.turn_since,
            # (not "your turn for 0 minutes", issue 28)
            "just_now": seat.turn_since and seat.turn_since > now - timedelta(minutes=1),
            "others": [
                name
                for position, name in sorted(names_of_seats(seat.match.seats.all()).items())
                if position != seat.position
            ],
        }
        for seat in seats
    ]
    return render(request, "games/waiting.html", {"rows": rows})
