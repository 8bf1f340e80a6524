"""Whist's move form: the card to play. A form only shapes input; the engine judges it (WH5)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.plugin import shared_fields
from games.whist.cards import DECK


@shared_fields
class MoveForm(forms.Form):
    """The seat is never taken from the request (nor the version: the platform reads that)."""

    card = forms.ChoiceField(
        choices=[(c, c) for c in DECK],
        error_messages={
            "required": _("Choose a card from your hand first."),
            "invalid_choice": _("That is not a card."),
        },
    )

    def to_action(self) -> dict:
        return {"action": "play", "card": self.cleaned_data["card"]}
