from django import forms
from django.utils.translation import gettext_lazy as _

from moderation.models import Report


class ReportForm(forms.Form):
    reason = forms.CharField(
        label=_("What happened?"),
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=Report._meta.get_field("reason").max_length,
    )
