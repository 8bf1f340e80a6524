from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class RaeuberUndGendarmConfig(GameConfig):
    default = True
    name = "games.raeuber_und_gendarm.web"
    label = "raeuber_und_gendarm"
    verbose_name = _("Robbers and Gendarmes")
    engine = "games.raeuber_und_gendarm"
    presenter_class = "games.raeuber_und_gendarm.web.presenter.RaeuberPresenter"
