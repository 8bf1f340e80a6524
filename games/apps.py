from django.apps import AppConfig
from django.apps import apps as global_apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from django.urls import register_converter
        from django.urls.converters import get_converters

        from games import checks, signals  # noqa: F401  (the start-up check; sockets' sessions)
        from games.converters import IdConverter

        if "id" not in get_converters():  # ready() runs again when a test installs an app
            register_converter(IdConverter, "id")  # before any URLconf is read (issue 28.8)

        post_migrate.connect(_ensure_bot_accounts, sender=self)


def _ensure_bot_accounts(sender, using: str, apps=global_apps, **kwargs) -> None:
    """After every migrate (and every test database flush): each bot the code knows has its
    account, so a new game's or level's bots exist before anyone plays them."""
    from games.bot_accounts import ensure_bot_accounts

    user_model = apps.get_model("accounts", "User")
    if any(f.name == "bot_key" for f in user_model._meta.get_fields()):  # not while migrating back
        ensure_bot_accounts(user_model, using)
