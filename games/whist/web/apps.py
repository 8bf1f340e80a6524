from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class WhistConfig(GameConfig):
    default = True
    name = "games.whist.web"
    label = "whist"
    verbose_name = _("Whist")
    engine = "games.whist"
    presenter_class = "games.whist.web.presenter.WhistPresenter"
