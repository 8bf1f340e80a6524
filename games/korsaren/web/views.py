"""Korsaren's own endpoint: the lay-down panel, previewed as the player chooses (R5, R6)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.plugin import login_required, private_page, render_region, seat_of, visible_match

from .forms import LaydownPreviewForm
from .table import build_panel


@private_page
@require_GET
@login_required
def laydown(request: HttpRequest, match_id: int) -> HttpResponse:
    """The lay-down panel with the player's choices: limit and stowaways live."""
    match = visible_match(request, match_id)
    form = LaydownPreviewForm(request.GET)
    if not form.is_valid():
        return HttpResponse(_("Unknown card or colour."), status=400)
    seat = seat_of(match, request.user)
    ctx = {"match": match, "panel": None, "panel_message": ""}
    if seat is None or not match.is_active or match.state is None or match.game != "korsaren":
        ctx["panel_message"] = _("You are not playing at this table.")
    else:
        v = match.engine.view(match.engine_state, seat.position)
        d = form.cleaned_data
        fresh = not request.GET.get("crew_sent")  # the panel's own previews send its choices
        ctx["panel"] = build_panel(
            v,
            card=d["card"] or None,
            crew=None if fresh else d["crew"],
            attached=None if fresh else d["cards"],
        )
        if ctx["panel"] is None:
            ctx["panel_message"] = _("Choose the card to discard from your hand first.")
    panel = render_region("korsaren/table/panel.jinja", ctx)
    return HttpResponse(panel)
