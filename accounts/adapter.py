from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.utils.translation import gettext as _

from accounts.services import DELETED_USERNAME_PREFIX


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        # Deleted accounts are renamed to "deleted-<id>": nobody may take such a name first.
        if username.lower().startswith(DELETED_USERNAME_PREFIX):
            raise forms.ValidationError(_("This username is reserved. Please choose another."))
        return super().clean_username(username, shallow=shallow)
