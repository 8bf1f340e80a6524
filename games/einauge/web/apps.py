from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class EinaugeConfig(GameConfig):
    default = True
    name = "games.einauge.web"
    label = "einauge"
    verbose_name = _("Einauge sei wachsam!")
    engine = "games.einauge"
    presenter_class = "games.einauge.web.presenter.EinaugePresenter"
