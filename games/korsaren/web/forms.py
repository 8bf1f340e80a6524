"""Korsaren's move forms. A form only shapes input; the engine judges it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.korsaren import ALL_CARDS, COLOURS
from games.korsaren.actions import SOURCES
from games.plugin import shared_fields

ACTIONS = ("draw", "discard", "sail", "attach")
CARDS = [(c, c) for c in ALL_CARDS]
CREW = [(c, c) for c in COLOURS]


@shared_fields
class MoveForm(forms.Form):
    """A move as the table's forms send it. The seat is never taken from the request (nor the
    version: the platform reads that)."""

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
        return {"action": "attach", "cards": d["cards"], "crew": d["crew"]}


@shared_fields
class LaydownPreviewForm(forms.Form):
    card = forms.ChoiceField(choices=CARDS, required=False)
    crew = forms.MultipleChoiceField(choices=CREW, required=False)
    cards = forms.MultipleChoiceField(choices=CARDS, required=False)
