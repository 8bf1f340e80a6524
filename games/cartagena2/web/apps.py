from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class Cartagena2Config(GameConfig):
    default = True
    name = "games.cartagena2.web"
    label = "cartagena2"
    verbose_name = _("Cartagena 2")
    engine = "games.cartagena2"
    presenter_class = "games.cartagena2.web.presenter.Cartagena2Presenter"
