"""Forms for the lobby and for moves. A move form only shapes input; the engine judges it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.korsaren import ALL_CARDS, COLOURS, bots
from games.korsaren.actions import SOURCES
from games.models import Match
from games.presentation import BOT_LEVEL_NAMES

ACTIONS = ("draw", "discard", "sail", "attach", "deal")


class CreateTableForm(forms.ModelForm):
    class Meta:
        model = Match
        fields = ["seat_count", "turn_seconds", "rated", "private", "chat_spectators"]
        widgets = {"seat_count": forms.RadioSelect, "turn_seconds": forms.RadioSelect}


class AddBotForm(forms.Form):
    level = forms.ChoiceField(
        label=_("Bot level"), choices=[(lvl, BOT_LEVEL_NAMES[lvl]) for lvl in bots.LEVELS]
    )


class SharedFields(dict):
    def __deepcopy__(self, memo):
        return self


def shared_fields(form_class: type[forms.Form]) -> type[forms.Form]:
    """All forms of this class share its fields as they are. Django deep-copies every field
    (choices, widget, validators) into each new form so that a form may change its own; for a
    move, that took ten times longer than validating it. Only for forms that never change
    their fields and are never rendered (the table's forms are written in its templates)."""
    form_class.base_fields = SharedFields(form_class.base_fields)
    return form_class


CARDS = [(c, c) for c in ALL_CARDS]
CREW = [(c, c) for c in COLOURS]


@shared_fields
class MoveForm(forms.Form):
    """A move as the table's forms send it. The seat is never taken from the request."""

    version = forms.IntegerField(min_value=0)
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    source = forms.ChoiceField(choices=[(s, s) for s in SOURCES], required=False)
    card = forms.ChoiceField(choices=CARDS, required=False)
    crew = forms.MultipleChoiceField(choices=CREW, required=False)
    cards = forms.MultipleChoiceField(choices=CARDS, required=False)

    def clean(self):
        data = super().clean()
        kind = data.get("action")
        if kind == "draw" and not data.get("source"):
            self.add_error("source", _("Choose where to draw from."))
        if kind in ("discard", "sail") and not data.get("card"):
            self.add_error("card", _("Choose a card from your hand first."))
        return data

    def to_action(self) -> dict:
        d = self.cleaned_data
        kind = d["action"]
        if kind == "draw":
            return {"action": "draw", "from": d["source"]}
        if kind == "discard":
            return {"action": "discard", "card": d["card"]}
        if kind == "sail":
            return {"action": "sail", "card": d["card"], "crew": d["crew"]}
        if kind == "attach":
            return {"action": "attach", "cards": d["cards"], "crew": d["crew"]}
        return {"action": "deal"}


@shared_fields
class LaydownPreviewForm(forms.Form):
    card = forms.ChoiceField(choices=CARDS, required=False)
    crew = forms.MultipleChoiceField(choices=CREW, required=False)
    cards = forms.MultipleChoiceField(choices=CARDS, required=False)
