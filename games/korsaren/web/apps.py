from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class KorsarenConfig(GameConfig):
    default = True
    name = "games.korsaren.web"
    label = "korsaren"
    verbose_name = _("Korsaren")
    engine = "games.korsaren"
    presenter_class = "games.korsaren.web.presenter.KorsarenPresenter"
