from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class MauMauConfig(GameConfig):
    default = True
    name = "games.maumau.web"
    label = "maumau"
    verbose_name = _("Mau Mau")
    engine = "games.maumau"
    presenter_class = "games.maumau.web.presenter.MauMauPresenter"
