from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class WolfUndSchafeConfig(GameConfig):
    default = True
    name = "games.wolf_und_schafe.web"
    label = "wolf_und_schafe"
    verbose_name = _("Wolf and Sheep")
    engine = "games.wolf_und_schafe"
    presenter_class = "games.wolf_und_schafe.web.presenter.WolfPresenter"
