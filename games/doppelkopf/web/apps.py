from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class DoppelkopfConfig(GameConfig):
    default = True
    name = "games.doppelkopf.web"
    label = "doppelkopf"
    verbose_name = _("Doppelkopf")
    engine = "games.doppelkopf"
    presenter_class = "games.doppelkopf.web.presenter.DoppelkopfPresenter"
