"""Forms of the lobby and the table that every game shares. A game's move forms live in its web
app (games/<slug>/web/forms.py); the engine judges every move."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import registry
from games.models import Match


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


OPTION_PREFIX = "option_"


class CreateTableForm(forms.Form):
    """A new table of one game: its player count and options (the engine's, named by its
    presenter), the turn timer and who may join and read."""

    game = forms.ChoiceField(label=_("Game"), required=False)
    seat_count = forms.TypedChoiceField(
        label=capfirst(_("players")), coerce=int, widget=forms.RadioSelect
    )
    turn_seconds = forms.TypedChoiceField(
        label=capfirst(_("turn timer")),
        coerce=int,
        choices=Match.TurnTimer.choices,
        initial=Match.TurnTimer.MINUTE_1,
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(label=capfirst(_("rated")), required=False, initial=True)
    private = forms.BooleanField(
        label=capfirst(_("private")), required=False, help_text=_("Joined by its invite link only.")
    )
    chat_spectators = forms.BooleanField(
        label=capfirst(_("spectators can read the chat")),
        required=False,
        initial=True,
        help_text=_("Only the players can write; otherwise only they can read it too."),
    )

    def __init__(self, data=None, *, game: str | None = None, **kwargs) -> None:
        super().__init__(data, **kwargs)
        configs = registry.all_games()
        self.fields["game"].choices = [(c.slug, c.presenter.name) for c in configs]
        slug = (data or {}).get("game") or game or configs[0].slug
        self.config = next((c for c in configs if c.slug == slug), configs[0])
        self.fields["game"].initial = self.config.slug
        counts = self.config.game.player_counts
        self.fields["seat_count"].choices = [
            (n, ngettext("%(n)d player", "%(n)d players", n) % {"n": n}) for n in counts
        ]
        self.fields["seat_count"].initial = counts[0]
        presenter = self.config.presenter
        if presenter.seat_names:
            self.fields["seat"] = forms.ChoiceField(
                label=capfirst(_("your seat")),
                choices=[("", _("drawn at random"))]
                + [(str(p), name) for p, name in enumerate(presenter.seat_names)],
                initial="",
                required=False,
                widget=forms.RadioSelect,
            )
        for option in self.config.game.options:
            if option.key in presenter.hidden_options:
                continue
            self.fields[OPTION_PREFIX + option.key] = forms.TypedChoiceField(
                label=capfirst(presenter.option_label(option.key)),
                choices=[(v, presenter.option_value_label(option.key, v)) for v in option.choices],
                coerce=_coerce(option.default),
                initial=option.default,
            )

    def clean_game(self) -> str:
        return self.config.slug  # the form's fields are this game's (the first, if none named)

    def service_arguments(self) -> dict:
        d = self.cleaned_data
        options = {
            key.removeprefix(OPTION_PREFIX): value
            for key, value in d.items()
            if key.startswith(OPTION_PREFIX)
        }
        return {
            "game": d["game"],
            "seat_count": d["seat_count"],
            "turn_seconds": d["turn_seconds"],
            "rated": d["rated"],
            "private": d["private"],
            "chat_spectators": d["chat_spectators"],
            "options": options,
            "seat": int(d["seat"]) if d.get("seat") else None,
        }


def _coerce(default):
    """The option's type back from its form value (bools arrive as "True"/"False")."""
    if isinstance(default, bool):
        return lambda value: value in ("True", True)
    return type(default)


class AddBotForm(forms.Form):
    level = forms.CharField(label=_("Bot level"), max_length=20)
