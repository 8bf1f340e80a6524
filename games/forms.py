"""Forms for the lobby and for moves. A move form only shapes input; the engine judges it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import bots
from games.korsaren import ALL_CARDS, COLOURS
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


class SharedChoices:
    """For a choice field with constant choices: every form shares them. Django copies a choice
    field's choices into each new form, which for the 110 cards took longer than validating a
    move and everything else the form does."""

    def __deepcopy__(self, memo):
        return forms.Field.__deepcopy__(self, memo)


class CardField(SharedChoices, forms.ChoiceField):
    def __init__(self, **kwargs) -> None:
        super().__init__(choices=[(c, c) for c in ALL_CARDS], **kwargs)


class CardsField(SharedChoices, forms.MultipleChoiceField):
    def __init__(self, **kwargs) -> None:
        super().__init__(choices=[(c, c) for c in ALL_CARDS], **kwargs)


class MoveForm(forms.Form):
    """A move as the table's forms send it. The seat is never taken from the request."""

    version = forms.IntegerField(min_value=0)
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    source = forms.ChoiceField(choices=[(s, s) for s in SOURCES], required=False)
    card = CardField(required=False)
    crew = forms.MultipleChoiceField(choices=[(c, c) for c in COLOURS], required=False)
    cards = CardsField(required=False)

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


class LaydownPreviewForm(forms.Form):
    card = CardField(required=False)
    crew = forms.MultipleChoiceField(choices=[(c, c) for c in COLOURS], required=False)
    cards = CardsField(required=False)
