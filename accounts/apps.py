from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Players")  # allauth's app is "Accounts" (e-mail addresses)

    def ready(self) -> None:
        from accounts import login_limits  # noqa: F401  (a password reset lifts its pause)
