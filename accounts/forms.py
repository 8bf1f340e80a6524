from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.names import check_name


class ProfileForm(forms.ModelForm):
    preferred_language = forms.ChoiceField(
        label=_("Preferred language"),
        choices=[("", _("Same as my browser")), *settings.LANGUAGES],
        required=False,
    )

    class Meta:
        model = User
        fields = ["display_name", "preferred_language", "email_on_turn", "browser_notifications"]
        # The browser asks for its permission when the box is ticked (static/js/notify.js).
        widgets = {"browser_notifications": forms.CheckboxInput(attrs={"data-ask-notify": ""})}

    def clean_display_name(self) -> str:
        name = self.cleaned_data["display_name"].strip()
        # A new name must not pass for a bot, the staff or another player (issue 15); one the
        # account already has stays, whatever the rules became since.
        if name and name != self.initial.get("display_name"):
            check_name(name, self.instance)
        return name


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


class BanForm(forms.Form):
    """The admin's "Ban (deactivate)" action asks for these."""

    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
    days = forms.IntegerField(
        label=_("Days"),
        min_value=1,
        required=False,
        help_text=_("Leave empty for a permanent ban."),
    )


class TimeOffForm(forms.Form):
    """Days away (issue 21): the turn timers of slow tables wait for you."""

    first = forms.DateField(
        label=_("First day away"), widget=forms.DateInput(attrs={"type": "date"})
    )
    last = forms.DateField(label=_("Last day away"), widget=forms.DateInput(attrs={"type": "date"}))
